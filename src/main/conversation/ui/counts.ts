/**
 * A slot whose value is a set of counts (travellers: adults, children, infants) as the person
 * reads it — "성인 2명, 아동 1명" / "2 adults, 1 child" — and as an editor with one stepper per
 * count, never as the raw `{"adults":2,…}`.
 */
import { both, fill } from '../../packs/text.ts';
import type { Locale } from '../../packs/types.ts';

export interface Count {
  key: string;
  label: string;
  value: number;
  min: number;
}

const COUNT_TEXTS: Record<string, { one: ReturnType<typeof both>; many: ReturnType<typeof both>; min: number }> = {
  adults: { one: both('성인 {n}명', '{n} adult'), many: both('성인 {n}명', '{n} adults'), min: 1 },
  children: { one: both('아동 {n}명', '{n} child'), many: both('아동 {n}명', '{n} children'), min: 0 },
  infants: { one: both('유아 {n}명', '{n} infant'), many: both('유아 {n}명', '{n} infants'), min: 0 },
};
const LABELS: Record<string, ReturnType<typeof both>> = {
  adults: both('성인', 'Adults'),
  children: both('아동', 'Children'),
  infants: both('유아', 'Infants'),
};

/** The counts of a value made only of whole numbers ({adults: 2, children: 0, …}), else undefined. */
export function countsOf(value: unknown, locale: Locale): Count[] | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (!entries.length || !entries.every(([, v]) => Number.isInteger(v))) return undefined;
  return entries.map(([key, v]) => ({
    key,
    label: LABELS[key] ? fill(LABELS[key], locale) : key.replaceAll('_', ' '),
    value: v as number,
    min: COUNT_TEXTS[key]?.min ?? 0,
  }));
}

/** "성인 2명, 아동 1명" / "2 adults, 1 child": the counts above zero (the first always). */
export function countsText(counts: Count[], locale: Locale): string {
  return counts
    .filter((c, i) => i === 0 || c.value > 0)
    .map((c) => {
      const t = COUNT_TEXTS[c.key];
      return t ? fill(c.value === 1 ? t.one : t.many, locale, { n: c.value }) : `${c.label} ${c.value}`;
    })
    .join(', ');
}
