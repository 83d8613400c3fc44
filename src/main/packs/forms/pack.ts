/**
 * FormFill: fill a form from a saved profile (non-sensitive fields only) plus the person's
 * overrides; fields are classified by label/name/type/autocomplete (classify.ts); the brief
 * shows exactly what will be entered and what the person enters themselves; submission is a
 * gated step the person completes (hand-over), never the engine on its own.
 */
import { commonSlots, slot } from '../shared/slots.ts';
import { both } from '../text.ts';
import type { BrowsePack, Facts, Locale } from '../types.ts';
import { type Classified, classifyField, type FormField } from './classify.ts';

/** The e-Visa form of the fixture site, as a recipe knows it (label, name, type, autocomplete). */
export const VISA_FORM: FormField[] = [
  { name: 'surname', label: '성 (영문) Surname', type: 'text', autocomplete: 'family-name', required: true },
  { name: 'givenNames', label: '이름 (영문) Given names', type: 'text', autocomplete: 'given-name', required: true },
  { name: 'nameKo', label: '한글 성명 Name in Korean', type: 'text' },
  { name: 'birthDate', label: '생년월일 Date of birth', type: 'date', autocomplete: 'bday', required: true },
  { name: 'sex', label: '성별 Sex', type: 'radio', required: true, options: { F: '여성 Female', M: '남성 Male', X: '기타 Other' } },
  {
    name: 'nationality',
    label: '국적 Nationality',
    type: 'select',
    required: true,
    options: {
      KOR: '대한민국 Republic of Korea',
      JPN: '일본 Japan',
      USA: '미국 United States',
      GBR: '영국 United Kingdom',
      VNM: '베트남 Viet Nam',
      DEU: '독일 Germany',
    },
  },
  { name: 'passportNumber', label: '여권 번호 Passport number', type: 'text', required: true },
  { name: 'rrn', label: '주민등록번호 Resident registration number', type: 'text' },
  { name: 'email', label: '이메일 Email', type: 'email', autocomplete: 'email', required: true },
  { name: 'phone', label: '휴대폰 Mobile phone', type: 'tel', autocomplete: 'tel', required: true },
  { name: 'homeAddress', label: '자택 주소 Home address', type: 'text', autocomplete: 'street-address' },
  { name: 'photo', label: '증명사진 Passport photo', type: 'file', required: true },
];

type Profile = Record<string, string>;

export interface FormEntry {
  field: string;
  label: string;
  value?: string;
  source?: 'profile' | 'override';
  sensitive: boolean;
}

/** What will be entered (profile + overrides, non-sensitive only) and what the person enters. */
export function formEntries(f: Facts, fields: FormField[] = VISA_FORM): FormEntry[] {
  const profiles = (f.profiles as Record<string, Profile> | undefined) ?? {};
  const profile = profiles[String(f.profile_id ?? 'default')] ?? {};
  const overrides = (f.fields_override as Record<string, string> | undefined) ?? {};
  return fields.map((field) => {
    const c: Classified = classifyField(field);
    const override = overrides[field.name] ?? (c.key ? overrides[c.key] : undefined);
    const fromProfile = c.key ? profile[c.key] : undefined;
    const value = c.sensitive ? undefined : (override ?? fromProfile);
    return {
      field: field.name,
      label: field.label,
      ...(value !== undefined ? { value, source: override !== undefined ? ('override' as const) : ('profile' as const) } : {}),
      sensitive: c.sensitive,
    };
  });
}

function stepFor(field: FormField, value: string, i: number): Record<string, unknown> & { id: string; type: string } {
  const id = `fill_${i}_${field.name}`;
  if (field.type === 'select') return { id, type: 'select', target: { label: field.label }, option: field.options?.[value] ?? value };
  if (field.type === 'radio') return { id, type: 'click', target: { role: 'radio', name: field.options?.[value] ?? value } };
  return { id, type: 'fill', target: { label: field.label }, value };
}

function listText(entries: FormEntry[], locale: Locale): string {
  const filled = entries.filter((e) => e.value !== undefined).map((e) => `- ${e.label}: ${e.value}`);
  const yours = entries.filter((e) => e.value === undefined).map((e) => e.label);
  const head = locale === 'ko' ? '입력할 내용:' : 'I will enter:';
  const tail = locale === 'ko' ? `직접 입력하실 항목: ${yours.join(', ')}` : `You enter yourself: ${yours.join(', ')}`;
  return [head, ...filled, tail].join('\n');
}

export const formsPack: BrowsePack = {
  id: 'forms',
  kind: 'browse',
  intent: 'FormFill',
  version: '1.0.0',
  title: both('서식 작성', 'Form filling'),
  slots: [
    ...commonSlots,
    slot('form_purpose', true, both('어떤 서식을 작성할까요?', 'Which form should I fill in?')),
    slot('profile_id', false),
    slot('fields_override', false),
  ],
  allowedTools: ['navigate_page', 'wait_for', 'take_snapshot', 'fill', 'fill_form', 'select_option', 'click'],
  approval: { gated: ['submission'], mode: 'hand_over' },
  recovery: {
    default: {
      action: 'end',
      say: both('서식 작성이 실패했어요 ({code}: {message}).', 'Filling the form failed ({code}: {message}).'),
      next: both('브라우저 화면에서 직접 이어서 작성해 주세요.', 'Continue in the browser view yourself.'),
    },
  },
  texts: {},
  verification: [
    {
      id: 'something_filled',
      check: (f) =>
        Array.isArray(f.results) && f.results.some((r) => (r as FormEntry).value !== undefined)
          ? null
          : { expected: 'at least one field from the profile', seen: 'none' },
    },
  ],
  recipes: [
    {
      site: 'form',
      build: (f, base) => {
        const entries = formEntries(f);
        const steps = VISA_FORM.flatMap((field, i) => {
          const e = entries[i];
          return e?.value !== undefined ? [stepFor(field, e.value, i)] : [];
        });
        const summary = listText(entries, 'en');
        return {
          steps: [
            { id: 'open', type: 'navigate', url: `${base}/` },
            ...steps,
            {
              id: 'submit',
              type: 'approve',
              kind: 'submission',
              summary: `Submit the form. ${summary}`,
              approval: { kind: 'submission', mode: 'hand_over', completion: { url_includes: '/success' } },
            },
          ],
          extractSteps: [],
        };
      },
    },
  ],
  brief: (f, locale) => `${String(f.form_purpose)}\n${listText(formEntries(f), locale)}`,
  present: (_bySite, f) => {
    const entries = formEntries(f);
    return {
      items: entries as unknown as Array<Record<string, unknown>>,
      answer: both(
        `서식 입력을 마쳤고, 제출은 직접 하셨어요.\n${listText(entries, 'ko')}`,
        `I filled in the form and you submitted it yourself.\n${listText(entries, 'en')}`,
      ),
    };
  },
};
