/**
 * How a session understands text: the offline parser (default), a model through the
 * understanding contract, or any Understand function.
 */
import type { LanguageModel } from 'ai';
import { parseUtterance } from '../agent/nlu/index.ts';
import { understandWithModel } from '../llm/understand-with-model.ts';
import type { Understand } from './turn.ts';

export type UnderstandingChoice = 'offline' | Understand | { model: LanguageModel; modelName?: string };

export const offlineUnderstand: Understand = (text, o) =>
  parseUtterance(text, { now: o.now, tz: o.tz, ...(o.locale ? { locale: o.locale } : {}), state: o.state });

export function understandFor(u: UnderstandingChoice, sessionId: string): Understand {
  if (u === 'offline') return offlineUnderstand;
  if (typeof u === 'function') return u;
  return (text, o) =>
    understandWithModel(
      text,
      { now: o.now, tz: o.tz, state: o.state, sessionId },
      { model: u.model, ...(u.modelName ? { modelName: u.modelName } : {}) },
    );
}

export function labelOf(u: UnderstandingChoice): string {
  if (u === 'offline') return 'offline';
  if (typeof u === 'function') return 'custom';
  return u.modelName ?? (typeof u.model === 'string' ? u.model : `${u.model.provider}/${u.model.modelId}`);
}
