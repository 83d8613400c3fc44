/**
 * Form field classification by label, name, type and autocomplete: which profile entry fills a
 * field, and whether the field is sensitive (never filled from a profile; the person types it).
 */

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'date' | 'number' | 'email' | 'tel' | 'select' | 'radio' | 'textarea' | 'file' | 'checkbox' | 'password';
  autocomplete?: string;
  required?: boolean;
  /** For select/radio: option text per profile value. */
  options?: Record<string, string>;
}

export interface Classified {
  field: FormField;
  /** The profile entry that fills it, if any. */
  key?: string;
  sensitive: boolean;
  reason: string;
}

const SENSITIVE = [
  /passport\s?(number|no\b)|passportNumber/i,
  /여권\s?번호/,
  /rrn|resident|주민/i,
  /card|카드|cvc|cvv/i,
  /password|비밀번호|pin\b/i,
  /account.?number|계좌/i,
];

const AUTOCOMPLETE: Record<string, string> = {
  'family-name': 'surname',
  'given-name': 'given_names',
  bday: 'birth_date',
  email: 'email',
  tel: 'phone',
  'street-address': 'home_address',
  'cc-number': '$sensitive',
  'current-password': '$sensitive',
  'new-password': '$sensitive',
};

const BY_WORDS: Array<[RegExp, string]> = [
  [/surname|family name|성 \(/i, 'surname'],
  [/given|이름 \(/i, 'given_names'],
  [/korean name|한글 성명/i, 'name_ko'],
  [/birth|생년월일/i, 'birth_date'],
  [/\bsex\b|gender|성별/i, 'sex'],
  [/nationality|국적/i, 'nationality'],
  [/e-?mail|이메일/i, 'email'],
  [/phone|mobile|휴대폰|전화/i, 'phone'],
  [/home address|자택/i, 'home_address'],
  [/stay address|address during|체류지/i, 'stay_address'],
  [/passport expiry|passportExpiry|여권 만료/i, 'passport_expiry'],
  [/purpose of visit|방문 목적/i, 'visit_purpose'],
  [/arrival date|입국 예정일/i, 'arrival_date'],
  [/length of stay|체류 기간/i, 'stay_days'],
  [/photo|사진/i, 'photo'],
  [/\bdeclare\b|declaration|사실임을 확인/i, 'declaration'],
];

export function classifyField(field: FormField): Classified {
  const words = `${field.label} ${field.name}`;
  if (field.type === 'password' || SENSITIVE.some((re) => re.test(words))) {
    return { field, sensitive: true, reason: 'sensitive by its label/name' };
  }
  const ac = field.autocomplete ? AUTOCOMPLETE[field.autocomplete] : undefined;
  if (ac === '$sensitive') return { field, sensitive: true, reason: `autocomplete=${field.autocomplete}` };
  if (ac) return { field, key: ac, sensitive: false, reason: `autocomplete=${field.autocomplete}` };
  for (const [re, key] of BY_WORDS) if (re.test(words)) return { field, key, sensitive: false, reason: `label "${field.label}"` };
  if (field.type === 'file') return { field, sensitive: false, reason: 'a file the person attaches' };
  return { field, sensitive: false, reason: 'no profile entry matches' };
}
