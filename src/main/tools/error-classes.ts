import { CODE_INFO, type ErrorCode, type ErrorValue, StewardError } from '../../shared/errors.ts';

/**
 * The engine's error classes plus the external-tool classes, each
 * mapped from the driver's codes and carrying a cause and a next action in ko/en.
 */
export const ERROR_CLASSES = [
  'permission_error',
  'timeout_error',
  'selector_not_found',
  'navigation_failed',
  'validation_failed',
  'NO_API_FOUND',
  'INVALID_ARG',
  'AUTH_REQUIRED',
  'transient_error',
  'internal_error',
] as const;
export type ErrorClass = (typeof ERROR_CLASSES)[number];

const BY_CODE: Partial<Record<ErrorCode, ErrorClass>> = {
  PERMISSION_ERROR: 'permission_error',
  POLICY_FORBIDDEN: 'permission_error',
  APPROVAL_REQUIRED: 'permission_error',
  APPROVAL_DENIED: 'permission_error',
  FILE_ACCESS: 'permission_error',
  TIMEOUT: 'timeout_error',
  ELEMENT_NOT_FOUND: 'selector_not_found',
  STALE_UID: 'selector_not_found',
  TARGET_OUT_OF_VIEW: 'selector_not_found',
  TARGET_OBSCURED: 'selector_not_found',
  TARGET_NOT_INTERACTABLE: 'selector_not_found',
  NAVIGATION_FAILED: 'navigation_failed',
  PAGE_NOT_FOUND: 'navigation_failed',
  PAGE_CRASHED: 'navigation_failed',
  TARGET_CLOSED: 'navigation_failed',
  CONTEXT_LOST: 'navigation_failed',
  CDP_DISCONNECTED: 'navigation_failed',
  BROWSER_LAUNCH_FAILED: 'navigation_failed',
  DIALOG_OPEN: 'navigation_failed',
  VALIDATION_ERROR: 'validation_failed',
  USAGE_ERROR: 'validation_failed',
  VERIFICATION_FAILED: 'validation_failed',
  SCHEMA_VALIDATION_FAILED: 'validation_failed',
  STATE_CONFLICT: 'validation_failed',
  NO_API_FOUND: 'NO_API_FOUND',
  INVALID_ARG: 'INVALID_ARG',
  AUTH_REQUIRED: 'AUTH_REQUIRED',
  TRANSIENT: 'transient_error',
  DAEMON_UNAVAILABLE: 'transient_error',
  SLOT_LIMIT_REACHED: 'transient_error',
  MODEL_UNAVAILABLE: 'transient_error',
};

export const CLASS_INFO: Record<ErrorClass, { cause: { en: string; ko: string }; next: { en: string; ko: string } }> = {
  permission_error: {
    cause: { en: 'The action is not permitted without a person.', ko: '사람의 승인 없이는 할 수 없는 동작입니다.' },
    next: { en: 'Approve the step or take over in the browser view.', ko: '단계를 승인하거나 브라우저 화면에서 직접 진행하세요.' },
  },
  timeout_error: {
    cause: { en: 'The page or tool did not answer in time.', ko: '페이지나 도구가 제시간에 응답하지 않았습니다.' },
    next: { en: 'Retry; if it repeats, check the site is reachable.', ko: '다시 시도하세요. 반복되면 사이트 접속 상태를 확인하세요.' },
  },
  selector_not_found: {
    cause: { en: 'The element the step needs is not on the page.', ko: '단계에 필요한 요소를 페이지에서 찾지 못했습니다.' },
    next: {
      en: 'Check the page layout changed; update the site recipe.',
      ko: '페이지 구조가 바뀌었는지 확인하고 사이트 레시피를 고치세요.',
    },
  },
  navigation_failed: {
    cause: { en: 'The page could not be loaded or was lost.', ko: '페이지를 열 수 없거나 연결이 끊겼습니다.' },
    next: { en: 'Check the address and the network, then run again.', ko: '주소와 네트워크를 확인한 뒤 다시 실행하세요.' },
  },
  validation_failed: {
    cause: { en: 'The input or the result is not what was expected.', ko: '입력 또는 결과가 기대와 다릅니다.' },
    next: { en: 'Compare expected and seen in the details and correct it.', ko: '자세히 보기의 기대값과 실제값을 비교해 고치세요.' },
  },
  NO_API_FOUND: {
    cause: { en: 'The external tool or endpoint does not exist (404).', ko: '외부 도구 또는 API가 없습니다(404).' },
    next: {
      en: 'Use another route (ticket, human agent) or fix the tool server.',
      ko: '다른 경로(상담 이관 등)를 쓰거나 도구 서버 설정을 고치세요.',
    },
  },
  INVALID_ARG: {
    cause: { en: 'The external tool rejected an argument.', ko: '외부 도구가 인자를 거부했습니다.' },
    next: { en: 'Ask the person for a corrected value.', ko: '올바른 값을 다시 물어보세요.' },
  },
  AUTH_REQUIRED: {
    cause: { en: 'The external tool needs identity verification.', ko: '외부 도구에 본인 인증이 필요합니다.' },
    next: { en: 'Verify identity (phone + OTP), then retry.', ko: '본인 인증(휴대폰 + 인증번호) 후 다시 시도하세요.' },
  },
  transient_error: {
    cause: { en: 'A passing failure.', ko: '일시적인 오류입니다.' },
    next: { en: 'Retry in a moment.', ko: '잠시 후 다시 시도하세요.' },
  },
  internal_error: {
    cause: { en: 'An unexpected error inside the engine.', ko: '엔진 내부의 예기치 못한 오류입니다.' },
    next: { en: 'Export the session bundle and report it.', ko: '세션 번들을 내보내 보고하세요.' },
  },
};

export function errorClassOf(code: ErrorCode): ErrorClass {
  return BY_CODE[code] ?? 'internal_error';
}

/** An error value with its class, cause and next action, as events and tool-call rows carry it. */
export function describeError(e: unknown): ErrorValue & { class: ErrorClass; cause: string; next_action: string } {
  const v = e instanceof StewardError ? e.toValue() : new StewardError('INTERNAL', e instanceof Error ? e.message : String(e)).toValue();
  const cls = errorClassOf(v.code);
  return { ...v, class: cls, cause: CLASS_INFO[cls].cause.en, next_action: v.suggestions[0] ?? CLASS_INFO[cls].next.en };
}

/** Whether another attempt can help: retryable codes only, and a non-idempotent tool only when nothing happened. */
export function shouldRetry(code: ErrorCode, tool: { readOnly: boolean; idempotent: boolean }): boolean {
  if (!CODE_INFO[code].retryable) return false;
  if (tool.readOnly || tool.idempotent) return true;
  // the action certainly did not happen: the element was covered/out of view, or a passing failure before sending
  return code === 'TARGET_OBSCURED' || code === 'TARGET_OUT_OF_VIEW' || code === 'TRANSIENT';
}
