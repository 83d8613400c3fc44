/**
 * The form pack on a form it has no recipe for: the saved profile's non-sensitive values by field
 * purpose (only those the page asks for), the page's own submit button pressed through the gate
 * (the person approves the submission), and the result read from what the page then says — a
 * confirmation with its reference number, or nothing claimed.
 */
import { both, fill } from '../text.ts';
import type { AnySite, Facts } from '../types.ts';
import { purposeWords } from './texts.ts';

type Profile = Record<string, string>;

/** Profile entries (as saved) → field purposes a page model knows. Sensitive entries never appear here. */
const BY_PURPOSE: Array<[string, string[]]> = [
  ['family_name', ['surname', 'family_name', 'last_name']],
  ['given_name', ['given_names', 'given_name', 'first_name']],
  ['full_name', ['name_ko', 'full_name', 'name']],
  ['birth_date', ['birth_date', 'dob']],
  ['email', ['email']],
  ['phone', ['phone', 'mobile']],
  ['address', ['home_address', 'address']],
  ['postal_code', ['postal_code', 'zip']],
  ['city', ['city']],
  ['company', ['company']],
];

function profileOf(f: Facts): Profile {
  const profiles = (f.profiles as Record<string, Profile> | undefined) ?? {};
  return profiles[String(f.profile_id ?? 'default')] ?? {};
}

/** A reference the page gives after a submission ("접수번호 QX-88120", "Reference: A12-3344"). */
export function referenceIn(texts: string[]): string | undefined {
  for (const t of texts) {
    const m =
      /(?:접수|신청|예약|확인|참조)\s?번호|reference(?:\s+(?:no\.?|number))?|confirmation(?:\s+(?:no\.?|number|code))?|application\s+(?:no\.?|number)/i.exec(
        t,
      );
    if (!m) continue;
    const after = t.slice((m.index ?? 0) + m[0].length);
    const ref = /^\s*[:：#]?\s*([A-Z0-9][A-Z0-9-]{2,30})/i.exec(after)?.[1];
    if (ref && /\d/.test(ref)) return ref;
  }
  return undefined;
}

const PURPOSE_LABEL: Record<string, { ko: string; en: string }> = {
  family_name: both('성', 'Family name'),
  given_name: both('이름', 'Given name'),
  full_name: both('성명', 'Full name'),
  birth_date: both('생년월일', 'Date of birth'),
  email: both('이메일', 'Email'),
  phone: both('전화번호', 'Phone'),
  address: both('주소', 'Address'),
  postal_code: both('우편번호', 'Postal code'),
  city: both('도시', 'City'),
  company: both('회사', 'Company'),
};

const seenTexts = (f: Facts): string[] =>
  ((f.page_seen as Array<{ title?: string; headings?: string[]; messages?: string[] }> | undefined) ?? []).flatMap((p) => [
    ...(p.messages ?? []),
    ...(p.headings ?? []),
    p.title ?? '',
  ]);

export const formsAnySite: AnySite = {
  as: 'form',
  read: false,
  onlyFields: true,
  one: true,
  // the saved form the person runs is what the form is for
  siteSlot: 'form_purpose',
  slots: (f) => {
    const profile = profileOf(f);
    const out: Record<string, string> = {};
    for (const [purpose, keys] of BY_PURPOSE) {
      const v = keys.map((k) => profile[k]).find((x) => typeof x === 'string' && x.trim());
      if (v) out[purpose] = v;
    }
    return out;
  },
  brief: (f, locale) => {
    const values = Object.entries(formsAnySite.slots(f, locale));
    const head = fill(
      both(
        '{form}: 이 페이지가 묻는 칸에만 프로필 값을 넣고, 제출 전에 여쭤볼게요.',
        '{form}: I will put profile values only into the fields this page asks for, and ask you before submitting.',
      ),
      locale,
      { form: purposeWords(f.form_purpose, locale) },
    );
    return [head, ...values.map(([k, v]) => `- ${PURPOSE_LABEL[k] ? fill(PURPOSE_LABEL[k], locale) : k}: ${v}`)].join('\n');
  },
  present: (f, locale) => {
    const ref = referenceIn(seenTexts(f));
    return {
      items: ref ? [{ field: 'reference', label: fill(both('접수 번호', 'Reference number'), locale), value: ref }] : [],
      answer: both(
        `승인하신 대로 제출했어요. 페이지에 표시된 접수 번호: ${ref ?? '(없음)'}`,
        `I submitted it as you approved. The page shows reference number ${ref ?? '(none)'}.`,
      ),
    };
  },
  verification: [
    {
      id: 'page_confirms',
      check: (f) =>
        referenceIn(seenTexts(f))
          ? null
          : { expected: 'a confirmation with a reference number on the page', seen: seenTexts(f).slice(0, 3).join(' / ') || 'nothing' },
    },
  ],
};
