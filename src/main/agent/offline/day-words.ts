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
  if (m) return md(Number(m[1]), Number(m[2]));
  m = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b/.exec(w);
  if (m) return md(MONTH_NAMES.indexOf(m[1] as string) + 1, Number(m[2]));
  m = /\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.exec(w);
  if (m) return md(MONTH_NAMES.indexOf(m[2] as string) + 1, Number(m[1]));
  return undefined;
}
