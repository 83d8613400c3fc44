/**
 * Money: "30만원", "만원", "$300", "300달러", "under 200k won", "2 million won", "20만원 이하",
 * "100만원에서 150만원 사이", "between 500k and 800k won". Amounts are whole units of the currency.
 */
import type { Currency, Money } from '../../../shared/commands.ts';
import type { Utterance } from './text.ts';

export type Bound = 'max' | 'min' | 'none';

export interface MoneyItem {
  start: number;
  money: Money;
  bound: Bound;
}

const NUMBER = '(\\d[\\d,]*(?:\\.\\d+)?)';
const KO_UNIT: Record<string, number> = { 억: 1e8, 천만: 1e7, 백만: 1e6, 만: 1e4, 천: 1e3 };
const EN_UNIT: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, mil: 1e6 };

function currencyOf(word: string | undefined): Currency | undefined {
  if (!word) return undefined;
  if (/^(원|won|krw|₩)$/.test(word)) return 'KRW';
  if (/^(\$|달러|불|usd|dollars?|bucks)$/.test(word)) return 'USD';
  if (/^(엔|yen|jpy|¥)$/.test(word)) return 'JPY';
  if (/^(유로|eur|euros?|€)$/.test(word)) return 'EUR';
  return undefined;
}

const num = (s: string) => Number(s.replace(/,/g, ''));

const MAX_BEFORE =
  /(under|below|less than|max(?:imum)?|at most|up to|within|budget(?: of| is)?|cheaper than|no more than|not more than|sub-?|예산|최대)\s*:?\s*$/;
/** "nothing over a million won", "not above $50": a floor said as a refusal is a ceiling. */
const NOT_OVER_BEFORE = /(nothing|no|not|never|anything but)\s(?:\w+\s)?(over|above|more than)\s*$/;
/** "백만원 넘는 데는 빼고", "10만원 넘는 건 말고": over a sum is left out, so the sum is a ceiling. */
const NOT_OVER_AFTER = /^\s?(넘는|넘어가는|이상인?|초과하는)\s?(데는?|곳은?|건|거는?|것은?|제품은?)?\s?(빼고|제외|말고|싫|안\s?돼|노노)/;
const MIN_BEFORE = /(over|above|more than|at least|최소)\s*$/;
const MAX_AFTER = /^\s?(이하|안쪽|이내|까지|미만|아래|안으로|넘지|or less|max)/;
const MIN_AFTER = /^\s?(이상|넘는|초과|부터|or more|\+)/;

interface Raw {
  start: number;
  end: number;
  amount: number;
  currency?: Currency;
}

function rawAmounts(u: Utterance): Raw[] {
  const out: Raw[] = [];
  const add = (m: RegExpExecArray, amount: number, currency?: Currency) =>
    out.push({ start: m.index, end: m.index + m[0].length, amount, ...(currency ? { currency } : {}) });
  for (const m of u.matches(/([$€¥₩])\s?(\d[\d,]*(?:\.\d+)?)\s?(k|m|million|thousand)?\b/)) {
    add(m, num(m[2]!) * (m[3] ? (EN_UNIT[m[3]] ?? 1) : 1), currencyOf(m[1]));
  }
  for (const m of u.matches(new RegExp(`${NUMBER}\\s?(억|천만|백만|만|천)?\\s?(원|달러|불|엔|유로)`))) {
    add(m, num(m[1]!) * (m[2] ? (KO_UNIT[m[2]] ?? 1) : 1), currencyOf(m[3]));
  }
  for (const m of u.matches(/(?<![\d가-힣])만\s?원/)) add(m, 10_000, 'KRW');
  for (const m of u.matches(new RegExp(`${NUMBER}\\s?(억|천만|백만|만)(?=\\s?(이하|이상|안쪽|이내|까지|에서|사이|~|-|\\s|$))`))) {
    add(m, num(m[1]!) * (KO_UNIT[m[2]!] ?? 1), 'KRW');
  }
  for (const m of u.matches(new RegExp(`${NUMBER}\\s?(k|m|million|mil|thousand)?\\s?(won|krw|usd|dollars?|bucks|yen|jpy|eur|euros?)\\b`))) {
    add(m, num(m[1]!) * (m[2] ? (EN_UNIT[m[2]] ?? 1) : 1), currencyOf(m[3]));
  }
  for (const m of u.matches(/(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s?(k|million)\b/)) add(m, num(m[1]!) * (EN_UNIT[m[2]!] ?? 1));
  // "between 1,000,000 and 1,500,000 won": a grouped number takes its currency from its neighbour
  for (const m of u.matches(/(?<![\w.,/-])(\d{1,3}(?:,\d{3})+)(?![\w,./-])/)) add(m, num(m[1]!));
  return out.sort((a, b) => a.start - b.start);
}

/** Every amount with whether it is a ceiling, a floor or neither. */
export function findMoney(u: Utterance): MoneyItem[] {
  const raws = rawAmounts(u);
  const known = raws.find((r) => r.currency)?.currency ?? 'KRW';
  const items: MoneyItem[] = [];
  for (let i = 0; i < raws.length; i++) {
    const r = raws[i] as Raw;
    const money: Money = { amount: Math.round(r.amount * 100) / 100, currency: r.currency ?? known };
    const next = raws[i + 1];
    const between = next ? u.lower.slice(r.end, next.start) : '';
    const before = u.lower.slice(Math.max(0, r.start - 16), r.start);
    if (
      next &&
      /^\s?(에서|~|-|–|to|and)\s?$/.test(between) &&
      (/between\s*$/.test(before) || /^\s?(사이|까지|이하)/.test(u.lower.slice(next.end, next.end + 6)) || /^\s?(~|-|–)\s?$/.test(between))
    ) {
      items.push({ start: r.start, money, bound: 'min' });
      items.push({ start: next.start, money: { amount: next.amount, currency: next.currency ?? money.currency }, bound: 'max' });
      i++;
      continue;
    }
    const after = u.lower.slice(r.end, r.end + 8);
    if (/^대/.test(after)) continue; // "10만원대": a price band, not a limit
    const refused = NOT_OVER_BEFORE.test(before) || NOT_OVER_AFTER.test(u.lower.slice(r.end, r.end + 20));
    const bound: Bound =
      refused || MAX_BEFORE.test(before) || MAX_AFTER.test(after)
        ? 'max'
        : MIN_BEFORE.test(before) || MIN_AFTER.test(after)
          ? 'min'
          : 'none';
    items.push({ start: r.start, money, bound });
  }
  return items;
}
