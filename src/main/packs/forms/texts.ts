/** What the form pack says to the person: the form's purpose by name, the list heads and the steps' summaries. */
import { both, fill } from '../text.ts';
import type { Locale, Text } from '../types.ts';

/** The purposes understanding gives a form (a short canonical name), as the person calls them. */
const PURPOSES: Record<string, Text> = {
  'address change': both('주소 변경 신고서', 'address change form'),
  'visa application': both('비자 신청서', 'visa application'),
  passport: both('여권 신청서', 'passport application'),
  'job application': both('입사 지원서', 'job application'),
  'insurance claim': both('보험금 청구서', 'insurance claim'),
  'sign up': both('회원 가입 양식', 'sign-up form'),
  contact: both('문의 양식', 'contact form'),
  survey: both('설문', 'survey'),
  reservation: both('예약 신청서', 'reservation form'),
};

/** "visa application" → "비자 신청서" in Korean; a purpose the person named in their own words stays as they said it. */
export function purposeWords(purpose: unknown, locale: Locale): string {
  const known = typeof purpose === 'string' ? PURPOSES[purpose.trim().toLowerCase()] : undefined;
  return known ? fill(known, locale) : String(purpose ?? '');
}

export const FORM_TEXTS = {
  /** How the brief is introduced: filling a form is not a search. */
  lead: both('이렇게 작성할게요: {brief}', 'Here is how I will fill in the form: {brief}'),
  plan: both('입력할 내용:', 'I will enter:'),
  submit: both('제출할 내용:', 'What will be submitted:'),
  done: both('제출한 내용:', 'What was submitted:'),
  nothingToEnter: both(
    '제가 입력할 수 있는 항목이 없어요 (저장된 내 정보에 이 양식에 맞는 값이 없어요).',
    'There is nothing I can enter for you (your saved details hold no value for this form).',
  ),
  yoursPlan: both('직접 입력하실 항목', 'You enter yourself'),
  yoursDone: both('직접 입력하신 항목', 'Entered by you'),
  empty: both('비워 둘 항목', 'Left empty'),
  handOver: both('직접 입력하실 항목: {fields}', 'Fill in yourself: {fields}'),
  submitStep: both(
    '신청서를 제출합니다 (사이트의 "제출 확인" 창도 누릅니다). {what}',
    'Submit the application (then confirm the site\'s "Submit this application?" dialog). {what}',
  ),
};
