/** Ranking helpers shared by browse packs: filter rows by the person's constraints, sort, keep the best few. */
import type { Facts, Locale } from '../types.ts';

export type Row = Record<string, unknown>;

export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A money slot ({amount, currency}) as a number of won (only KRW budgets filter KRW prices). */
export function budgetOf(facts: Facts, slot = 'budget_max'): number | undefined {
  const m = facts[slot] as { amount?: number; currency?: string } | undefined;
  return m && typeof m.amount === 'number' && (m.currency ?? 'KRW') === 'KRW' ? m.amount : undefined;
}

export function minutes(hhmm: unknown): number | undefined {
  if (typeof hhmm !== 'string') return undefined;
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

const TIME_OF_DAY: Record<string, [string, string]> = {
  early_morning: ['00:00', '06:59'],
  morning: ['06:00', '11:59'],
  afternoon: ['12:00', '17:59'],
  evening: ['18:00', '21:59'],
  night: ['21:00', '23:59'],
};

/** The departure window from time_window or time_pref. */
export function windowOf(facts: Facts): { earliest?: number; latest?: number } {
  const w = facts.time_window as { earliest?: string; latest?: string } | undefined;
  const pref = typeof facts.time_pref === 'string' ? TIME_OF_DAY[facts.time_pref] : undefined;
  const earliest = minutes(w?.earliest ?? pref?.[0]);
  const latest = minutes(w?.latest ?? pref?.[1]);
  return { ...(earliest !== undefined ? { earliest } : {}), ...(latest !== undefined ? { latest } : {}) };
}

export function rankBy<T extends Row>(rows: T[], keys: Array<(r: T) => number | undefined>, top = 3): T[] {
  const cmp = (a: T, b: T) => {
    for (const k of keys) {
      const x = k(a) ?? Number.POSITIVE_INFINITY;
      const y = k(b) ?? Number.POSITIVE_INFINITY;
      if (x !== y) return x - y;
    }
    return 0;
  };
  return [...rows].sort(cmp).slice(0, top);
}

/** An amount of won as the person reads it: "329,000원" in Korean, "₩329,000" in English. */
export const won = (n: unknown, locale: Locale = 'ko') =>
  typeof n !== 'number' ? '-' : locale === 'ko' ? `${n.toLocaleString('ko-KR')}원` : `₩${n.toLocaleString('en-US')}`;

const ORDINAL_WORDS: Array<[RegExp, number]> = [
  [/첫|first|1st|맨 위|top/i, 1],
  [/두 ?번째|second|2nd/i, 2],
  [/세 ?번째|third|3rd/i, 3],
];

/** "1번", "두 번째", "the first one", "#2" → a 1-based position among presented results (1 when only "that one"). */
export function chosenPosition(text: string): number | undefined {
  const n = /(?:^|\D)([1-9])\s*(?:번|st|nd|rd|th)?(?:\D|$)/.exec(text)?.[1];
  if (n) return Number(n);
  for (const [re, k] of ORDINAL_WORDS) if (re.test(text)) return k;
  return /그걸로|그거|that one|this one|it\b/i.test(text) ? 1 : undefined;
}
