import type { Clause } from './clauses.ts';

/** A month to show, said by the person: "11월", "2026년 3월", "October", "last month". */
export type MonthClause = Extract<Clause, { kind: 'month' }>;

const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const EN_MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const SHOW_KO = '(?:보여|조회|확인|볼래|봐|보기|열어|찾아|알려|띄워)';
const SHOW_EN = '(?:show|see|view|check|open|get|display|pull up|look at|find)';

/**
 * "11월 관리비 보여줘", "show me the maintenance fees for October", "지난달 명세서 조회": a request to
 * see what a page shows for one month, the month being all it sets (the rest names what is shown).
 */
export function monthClause(c: string): MonthClause | undefined {
  const t = c.trim();
  {
    const m = new RegExp(
      `^(?:(\\d{4})\\s*년\\s*)?(\\d{1,2})\\s*월(?!\\s*\\d)\\s*(?:분|치)?\\s*(?:의\\s*)?[^\\d]{0,24}?\\s*${SHOW_KO}`,
    ).exec(t);
    if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12)
      return { kind: 'month', month: Number(m[2]), ...(m[1] ? { year: Number(m[1]) } : {}) };
  }
  {
    const m = new RegExp(`^(지난|저번|이번|다음)\\s*달\\s*(?:의\\s*)?[^\\d]{0,24}?\\s*${SHOW_KO}`).exec(t);
    if (m) return { kind: 'month', month: 0, rel: m[1] === '이번' ? 0 : m[1] === '다음' ? 1 : -1 };
  }
  {
    const m =
      new RegExp(
        `^${SHOW_EN}(?:\\s+me)?\\s+(?:the\\s+|my\\s+)?[a-z' -]{0,40}?\\s*(?:for|of|from|in)\\s+(?:the\\s+month\\s+of\\s+)?${EN_MONTH}(?:\\s+(\\d{4}))?$`,
        'i',
      ).exec(t) ??
      new RegExp(`^${SHOW_EN}(?:\\s+me)?\\s+(?:the\\s+|my\\s+)?${EN_MONTH}(?:\\s+(\\d{4}))?(?:'s)?\\s+[a-z' -]{2,40}$`, 'i').exec(t);
    if (m) {
      const month = EN_MONTHS.indexOf((m[1] ?? '').slice(0, 3).toLowerCase()) + 1;
      return { kind: 'month', month, ...(m[2] ? { year: Number(m[2]) } : {}) };
    }
  }
  {
    const m = new RegExp(
      `^${SHOW_EN}(?:\\s+me)?\\s+(?:the\\s+|my\\s+)?(?:(last|this|next)\\s+month'?s?\\b|.{2,40}?\\s+(?:for|of|from)\\s+(last|this|next)\\s+month)`,
      'i',
    ).exec(t);
    if (m) {
      const w = (m[1] ?? m[2] ?? '').toLowerCase();
      return { kind: 'month', month: 0, rel: w === 'this' ? 0 : w === 'next' ? 1 : -1 };
    }
  }
  return undefined;
}
