/**
 * Finds the places in an utterance and the role each plays: where from, where to.
 * "인천에서 나리타", "ICN-NRT", "from Incheon to Narita", "도쿄행", "Tokyo Haneda" (one place).
 */

import type { Utterance } from '../text.ts';
import { airportCodeKnown, gazetteerPlaces } from './gazetteer.ts';
import { KO_CITY_AIRPORTS } from './names-ko.ts';
import { AIRPORT_CODES, PLACES, type PlaceEntry, UPPER_ONLY_NAMES } from './table.ts';

export type PlaceRole = 'from' | 'to';

export interface PlaceMention {
  start: number;
  end: number;
  entry: PlaceEntry;
  role?: PlaceRole;
}

interface Name {
  name: string;
  entry: PlaceEntry;
  re: RegExp;
}

const NAMES: Name[] = PLACES.flatMap((entry) => [
  ...entry.ko.map((name) => ({ name, entry, re: new RegExp(escapeRe(name), 'g') })),
  ...entry.en.map((name) => ({ name, entry, re: new RegExp(`(?<![a-z])${escapeRe(name)}(?![a-z])`, 'g') })),
]).sort((a, b) => b.name.length - a.name.length);

const KO_CITY_RE = new RegExp(
  `(?<![가-힣])(${Object.keys(KO_CITY_AIRPORTS)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?=[가-힣]{0,4}(?:[\\s,.!?~→-]|$))`,
  'g',
);

/** An airport code written in capitals that the airport table knows, where a route is talked about: "SFO to Seattle". */
const CODE_CUE_BEFORE = /\b(from|to|fly|flights?)\s+$/;
const CODE_CUE_AFTER = /^\s?(-|–|→|~|\bto\b|에서|발|행|으로|로|까지)/;

function entryForCode(code: string): PlaceEntry {
  const exact = PLACES.find((p) => p.airport === code) ?? PLACES.find((p) => p.airports.length === 1 && p.airports[0] === code);
  if (exact) return exact.airport ? exact : { ...exact, airport: code };
  const owner = PLACES.find((p) => p.airports.includes(code));
  return { city: owner?.city ?? code, airports: [code], airport: code, ko: [], en: [] };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every place named in the utterance, in order, adjacent names of one place merged. */
export function findPlaces(u: Utterance): PlaceMention[] {
  const found: PlaceMention[] = [];
  for (const m of u.matches(/(?<![a-z])[a-z]{2,3}(?![a-z])/, false)) {
    const original = u.slice(m.index, m.index + m[0].length);
    const upper = original.toUpperCase();
    const info = AIRPORT_CODES[upper];
    const span = { start: m.index, end: m.index + m[0].length };
    if (info && (original === upper || info.lowerOk)) {
      u.consume(span);
      found.push({ ...span, entry: entryForCode(info.code) });
    } else if (UPPER_ONLY_NAMES[original]) {
      u.consume(span);
      found.push({ ...span, entry: entryForCode(UPPER_ONLY_NAMES[original] as string) });
    } else if (
      original === upper &&
      upper.length === 3 &&
      airportCodeKnown(upper) &&
      (CODE_CUE_BEFORE.test(u.lower.slice(Math.max(0, span.start - 10), span.start)) ||
        CODE_CUE_AFTER.test(u.lower.slice(span.end, span.end + 6)))
    ) {
      u.consume(span);
      found.push({ ...span, entry: entryForCode(upper) });
    }
  }
  for (const n of NAMES) {
    if (!u.lower.includes(n.name)) continue;
    for (const m of u.matches(n.re)) found.push({ start: m.index, end: m.index + m[0].length, entry: n.entry });
  }
  if (/[가-힣]/.test(u.lower)) {
    for (const m of u.matches(KO_CITY_RE)) {
      const name = m[1] as string;
      const code = KO_CITY_AIRPORTS[name] as string;
      u.consume({ start: m.index, end: m.index + name.length });
      found.push({
        start: m.index,
        end: m.index + name.length,
        entry: { city: code, airports: [code], airport: code, ko: [name], en: [] },
      });
    }
  }
  for (const hit of gazetteerPlaces(u)) {
    u.consume(hit);
    found.push(hit);
  }
  found.sort((a, b) => a.start - b.start);
  return mergeAdjacent(u, found);
}

/** "부산 김해", "Tokyo Haneda", "오사카 난바": two names, one place (the more precise one wins). */
function mergeAdjacent(u: Utterance, list: PlaceMention[]): PlaceMention[] {
  const out: PlaceMention[] = [];
  for (const m of list) {
    const prev = out[out.length - 1];
    const gap = prev ? u.lower.slice(prev.end, m.start) : '';
    if (prev && /^[\s,]*$/.test(gap) && prev.entry.city === m.entry.city) {
      const precise = m.entry.airport ? m.entry : prev.entry.airport ? prev.entry : prev.entry;
      out[out.length - 1] = { start: prev.start, end: m.end, entry: precise };
      continue;
    }
    out.push(m);
  }
  return out;
}

const KO_FROM_AFTER = /^\s?(에서부터|에서|발|출발)/;
const KO_TO_AFTER = /^\s?(행|으로|로|까지|가는|갈|가요|에 가|도착|다녀|쪽으로|가고)/;
const EN_FROM_BEFORE = /\b(from|leaving|departing|depart|out of)\s+$/;
const EN_TO_BEFORE = /\b(to|into|towards?|for)\s+$/;
const LINK_AFTER = /^\s*(→|-|–|~|\bto\b)\s*/;

/** Gives each mention a role from the words around it, then fills the rest by order. */
export function assignRoles(u: Utterance, mentions: PlaceMention[], expecting?: string): PlaceMention[] {
  const out = mentions.map((m) => ({ ...m }));
  out.forEach((m, i) => {
    const after = u.lower.slice(m.end, m.end + 10);
    const before = u.lower.slice(Math.max(0, m.start - 14), m.start);
    const next = out[i + 1];
    if (KO_FROM_AFTER.test(after) || EN_FROM_BEFORE.test(before)) m.role = 'from';
    else if (KO_TO_AFTER.test(after) || EN_TO_BEFORE.test(before)) m.role = 'to';
    else if (next && LINK_AFTER.test(after) && LINK_AFTER.exec(after)?.[0].length === next.start - m.end) m.role = 'from';
    const prev = out[i - 1];
    if (!m.role && prev?.role === 'from' && LINK_AFTER.test(u.lower.slice(prev.end, m.start))) m.role = 'to';
  });
  const has = (r: PlaceRole) => out.some((m) => m.role === r);
  const unknown = out.filter((m) => !m.role);
  if (unknown.length === 1) {
    const only = unknown[0] as PlaceMention;
    if (has('from') && !has('to')) only.role = 'to';
    else if (has('to') && !has('from')) only.role = 'from';
    else if (expecting === 'from' || expecting === 'to') only.role = expecting;
    else only.role = out.length === 1 ? 'to' : 'to';
  } else if (unknown.length >= 2) {
    const [a, b] = unknown as [PlaceMention, PlaceMention];
    a.role = has('from') ? 'to' : 'from';
    b.role = has('to') ? 'from' : 'to';
  }
  return out;
}
