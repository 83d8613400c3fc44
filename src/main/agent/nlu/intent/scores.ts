/** Scores every intent from weighted features and picks one with a confidence. */

import { nearlyEquals } from '../fuzzy.ts';
import { findPlaces } from '../places/index.ts';
import { Utterance } from '../text.ts';
import { INTENTS, type KnownIntent as Intent } from '../vocabulary.ts';
import { FEATURES, FUZZY_WORDS } from './features.ts';

export interface IntentGuess {
  name: Intent;
  score: number;
  confidence: number;
  scores: Record<Intent, number>;
}

/** Below this score no task is started (a follow-up, a question, nonsense). */
export const START_THRESHOLD = 2;

export function scoreIntents(text: string): IntentGuess {
  const lower = text.toLowerCase();
  const scores = Object.fromEntries(INTENTS.map((i) => [i, 0])) as Record<Intent, number>;
  for (const intent of INTENTS) for (const { re, w } of FEATURES[intent]) if (re.test(lower)) scores[intent] += w;
  const words = lower.split(/[\s,.!?:;()]+/).filter((w) => w.length >= 2);
  for (const [kw, intent, w] of FUZZY_WORDS) {
    if (words.some((word) => word !== kw && !word.startsWith(kw) && nearlyEquals(word.slice(0, Math.max(kw.length, word.length)), kw))) {
      scores[intent] += w;
    } else if (
      /[가-힣]/.test(kw) &&
      words.some((word) => word.length > kw.length && !word.startsWith(kw) && nearlyEquals(word.slice(0, kw.length), kw))
    ) {
      scores[intent] += w;
    }
  }
  // structure: two places read as a route; one named airport suggests a flight
  const places = findPlaces(new Utterance(text));
  if (places.length >= 2) scores.FlightSearch += 2;
  if (places.some((p) => p.entry.airport)) scores.FlightSearch += 1;
  if (places.length === 1) {
    scores.FlightSearch += 0.5;
    scores.HotelSearch += 0.4;
  }
  const ranked = [...INTENTS].sort((a, b) => scores[b] - scores[a]);
  const name = ranked[0] as Intent;
  const top = scores[name];
  const second = scores[ranked[1] as Intent];
  const confidence = Math.round(Math.min(0.98, Math.max(0.3, 0.45 + 0.08 * (top - second) + 0.04 * top)) * 100) / 100;
  return { name, score: top, confidence, scores };
}
