/**
 * Forms: what the form is for (a short canonical purpose), which saved profile to fill from,
 * and fields the person dictates ("이름은 홍길동으로", "email should be kim@example.com").
 */
import type { Utterance } from './text.ts';

export interface FormDetails {
  formPurpose?: string;
  profileId?: string;
  fieldsOverride?: Record<string, string>;
}

const PURPOSES: [RegExp, string][] = [
  [
    /주소\s?(변경|바꾸|바꿔|이전)|전입\s?신고|change[\s-]of[\s-]address|address[\s-]change|(update|change)\s(my\s)?(home\s|mailing\s)?address|moved|이사/,
    'address change',
  ],
  [/비자|\bvisa\b|\besta\b|전자\s?여행\s?허가/, 'visa application'],
  [/여권|passport/, 'passport'],
  [/입사\s?지원|지원서|job application|job|채용/, 'job application'],
  [/보험금|보험\s?청구|insurance claim|claim form/, 'insurance claim'],
  [/회원\s?가입|가입|sign[\s-]?(me\s)?up|signup|registration|register/, 'sign up'],
  [/문의|contact|연락처\s?(양식|폼)/, 'contact'],
  [/설문|survey|questionnaire/, 'survey'],
  [/예약\s?(폼|양식|신청)|reservation|booking form/, 'reservation'],
];

const PROFILE_NAMES: Record<string, string> = {
  기본: 'default',
  내: 'default',
  제: 'default',
  나의: 'default',
  회사: 'work',
  업무: 'work',
  직장: 'work',
  개인: 'personal',
  my: 'default',
  default: 'default',
  the: 'default',
  work: 'work',
  personal: 'personal',
  business: 'work',
  home: 'personal',
};

/** The key a saved profile's name is known by in requests ("회사" and "Work" → "work", "기본" → "default"). */
export function profileKey(name: string): string {
  const n = name.trim().toLowerCase();
  return PROFILE_NAMES[n] ?? n;
}

const FIELD_NAMES: [RegExp, string][] = [
  [/이름|성함|name/, 'name'],
  [/이메일|메일|e-?mail/, 'email'],
  [/전화\s?번호|연락처|휴대폰|핸드폰|phone|mobile/, 'phone'],
  [/국적|nationality/, 'nationality'],
  [/생년월일|생일|birth\s?date|date of birth|birthday/, 'birth_date'],
  [/주소|address/, 'address'],
];

/** `contacts` are the e-mail/phone found earlier, so "이메일은 …" can point at them. */
export function findForm(u: Utterance, contacts: { email?: string; phone?: string; address?: string }): FormDetails {
  const out: FormDetails = {};
  for (const [re, purpose] of PURPOSES) {
    let hit = false;
    for (const _ of u.matches(re)) hit = true;
    if (hit) {
      out.formPurpose = purpose;
      break;
    }
  }
  for (const m of u.matches(
    /(기본|내|제|나의|회사|업무|직장|개인|[가-힣a-z]+)\s?프로필|(기본|회사|업무|직장|개인)\s?정보|(my|the|default|work|personal|business|home)(?:\s(work|personal|default|business|home))?\s?(?:profile|info\b|information|details)/,
  )) {
    const word = m[4] ?? m[3] ?? m[2] ?? m[1] ?? '';
    out.profileId ??= PROFILE_NAMES[word] ?? word;
  }
  for (const _ of u.matches(/내\s?정보|my (details|info|information|data)/)) out.profileId ??= 'default';
  // "use my work profile, no wait, personal" reads "use my work personal" once taken back: the last name said
  for (const m of u.matches(/\b(?:use|using|with|from|w\/)\s(?:my|the)\s((?:(?:work|personal|default|business|home)\b\s?)+)/)) {
    const last = (m[1] as string).trim().split(/\s+/).pop() ?? '';
    out.profileId ??= PROFILE_NAMES[last] ?? last;
  }

  const fields: Record<string, string> = {};
  const text = u.text;
  for (const [re, key] of FIELD_NAMES) {
    const m = new RegExp(`(?:${re.source})\\s?(?:은|는|을|를|:|is|should be|to be|=)?\\s?`, 'i').exec(text);
    if (!m) continue;
    const rest = text.slice(m.index + m[0].length);
    if (key === 'email' && contacts.email) fields.email = contacts.email;
    else if (key === 'phone' && contacts.phone) fields.phone = contacts.phone;
    else if (key === 'address' && contacts.address) fields.address = contacts.address;
    else if (key === 'name' || key === 'nationality' || key === 'birth_date') {
      const v = /^([A-Z][a-z]+(?:\s[A-Z][a-z]+)*|[가-힣]{2,}?(?=(?:으로|로|이에요|입니다|예요|이고|이구요|이며|야)?(?:\s|$|[,.])))/.exec(
        rest,
      );
      if (v?.[1]) fields[key] = v[1];
    }
  }
  if (contacts.address && out.formPurpose === 'address change') fields.address ??= contacts.address;
  // an e-mail or a phone number dictated for a form is one of its fields, named or not ("번호 010…", "전화 010 …")
  if (contacts.email) fields.email ??= contacts.email;
  if (contacts.phone) fields.phone ??= contacts.phone;
  // a number that is not Korean ("phone 415-555-0199"): the digits after the field's name
  if (!fields.phone) {
    const m = /(?:전화\s?번호|연락처|휴대폰|핸드폰|phone|mobile|cell)\s?(?:은|는|:|is|number)?\s?(\+?[\d][\d\s().-]{6,18}\d)/i.exec(text);
    const digits = m?.[1]?.replace(/\D/g, '');
    if (digits && digits.length >= 7 && digits.length <= 15) fields.phone = digits;
  }
  if (Object.keys(fields).length) out.fieldsOverride = fields;
  return out;
}
