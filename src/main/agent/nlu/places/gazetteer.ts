/**
 * Places beyond the hand table: the OpenFlights airport table's cities (gazetteer.json, built by
 * scripts/nlu-train/gazetteer.ts) looked up by words, one to three at a time, so the lookup is
 * linear in the text. An English word that is also a city ("Nice", "Split") counts only when it
 * is written with a capital or follows from/to/in.
 */
import { readFileSync } from 'node:fs';
import type { Utterance } from '../text.ts';
import type { PlaceEntry } from './table.ts';

let table: Map<string, string[]> | undefined;
function cities(): Map<string, string[]> {
  table ??= new Map(
    Object.entries(JSON.parse(readFileSync(new URL('./gazetteer.json', import.meta.url), 'utf8')) as Record<string, string[]>),
  );
  return table;
}

let codes: Set<string> | undefined;
/** Whether `code` is an airport code in the table. */
export function airportCodeKnown(code: string): boolean {
  codes ??= new Set([...cities().values()].flat());
  return codes.has(code);
}

export interface GazetteerHit {
  start: number;
  end: number;
  entry: PlaceEntry;
}

const WORD = /[a-z][a-z'.-]*/g;
const CUE_BEFORE = /\b(from|to|in|into|out of|fly|flying|flights?|near|around|for|via)\s+$/;

/** City names of one to three words in free (unconsumed) text. */
export function gazetteerPlaces(u: Utterance): GazetteerHit[] {
  const words = [...u.lower.matchAll(WORD)].map((m) => ({ w: m[0].replace(/[.'-]+$/, ''), start: m.index }));
  const out: GazetteerHit[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      if (i + n > words.length) continue;
      const first = words[i]!;
      const last = words[i + n - 1]!;
      const name = words
        .slice(i, i + n)
        .map((x) => x.w)
        .join(' ');
      const end = last.start + last.w.length;
      if (u.lower.slice(first.start, end) !== name) continue; // only words separated by one space
      const airports = cities().get(name);
      if (!airports || !u.isFree({ start: first.start, end })) continue;
      const capital = /[A-Z]/.test(u.text[first.start] ?? '');
      if (!capital && !CUE_BEFORE.test(u.lower.slice(Math.max(0, first.start - 12), first.start))) continue;
      const code = airports[0] as string;
      out.push({
        start: first.start,
        end,
        entry: { city: code, airports, ...(airports.length === 1 ? { airport: code } : {}), ko: [], en: [] },
      });
      i += n - 1;
      break;
    }
  }
  return out;
}
