/**
 * The one redaction of Steward: applied before anything is stored, logged or exported (events,
 * audit rows, plans, turns, bundles). Card numbers, Korean resident registration numbers, phone
 * numbers, one-time codes, passwords and secrets are masked; e-mails keep their first letter and
 * domain. Applied to strings by pattern and, by key name, to objects.
 *
 * Every rule runs in time linear in its input: the patterns have bounded repetitions and no
 * nested or ambiguous quantifiers, and the two shapes a regex cannot scan in linear time (e-mail
 * addresses, snapshot field values) use the hand-written scanners of scan.ts.
 */
import { maskEmails, maskSnapshotValues } from './scan.ts';

const SECRET_KEYS =
  /^(?:password|passwd|pwd|pass|passcode|passphrase|pin|pin_?code|secret|token|api_?key|access_?token|refresh_?token|authorization|cookie|cvc|cvv|card_?number|card_?no|cc_?number|security_?code|rrn|resident_?(?:registration_)?number|jumin|otp|otp_?code|one_?time_?(?:code|password)|verification_?code|auth_?code|[a-z0-9_]{0,60}_token|[a-z0-9_]{0,60}_secret)$/i;

export function luhnOk(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A value under a phone key keeps its first three and last four digits: 010-****-5678. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '***';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

// A label, then at most a few spaces, an optional "is"/":"/"="/particle and an optional bracket.
const SEP = '[ \\t]{0,3}(?:is|:|=|는|은)?[ \\t]{0,3}[\\[("]?';
const OTP_LABEL =
  'otp|one[- ]time (?:code|password)|verification code|(?:your |sms |security )?code is|auth(?:entication)? code|인증\\s?번호|인증\\s?코드|보안\\s?코드|일회용\\s?(?:비밀번호|코드)';

const RULES: Array<[RegExp, (m: string, ...groups: string[]) => string]> = [
  // Korean resident registration number: YYMMDD-GNNNNNN (dash optional)
  [/(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[-\s]?[1-8]\d{6}(?!\d)/g, () => '******-*******'],
  // card numbers: 13–19 digits, optionally grouped by spaces, dots or dashes; grouped 4x4 always, otherwise when Luhn-valid
  [
    /(?<!\d[ .-]?)(?:\d[ .-]?){12,18}\d(?![ .-]?\d)/g,
    (m) => {
      const digits = m.replace(/\D/g, '');
      const grouped = /^\d{4}([ .-])\d{4}\1\d{4}\1\d{1,7}$/.test(m);
      // separated digits are a card only in a card's grouping (4-4-4-4, 4-6-5): "1-1764…" is an id, not a card
      const cardShaped = !/[ .-]/.test(m) || /^\d{4}([ .-])\d{6}\1\d{4,5}$/.test(m);
      if (digits.length < 13 || digits.length > 19 || !(grouped || (cardShaped && luhnOk(digits)))) return m;
      return `****-****-****-${digits.slice(-4)}`;
    },
  ],
  // phone numbers: Korean mobile/landline and +country forms; keep the last four digits
  [
    /(?<![\dA-Za-z+])(?:\+\d{1,3}[ -]?)?(?:0?1[016789]|0\d{1,2})[ -]?\d{3,4}[ -]?\d{4}(?!\d)/g,
    (m) => `${m.startsWith('+') ? '+**' : '0**'}-****-${m.replace(/\D/g, '').slice(-4)}`,
  ],
  // one-time codes next to their label (en + ko)
  [new RegExp(`((?:${OTP_LABEL})${SEP})(\\d{4,8})(?!\\d)`, 'gi'), (_m, label: string, c: string) => `${label}${'*'.repeat(c.length)}`],
  // "..._token": "…", api_key=…, secret: … (inside JSON text or logs)
  [
    /("?\b[A-Za-z0-9_]{0,40}(?:token|secret|api_?key)"?[ \t]{0,3}[:=][ \t]{0,3})("?)[^\s",}]{1,4096}\2/gi,
    (_m, label: string, q: string) => `${label}${q}[REDACTED]${q}`,
  ],
  // password=…, "password": "…", 비밀번호: …, PIN: …
  [
    /((?:password|passwd|passphrase|pwd|\bpin\b|비밀번호|비번|암호)"?[ \t]{0,3}(?:is|:|=|는|은)[ \t]{0,3})("?)[^\s",}]{1,4096}\2/gi,
    (_m, label: string) => `${label}[REDACTED]`,
  ],
  // passport numbers: next to their label (en + ko), and the Korean formats M12345678 / M123A4567 on their own
  [
    /((?:passport(?:\s?(?:no\.?|number|#))?|여권\s?번호)[ \t]{0,3}(?:is|:|=|는|은)?[ \t]{0,3})([A-Z]{1,2}\d{3}[A-Z]?\d{4,5})(?![A-Za-z0-9])/gi,
    (_m, label: string, num: string) => `${label}${num[0]}${'*'.repeat(num.length - 1)}`,
  ],
  [/(?<![A-Za-z0-9-])([MSRODG])(?:\d{8}|\d{3}[A-Z]\d{4})(?![A-Za-z0-9-])/g, (_m, first: string) => `${first}********`],
];

/** UUIDs (session, approval, call ids) are identifiers, never secrets: the digit rules must not cut into them. */
const UUID = /(?<![0-9A-Fa-f-])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f-])/g;

/**
 * UUIDs are swapped for digit-free placeholders while the rules run, so the number rules cannot
 * cut into them, and swapped back after; a UUID given as a secret's value is still masked by the
 * label rules, which see (and replace) its placeholder.
 */
export function redactText(text: string): string {
  if (!text.includes('-')) return redactPlain(text);
  const ids: string[] = [];
  const held = text.replace(UUID, (m) => `\uE000${letters(ids.push(m) - 1)}\uE001`);
  if (ids.length === 0) return redactPlain(text);
  return redactPlain(held).replace(/\uE000([a-z]+)\uE001/g, (_m, k: string) => ids[number(k)] ?? '');
}

const letters = (n: number): string => (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
const number = (k: string): number => [...k].reduce((acc, c) => acc * 26 + c.charCodeAt(0) - 96, 0) - 1;

function redactPlain(text: string): string {
  let out = text;
  for (const [re, fn] of RULES) out = out.replace(re, fn as (m: string, ...rest: string[]) => string);
  out = maskEmails(out);
  // snapshot lines: the value shown in an OTP / password / card field
  return maskSnapshotValues(out, (name) => SENSITIVE_FIELD.test(name));
}

/**
 * Words naming a field whose value must never be logged or shown: passwords and passphrases, PINs,
 * one-time and verification codes, card numbers and security codes, resident numbers (en + ko).
 * Also used in the page (screenshots) by its source, so keep it to plain JavaScript syntax.
 */
export const SENSITIVE_FIELD =
  /otp|one[- ]?time|verification code|auth(?:entication)? code|2fa|totp|인증\s?번호|인증\s?코드|pass(?:word|code|phrase)|\bpin\b|핀\s?번호|비밀\s?번호|비번|암호|card|카드|cvc|cvv|security code|보안\s?코드|resident|주민/i;

/** Whether a field (by its name, label or snapshot line) holds something that must not be logged. */
export function isSensitiveField(text: string | undefined): boolean {
  return Boolean(text && SENSITIVE_FIELD.test(text));
}

function targetText(t: unknown): string {
  if (!t || typeof t !== 'object') return '';
  const o = t as Record<string, unknown>;
  return [o.name, o.label, o.placeholder, o.text].filter((x) => typeof x === 'string').join(' ');
}

/** Deep copy with secrets masked. Keys named like secrets lose their value entirely; so does the value typed into a sensitive field. */
export function redact<T>(value: T, depth = 0): T {
  if (depth > 20) return '[TRUNCATED]' as T;
  if (typeof value === 'string') return redactText(value) as T;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    if (value instanceof Uint8Array) return value;
    const out: Record<string, unknown> = {};
    const obj = value as Record<string, unknown>;
    const sensitiveValue = 'target' in obj && isSensitiveField(targetText(obj.target));
    for (const [k, v] of Object.entries(obj)) {
      if (sensitiveValue && (k === 'value' || k === 'option' || k === 'text') && typeof v === 'string' && v) {
        out[k] = '[REDACTED]';
        continue;
      }
      if ((k === 'phone' || k.endsWith('_phone')) && typeof v === 'string' && /\d{4}/.test(v)) {
        out[k] = maskPhone(v);
        continue;
      }
      const secret = SECRET_KEYS.test(k) || (/^(?:code|pin)$/i.test(k) && typeof v === 'string' && /^\d{4,8}$/.test(v));
      out[k] = secret && v !== null && v !== undefined && v !== '' ? '[REDACTED]' : redact(v, depth + 1);
    }
    return out as T;
  }
  return value;
}

/** What the person answered to a question for a code, PIN or password, as the logs keep it: digits masked. */
export function maskSecretAnswer(text: string): string {
  return text.replace(/\d/g, '*');
}

/**
 * A tool's input as an audit row keeps it. When the field it acts on is sensitive (by its
 * description) or the call was refused for what it would type, the typed values are masked.
 */
export function redactToolInput(input: Record<string, unknown>, fieldText: string, refusedInput = false): Record<string, unknown> {
  if (!refusedInput && !isSensitiveField(fieldText)) return input;
  const out = { ...input };
  for (const k of ['value', 'text', 'values']) if (k in out) out[k] = '[REDACTED]';
  if (Array.isArray(out.elements)) {
    out.elements = (out.elements as unknown[]).map((e) => (e && typeof e === 'object' ? { ...(e as object), value: '[REDACTED]' } : e));
  }
  return out;
}

/** Whether a string holds something the engine must never type (card number, resident number). */
export function looksLikeCardNumber(text: string): boolean {
  if (text.length > 40) return false;
  const digits = text.replace(/[ .-]/g, '');
  return /^\d{13,19}$/.test(digits) && luhnOk(digits);
}

export function looksLikeResidentNumber(text: string): boolean {
  if (text.length > 40) return false;
  return /^\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-?[1-8]\d{6}$/.test(text.trim());
}
