/**
 * Redaction before anything is logged (events, tool-call rows, bundles): card numbers, Korean
 * resident registration numbers, phone numbers, OTP codes, passwords and secrets are masked;
 * emails are masked partly (first letter + domain). Applied to strings and, by key name, to objects.
 */

const SECRET_KEYS =
  /^(password|passwd|pwd|pass|passcode|pin|secret|token|api_?key|access_?token|refresh_?token|authorization|cookie|cvc|cvv|card_?number|cc_?number|rrn|resident_?(registration_)?number|jumin|otp|otp_?code|verification_?code|auth_?code|\w*_token|\w*_secret)$/i;

function luhnOk(digits: string): boolean {
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

const RULES: Array<[RegExp, (m: string, ...groups: string[]) => string]> = [
  // Korean resident registration number: YYMMDD-GNNNNNN (dash optional)
  [/(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[-\s]?[1-8]\d{6}(?!\d)/g, () => '******-*******'],
  // card numbers: 13–19 digits, optionally grouped by spaces or dashes; grouped 4x4 always, ungrouped when Luhn-valid
  [
    /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g,
    (m) => {
      const digits = m.replace(/\D/g, '');
      const grouped = /^\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}$/.test(m);
      if (digits.length < 13 || digits.length > 19 || !(grouped || luhnOk(digits))) return m;
      return `****-****-****-${digits.slice(-4)}`;
    },
  ],
  // phone numbers: Korean mobile/landline and +country forms; keep the last four digits
  [
    /(?<![\d+])(?:\+\d{1,3}[ -]?)?(?:0?1[016789]|0\d{1,2})[ -]?\d{3,4}[ -]?\d{4}(?!\d)/g,
    (m) => `${m.startsWith('+') ? '+**' : '0**'}-****-${m.replace(/\D/g, '').slice(-4)}`,
  ],
  // OTP / verification codes next to their label (en + ko)
  [
    /((?:otp|one[- ]time (?:code|password)|verification code|auth(?:entication)? code|인증\s?번호|인증\s?코드|보안\s?코드)\s*(?:is|:|=|는|은)?\s*)(\d{4,8})/gi,
    (_m, label: string, code: string) => `${label}${'*'.repeat(code.length)}`,
  ],
  // "..._token": "…", api_key=…, secret: … (inside JSON text or logs)
  [/("?\b\w*(?:token|secret|api_?key)"?\s*[:=]\s*)("?)[^\s",}]+\2/gi, (_m, label: string, q: string) => `${label}${q}[REDACTED]${q}`],
  // password=…, "password": "…", 비밀번호: …
  [/((?:password|passwd|pwd|비밀번호)\s*(?:is|:|=|는|은)\s*)("?)[^\s",}]+\2/gi, (_m, label: string) => `${label}[REDACTED]`],
  // passport numbers: next to their label (en + ko), and the Korean formats M12345678 / M123A4567 on their own
  [
    /((?:passport(?:\s?(?:no\.?|number|#))?|여권\s?번호)\s*(?:is|:|=|는|은)?\s*)([A-Z]{1,2}\d{3}[A-Z]?\d{4,5})(?![A-Za-z0-9])/gi,
    (_m, label: string, num: string) => `${label}${num[0]}${'*'.repeat(num.length - 1)}`,
  ],
  [/(?<![A-Za-z0-9-])([MSRODG])(?:\d{8}|\d{3}[A-Z]\d{4})(?![A-Za-z0-9-])/g, (_m, first: string) => `${first}********`],
  // emails: first letter + *** + @domain
  [/([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, (_m, first: string, domain: string) => `${first}***@${domain}`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [re, fn] of RULES) out = out.replace(re, fn as (m: string, ...rest: string[]) => string);
  // snapshot lines: the value shown in an OTP / password / card field
  if (out.includes('value=')) {
    out = out.replace(/("([^"\n]*)"[^\n]*?value=\\?")([^"\\\n]*)/g, (m, head: string, name: string) =>
      SENSITIVE_FIELD.test(name) ? `${head}[REDACTED]` : m,
    );
  }
  return out;
}

const SENSITIVE_FIELD =
  /otp|one[- ]time|verification code|auth(entication)? code|인증\s?번호|인증\s?코드|password|passcode|비밀번호|card|카드|cvc|cvv|security code|보안\s?코드|resident|주민/i;

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
      if (sensitiveValue && (k === 'value' || k === 'option') && typeof v === 'string' && v) {
        out[k] = '[REDACTED]';
        continue;
      }
      const secret = SECRET_KEYS.test(k) || (/^(code|pin)$/i.test(k) && typeof v === 'string' && /^\d{4,8}$/.test(v));
      out[k] = secret && v !== null && v !== undefined && v !== '' ? '[REDACTED]' : redact(v, depth + 1);
    }
    return out as T;
  }
  return value;
}

/** Whether a string holds something the engine must never type (card number, resident number). */
export function looksLikeCardNumber(text: string): boolean {
  const digits = text.replace(/[ -]/g, '');
  return /^\d{13,19}$/.test(digits) && luhnOk(digits);
}

export function looksLikeResidentNumber(text: string): boolean {
  return /^\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-?[1-8]\d{6}$/.test(text.trim());
}
