/**
 * FormFill: fill a form from a saved profile (non-sensitive fields only) plus the person's
 * overrides; fields are classified by label/name/type/autocomplete (classify.ts); the brief
 * shows exactly what will be entered and what the person enters themselves. Required fields
 * the engine never types (passport number, passwords, resident numbers) go to a hand-over
 * first; then the submission is approve-then-execute: the person approves exactly what will
 * be submitted, the engine submits, confirms the site's dialog and reads the reference number.
 */
import { commonSlots, slot } from '../shared/slots.ts';
import { both, fill } from '../text.ts';
import type { BrowsePack, Facts, Locale } from '../types.ts';
import { formsAnySite } from './any-site.ts';
import { type Classified, classifyField, type FormField } from './classify.ts';
import { FORM_TEXTS, purposeWords } from './texts.ts';

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
  { name: 'passportExpiry', label: '여권 만료일 Passport expiry date', type: 'date', required: true },
  { name: 'rrn', label: '주민등록번호 Resident registration number', type: 'text' },
  { name: 'email', label: '이메일 Email', type: 'email', autocomplete: 'email', required: true },
  { name: 'phone', label: '휴대폰 Mobile phone', type: 'tel', autocomplete: 'tel', required: true },
  { name: 'homeAddress', label: '자택 주소 Home address', type: 'text', autocomplete: 'street-address' },
  {
    name: 'purpose',
    label: '방문 목적 Purpose of visit',
    type: 'select',
    required: true,
    options: { tourism: '관광 Tourism', business: '비즈니스 Business', study: '유학 Study', family: '친지 방문 Visiting family' },
  },
  { name: 'arrivalDate', label: '입국 예정일 Intended arrival date', type: 'date', required: true },
  { name: 'stayDays', label: '체류 기간 (일) Length of stay (days)', type: 'number', required: true },
  { name: 'stayAddress', label: '체류지 주소 Address during your stay', type: 'textarea' },
  { name: 'photo', label: '증명사진 Passport photo', type: 'file', required: true },
  { name: 'statusPassword', label: '신청 조회 비밀번호 Password to check your application later', type: 'password' },
  { name: 'declaration', label: '위 내용이 사실임을 확인합니다 I declare the information above is true', type: 'checkbox', required: true },
];

type Profile = Record<string, string>;

export interface FormEntry {
  field: string;
  label: string;
  value?: string;
  source?: 'profile' | 'override';
  sensitive: boolean;
  required: boolean;
}

/** What will be entered (profile + overrides, non-sensitive only) and what the person enters. */
export function formEntries(f: Facts, fields: FormField[] = VISA_FORM): FormEntry[] {
  const profiles = (f.profiles as Record<string, Profile> | undefined) ?? {};
  const profile = profiles[String(f.profile_id ?? 'default')] ?? {};
  const overrides = (f.fields_override as Record<string, string> | undefined) ?? {};
  return fields.map((field) => {
    const c: Classified = classifyField(field);
    const base = { field: field.name, label: field.label, sensitive: c.sensitive, required: field.required === true };
    // a declaration is the person's to give: never a value the engine enters (they tick it in the hand-over)
    if (c.key === 'declaration') return base;
    const override = overrides[field.name] ?? (c.key ? overrides[c.key] : undefined);
    const fromProfile = c.key ? profile[c.key] : undefined;
    const value = c.sensitive ? undefined : (override ?? fromProfile);
    return {
      ...base,
      ...(value !== undefined ? { value, source: override !== undefined ? ('override' as const) : ('profile' as const) } : {}),
    };
  });
}

/** Required fields the engine does not type (sensitive, or no value held): the person fills them in a hand-over. */
export function personFields(entries: FormEntry[]): FormEntry[] {
  return entries.filter((e) => e.required && e.value === undefined);
}

type PlanStep = Record<string, unknown> & { id: string; type: string };

function stepFor(field: FormField, value: string, i: number): PlanStep {
  const id = `fill_${i}_${field.name}`;
  if (field.type === 'select') return { id, type: 'select', target: { label: field.label }, option: field.options?.[value] ?? value };
  if (field.type === 'radio') return { id, type: 'click', target: { role: 'radio', name: field.options?.[value] ?? value } };
  if (field.type === 'checkbox') return { id, type: 'fill', target: { role: 'checkbox', name: field.label }, value };
  return { id, type: 'fill', target: { label: field.label }, value };
}

/** How a value reads in the summary: option text, file name, a ticked box. */
function shown(e: FormEntry, fields: FormField[]): string {
  const field = fields.find((x) => x.name === e.field);
  if (e.value === undefined) return '';
  if (field?.type === 'checkbox') return '✓';
  if (field?.type === 'file') return e.value.split(/[\\/]/).pop() ?? e.value;
  return field?.options?.[e.value] ?? e.value;
}

const HEADS = { plan: FORM_TEXTS.plan, submit: FORM_TEXTS.submit, done: FORM_TEXTS.done };

/** Exactly what will be submitted: each value the engine enters, the person's fields, the fields left empty. */
export function listText(entries: FormEntry[], locale: Locale, when: keyof typeof HEADS = 'plan', fields: FormField[] = VISA_FORM): string {
  const filled = entries.filter((e) => e.value !== undefined).map((e) => `- ${e.label}: ${shown(e, fields)}`);
  const yours = personFields(entries).map((e) => e.label);
  const empty = entries.filter((e) => !e.required && e.value === undefined).map((e) => e.label);
  const typedBy = when === 'plan' ? FORM_TEXTS.yoursPlan : FORM_TEXTS.yoursDone;
  return [
    // a head over nothing would claim entries the engine does not make
    filled.length || when !== 'plan' ? HEADS[when][locale] : FORM_TEXTS.nothingToEnter[locale],
    ...filled,
    yours.length ? `${typedBy[locale]}: ${yours.join(', ')}` : '',
    empty.length ? `${FORM_TEXTS.empty[locale]}: ${empty.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const TYPABLE = new Set<FormField['type']>(['text', 'date', 'number', 'email', 'tel', 'textarea', 'password']);

/**
 * The form plan: fill what the engine may type; hand the required fields it may not type to
 * the person (focused first); open the site's review; then the submission, gated for
 * approve-then-execute: submit, confirm the site's own dialog, and check the success page.
 * The steps' summaries are in the person's language, or in both when it is not known (the CLI).
 */
export function visaPlan(f: Facts, base: string, locale?: Locale): PlanStep[] {
  const entries = formEntries(f);
  const fills = VISA_FORM.flatMap((field, i) => {
    const e = entries[i];
    return e?.value !== undefined ? [stepFor(field, e.value, i)] : [];
  });
  const yours = personFields(entries);
  const first = VISA_FORM.find((x) => x.name === yours[0]?.field && TYPABLE.has(x.type));
  const handOver: PlanStep[] = yours.length
    ? [
        ...(first ? [{ id: 'focus_person_field', type: 'click', target: { label: first.label } }] : []),
        {
          id: 'person_fields',
          type: 'approve',
          kind: 'submission',
          summary: locale
            ? fill(FORM_TEXTS.handOver, locale, { fields: yours.map((e) => e.label).join(', ') })
            : `직접 입력하실 항목 Fill in yourself: ${yours.map((e) => e.label).join(', ')}`,
          approval: { kind: 'submission', mode: 'hand_over' },
        },
      ]
    : [];
  const what = listText(entries, locale ?? 'en', 'submit');
  return [
    { id: 'open', type: 'navigate', url: `${base}/` },
    ...fills,
    ...handOver,
    { id: 'review', type: 'click', target: { role: 'button', name: '검토하기 Review application' } },
    // the site checks the form and shows its review (after reading the photo, so wait for it)
    {
      id: 'review_shown',
      type: 'wait',
      text: '신청 내용 검토 Review your application',
      timeout_ms: 20_000,
      description: "The site's review of the application (the form passed the site's own checks)",
    },
    {
      id: 'submit',
      type: 'click',
      target: { role: 'button', name: '신청서 제출 Submit application' },
      description: fill(FORM_TEXTS.submitStep, locale ?? 'en', { what }),
      approval: { kind: 'submission', mode: 'execute' },
    },
    {
      id: 'confirm_submit',
      type: 'click',
      target: { role: 'button', name: '제출 확인 Confirm submission' },
      description: 'Confirm the site\'s "Submit this application?" dialog (part of the approved submission)',
      approval: { kind: 'submission', mode: 'execute' },
    },
    { id: 'submitted', type: 'wait', url_includes: '/success', timeout_ms: 30_000 },
    { id: 'reference_shown', type: 'wait', text: 'VA-', timeout_ms: 30_000 },
    // the success card (class "success") holds the reference number
    { id: 'reference', type: 'extract', row_selector: 'main', fields: ['success'], limit: 1 },
  ];
}

/** The reference number (VA-…) the success page shows, from the extracted rows. */
export function referenceOf(rows: Array<Record<string, unknown>>): string | undefined {
  for (const r of rows) {
    const m = /VA-\d{4}-\d+/.exec(String(r.success ?? ''));
    if (m) return m[0];
  }
  return undefined;
}

export const formsPack: BrowsePack = {
  id: 'forms',
  kind: 'browse',
  intent: 'FormFill',
  version: '2.0.0',
  title: both('서식 작성', 'Form filling'),
  slots: [
    ...commonSlots,
    slot('form_purpose', true, both('어떤 서식을 작성할까요?', 'Which form should I fill in?')),
    slot('profile_id', false),
    slot('fields_override', false),
  ],
  allowedTools: [
    'navigate_page',
    'wait_for',
    'wait_for_url',
    'take_snapshot',
    'fill',
    'fill_form',
    'select_option',
    'click',
    'evaluate_script',
  ],
  // the submission is approve-then-execute; the site's own confirm dialog is part of the same approval
  approval: { gated: ['submission'], mode: 'approve', sameApproval: { confirm_submit: 'submit' } },
  recovery: {
    default: {
      action: 'end',
      say: both('서식 작성이 실패했어요. {why}', 'Filling the form failed. {why}'),
      next: both('{next} 브라우저 화면에서 직접 이어서 작성하셔도 돼요.', '{next} You can also continue in the browser view yourself.'),
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
    {
      id: 'reference_number',
      check: (f) => {
        const ref = (Array.isArray(f.results) ? (f.results as FormEntry[]) : []).find((r) => r.field === 'reference')?.value;
        return ref && /^VA-/.test(ref) ? null : { expected: 'a reference number (VA-…) on the success page', seen: ref ?? 'none' };
      },
    },
  ],
  anySite: formsAnySite,
  recipes: [{ site: 'form', build: (f, base, locale) => ({ steps: visaPlan(f, base, locale), extractSteps: ['reference'] }) }],
  briefLead: FORM_TEXTS.lead,
  shownValue: (slot, value, locale) => (slot === 'form_purpose' && typeof value === 'string' ? purposeWords(value, locale) : undefined),
  brief: (f, locale) => `${purposeWords(f.form_purpose, locale)}\n${listText(formEntries(f), locale)}`,
  present: (bySite, f) => {
    const entries = formEntries(f);
    const reference = referenceOf(bySite.form ?? []);
    return {
      items: [
        ...entries.map((e) => ({ ...e })),
        ...(reference ? [{ field: 'reference', label: '접수 번호 Reference number', value: reference }] : []),
      ],
      answer: both(
        `승인하신 대로 신청서를 제출했어요. 접수 번호: ${reference ?? '(없음)'}\n${listText(entries, 'ko', 'done')}`,
        `I submitted the application as you approved. Reference number: ${reference ?? '(none)'}\n${listText(entries, 'en', 'done')}`,
      ),
    };
  },
};
