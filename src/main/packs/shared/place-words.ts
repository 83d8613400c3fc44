/**
 * A place the understanding gave as a code, as the words a site may know it by: its Korean and
 * English names and the code itself ("오사카|Osaka|KIX"), the person's language first. The agent
 * loop types the first and accepts any of them in a site's options and suggestions.
 */
import { PLACES } from '../../agent/nlu/places/table.ts';
import type { Locale } from '../types.ts';

const title = (w: string) => w.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

export function placeWords(code: unknown, locale: Locale): string {
  const c = String(code ?? '').trim();
  if (!c) return '';
  const entry = PLACES.find((p) => p.airport === c) ?? PLACES.find((p) => p.city === c) ?? PLACES.find((p) => p.airports.includes(c));
  if (!entry) return c;
  const ko = entry.ko[0];
  const en = entry.en[0] ? title(entry.en[0]) : undefined;
  const names = locale === 'ko' ? [ko, en] : [en, ko];
  return [...new Set([...names.filter((n): n is string => Boolean(n)), c])].join('|');
}
