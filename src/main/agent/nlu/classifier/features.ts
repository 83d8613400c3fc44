/**
 * Features of an utterance for the intent classifier: recognised places stand in as a type
 * token, digits collapse to one shape, then word unigrams and bigrams plus character 2- and
 * 3-grams of the text without spaces (Korean spacing varies; typos leave most n-grams intact).
 * Input is cut to a bounded length first, so featurising is linear and small.
 */
import { findPlaces } from '../places/index.ts';
import { Utterance } from '../text.ts';

/** Longer requests add nothing the first part does not say. */
const MAX_CHARS = 400;

/** The text with places replaced by a type token, lower-cased and with digit runs as `0`. */
export function typedText(text: string): string {
  const u = new Utterance(text.slice(0, MAX_CHARS));
  const places = findPlaces(u).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const p of places) {
    if (p.start < at) continue;
    out += `${u.lower.slice(at, p.start)} ⓟ `;
    at = p.end;
  }
  out += u.lower.slice(at);
  return out
    .replace(/\d+(?:[.,]\d+)*/g, '0')
    .replace(/[^\p{L}\p{N}ⓟ?\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function featurise(text: string): string[] {
  const t = typedText(text);
  const words = t.split(' ').filter(Boolean);
  const feats: string[] = [];
  for (let i = 0; i < words.length; i++) {
    feats.push(`w:${words[i]}`);
    if (i > 0) feats.push(`b:${words[i - 1]}_${words[i]}`);
  }
  const flat = ` ${t.replace(/ /g, '')} `;
  for (let n = 2; n <= 3; n++) for (let i = 0; i + n <= flat.length; i++) feats.push(`c:${flat.slice(i, i + n)}`);
  if (t.includes('?')) feats.push('q:mark');
  feats.push('bias');
  return feats;
}
