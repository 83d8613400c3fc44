/** The day a control's words show, read without knowing the year. */
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The month and day a button's words show ("내일 12/2", "12.3 (목)", "12월 4일", "Thu, Dec 3", "3 Dec"), as "MM-DD". */
export function dayShown(words: string): string | undefined {
  const pad = (n: number) => String(n).padStart(2, '0');
  const md = (m: number, d: number) => (m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${pad(m)}-${pad(d)}` : undefined);
  const w = words.toLowerCase();
  // a clock time ("12:30") or a price ("12.50") is not a day
  if (/\d{1,2}:\d{2}/.test(w)) return undefined;
  let m = /(?:^|[^\d.,/])(\d{1,2})\s*월\s*(\d{1,2})\s*일/.exec(w);
  if (m) return md(Number(m[1]), Number(m[2]));
  m = /(?:^|[^\d.,/])(\d{1,2})\s*[/.]\s*(\d{1,2})(?![\d.,/])/.exec(w);
  // (a rating is no day: "★ 4.6", "평점 4.7", "4.8점", "4.5/5")
  const rating =
    m &&
    (/(?:★|⭐|☆|평점|별점|rating|rated|score)\s*$/.test(w.slice(0, m.index + 1)) ||
      /^\s*(?:점|\/\s*5|stars?)/.test(w.slice(m.index + m[0].length)) ||
      // (nor a measure: "2.3km", "4.5kg", "7.5%", "1.5배")
      /^\s*(?:km|mi|miles?|m|kg|g|lbs?|cm|mm|kw|kwh|l|ml|%|배|리터|킬로|미터)(?![a-z])/.test(w.slice(m.index + m[0].length)));
  if (m && !rating) return md(Number(m[1]), Number(m[2]));
  m = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b/.exec(w);
  if (m) return md(MONTH_NAMES.indexOf(m[1] as string) + 1, Number(m[2]));
  m = /\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.exec(w);
  if (m) return md(MONTH_NAMES.indexOf(m[2] as string) + 1, Number(m[1]));
  return undefined;
}

const KO_DAYS = '일월화수목금토';
const EN_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The weekdays a row says it is closed ("수·토요일 휴무", "월요일 정기휴무", "closed Mondays",
 * "off Tue & Wed"), 0 (Sunday) … 6. Empty when it says none.
 */
export function closedWeekdays(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(/((?:[일월화수목금토]\s*[·,/、]?\s*)+)요일?\s*(?:정기\s*)?(?:휴무|휴업|쉽니다|쉬어요|off)/g))
    for (const ch of m[1] ?? '') if (KO_DAYS.includes(ch)) out.add(KO_DAYS.indexOf(ch));
  for (const m of text
    .toLowerCase()
    .matchAll(
      /\b(?:closed|off|no\s+walks?|unavailable)\s+(?:on\s+)?((?:(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?(?:\s*(?:,|&|and|\/)\s*)?)+)/g,
    ))
    for (const d of (m[1] ?? '').split(/[^a-z]+/)) {
      const i = EN_DAYS.indexOf(d.slice(0, 3));
      if (i >= 0 && d) out.add(i);
    }
  return out;
}
