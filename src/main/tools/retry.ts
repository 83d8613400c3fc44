import { CODE_INFO, type ErrorCode } from '../../shared/errors.ts';

/** Whether another attempt can help: retryable codes only, and a non-idempotent tool only when nothing happened. */
export function shouldRetry(code: ErrorCode, tool: { readOnly: boolean; idempotent: boolean }): boolean {
  if (!CODE_INFO[code].retryable) return false;
  if (tool.readOnly || tool.idempotent) return true;
  // the action certainly did not happen: the element was covered/out of view, or a passing failure before sending
  return code === 'TARGET_OBSCURED' || code === 'TARGET_OUT_OF_VIEW' || code === 'TRANSIENT';
}
