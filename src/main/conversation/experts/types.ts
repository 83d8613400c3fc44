/**
 * The expert graph: router → experts → synthesizer. Experts are declared by packs
 * (`pack.expert`: keywords, tools, referral); each runs its own tool loop of at most three
 * iterations; the synthesizer answers only from what the tools returned, or says who to ask.
 */
import type { ErrorValue } from '../../../shared/errors.ts';
import type { ExpertSpec, Facts, Locale } from '../../packs/types.ts';

export interface Persona {
  /** How the assistant refers to itself, e.g. "Steward". */
  name: string;
  /** polite: 존댓말, full sentences; brief: short factual lines. */
  tone: 'polite' | 'brief';
}

export const DEFAULT_PERSONA: Persona = { name: 'Steward', tone: 'polite' };

export interface Collected {
  expert: string;
  tool: string;
  ok: boolean;
  data?: Record<string, unknown>;
  error?: ErrorValue;
}

export interface GraphState {
  question: string;
  locale: Locale;
  context: Facts;
  activated: string[];
  completed: string[];
  collected: Collected[];
}

export type ExpertOf = ExpertSpec & { pack: string };
