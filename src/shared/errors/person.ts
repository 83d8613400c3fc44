/**
 * What a person reads about a failure, in their language: what the page said when it said
 * something (its own alert or "required" message), else what kind of thing went wrong, and what
 * they can do. Never the code, an element id, a timeout in milliseconds or a thrown message —
 * those stay in the error value's message and details, for the log.
 */
import type { Locale } from '../locale.ts';
import type { ErrorClass } from './codes.ts';
import type { ErrorValue } from './value.ts';
import { errorClassOf } from './value.ts';

type Both = Record<Locale, string>;

/** The cause and the next action per class of failure. */
export const ERROR_TEXTS: Record<ErrorClass, { cause: Both; next: Both }> = {
  permission_error: {
    cause: { ko: '이 단계는 직접 하셔야 해요.', en: 'This step is yours to do.' },
    next: {
      ko: '브라우저 화면에서 직접 진행하시거나 단계를 승인해 주세요.',
      en: 'Do it yourself in the browser view, or approve the step.',
    },
  },
  timeout_error: {
    cause: { ko: '페이지가 제시간에 응답하지 않았어요.', en: 'The page did not respond in time.' },
    next: {
      ko: '잠시 후 다시 시도해 주세요. 계속 그러면 브라우저 화면에서 사이트가 열리는지 확인해 주세요.',
      en: 'Please try again in a moment; if it keeps happening, check in the browser view that the site opens.',
    },
  },
  selector_not_found: {
    cause: {
      ko: '페이지에서 필요한 부분을 찾지 못했어요. 사이트 화면이 바뀌었을 수 있어요.',
      en: 'I could not find what I needed on the page; the site may have changed.',
    },
    next: {
      ko: '브라우저 화면에서 직접 진행하시거나 잠시 후 다시 시도해 주세요.',
      en: 'Continue yourself in the browser view, or try again later.',
    },
  },
  navigation_failed: {
    cause: { ko: '페이지를 열지 못했어요.', en: 'The page could not be opened.' },
    next: {
      ko: '인터넷 연결과 사이트 주소를 확인한 뒤 다시 시도해 주세요.',
      en: 'Check the connection and the site address, then try again.',
    },
  },
  validation_failed: {
    cause: {
      ko: '페이지에서 요청하신 것과 맞는 결과를 확인하지 못했어요.',
      en: 'I could not confirm a result on the page that matches what you asked for.',
    },
    next: {
      ko: '조건을 바꿔서 다시 요청하시거나 브라우저 화면에서 직접 확인해 주세요.',
      en: 'Change the details and ask again, or check the page in the browser view.',
    },
  },
  NO_API_FOUND: {
    cause: { ko: '이 일을 처리하는 서비스를 지금 쓸 수 없어요.', en: 'The service that handles this is not available right now.' },
    next: { ko: '고객센터에 문의하시거나 나중에 다시 시도해 주세요.', en: 'Contact customer support, or try again later.' },
  },
  INVALID_ARG: {
    cause: { ko: '서비스가 알려주신 값을 받아들이지 않았어요.', en: 'The service did not accept a value you gave.' },
    next: { ko: '값을 확인해서 다시 알려 주세요.', en: 'Please check the value and tell me again.' },
  },
  AUTH_REQUIRED: {
    cause: { ko: '먼저 본인 확인이 필요해요.', en: 'Your identity needs to be confirmed first.' },
    next: { ko: '본인 확인을 마친 뒤 다시 시도해 주세요.', en: 'Confirm your identity, then try again.' },
  },
  transient_error: {
    cause: { ko: '일시적인 문제가 생겼어요.', en: 'Something went wrong for a moment.' },
    next: { ko: '잠시 후 다시 시도해 주세요.', en: 'Please try again in a moment.' },
  },
  internal_error: {
    cause: { ko: '예기치 못한 문제가 생겼어요.', en: 'Something went wrong on my side.' },
    next: {
      ko: '다시 시도해 주세요. 또 그러면 로그 탐색기에 자세한 기록이 남아 있어요.',
      en: 'Please try again; if it happens again, the details are kept in the log explorer.',
    },
  },
};

const PAGE_SAYS: Both = { ko: '페이지에 이렇게 나와요: {says}', en: 'The page says: {says}' };
const NO_OPTION: { cause: Both; next: Both } = {
  cause: {
    ko: '페이지의 선택 목록에 {missing} 항목이 없어요. 고를 수 있는 항목: {options}.',
    en: 'The list on the page has no {missing}. It offers: {options}.',
  },
  next: {
    ko: '목록에 있는 항목으로 값을 바꾼 뒤 다시 요청해 주세요.',
    en: 'Change the value to one the list offers, then ask again.',
  },
};

export interface PersonError {
  /** What went wrong: the page's own words when it said something, else the kind of failure. */
  says: string;
  /** What the person can do now. */
  next: string;
}

const put = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);
const quoted = (words: unknown[]) => words.map((w) => `"${String(w)}"`).join(', ');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

export function personError(e: ErrorValue, locale: Locale): PersonError {
  const texts = ERROR_TEXTS[errorClassOf(e.code)];
  // words the engine already made for the person in their language (an agent's question)
  if (typeof e.details.person_says === 'string') return { says: e.details.person_says, next: texts.next[locale] };
  const pageSays = strings(e.details.page_says);
  const missing = strings(e.details.missing);
  const options = strings(e.details.options);
  if (missing.length && options.length)
    return {
      says: put(NO_OPTION.cause[locale], { missing: quoted(missing), options: options.join(', ') }),
      next: NO_OPTION.next[locale],
    };
  if (pageSays.length) return { says: put(PAGE_SAYS[locale], { says: quoted(pageSays) }), next: texts.next[locale] };
  return { says: texts.cause[locale], next: texts.next[locale] };
}
