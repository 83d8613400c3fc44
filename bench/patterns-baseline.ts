/**
 * The redaction rules as they were before they were made linear, frozen for `npm run bench
 * patterns` as its baseline (the e-mail rule restarts at every letter of a long run; the label
 * rules let two `\s*` share one run of spaces). Not used by the engine.
 */

const OLD_RULES: Array<[RegExp, (m: string, ...groups: string[]) => string]> = [
  [/(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[-\s]?[1-8]\d{6}(?!\d)/g, () => '******-*******'],
  [/(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g, (m) => m],
  [/(?<![\d+])(?:\+\d{1,3}[ -]?)?(?:0?1[016789]|0\d{1,2})[ -]?\d{3,4}[ -]?\d{4}(?!\d)/g, () => '0**-****-0000'],
  [
    /((?:otp|one[- ]time (?:code|password)|verification code|auth(?:entication)? code|인증\s?번호|인증\s?코드|보안\s?코드)\s*(?:is|:|=|는|은)?\s*)(\d{4,8})/gi,
    (_m, label: string, code: string) => `${label}${'*'.repeat(code.length)}`,
  ],
  [/("?\b\w*(?:token|secret|api_?key)"?\s*[:=]\s*)("?)[^\s",}]+\2/gi, (_m, label: string, q: string) => `${label}${q}[REDACTED]${q}`],
  [/((?:password|passwd|pwd|비밀번호)\s*(?:is|:|=|는|은)\s*)("?)[^\s",}]+\2/gi, (_m, label: string) => `${label}[REDACTED]`],
  [
    /((?:passport(?:\s?(?:no\.?|number|#))?|여권\s?번호)\s*(?:is|:|=|는|은)?\s*)([A-Z]{1,2}\d{3}[A-Z]?\d{4,5})(?![A-Za-z0-9])/gi,
    (_m, label: string, num: string) => `${label}${num[0]}${'*'.repeat(num.length - 1)}`,
  ],
  [/(?<![A-Za-z0-9-])([MSRODG])(?:\d{8}|\d{3}[A-Z]\d{4})(?![A-Za-z0-9-])/g, (_m, first: string) => `${first}********`],
  [/([A-Za-z0-9])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, (_m, first: string, domain: string) => `${first}***@${domain}`],
];

export function oldRedactText(text: string): string {
  let out = text;
  for (const [re, fn] of OLD_RULES) out = out.replace(re, fn as (m: string, ...rest: string[]) => string);
  if (out.includes('value=')) out = out.replace(/("([^"\n]*)"[^\n]*?value=\\?")([^"\\\n]*)/g, (m) => m);
  return out;
}

/** The money pattern of the extractor before it was bounded. */
export function oldParseMoney(text: string): unknown {
  return /(?:[₩$€¥£]|krw|usd|eur|jpy)?\s*(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s*(?:원|krw|usd|eur|円)?/i.exec(text);
}

/** The page model's money pattern before it started only where a number starts. */
export function oldPageMoney(text: string): unknown {
  return /(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s?(원|₩|KRW|USD|EUR|JPY|€|만\s?원)/i.exec(text);
}

/** Console/URL globs as they were: a regex `^a.*b.*c$` (backtracks on long text). */
export function oldGlob(pattern: string, text: string): boolean {
  const source = pattern
    .split('*')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'is').test(text);
}
