/** What a session gives the concierge: its tools in the session's runtime, and the model its contracts run on. */
import type { LanguageModel } from 'ai';
import type { ToolRuntime } from '../../../tools/runtime.ts';
import type { GraphModel } from '../model.ts';
import { browseTools, type ConciergeBrowser } from './browse-tools.ts';
import { knowledgeTools, type SavedPlace } from './knowledge.ts';

export interface ConciergeOptions {
  /** The person's saved places (read without private fields). */
  places?: SavedPlace[];
  /** The browser for the person's route and tourism sites (`sites.routes`, `sites.tourism`). */
  browser?: ConciergeBrowser;
  /** The model for the router, expert and synthesizer contracts (else the understanding's, if it is one). */
  model?: GraphModel;
}

/** Registers the concierge's tools (Steward's documentation, saved places, the person's sites) once per runtime. */
export function registerConciergeTools(
  runtime: ToolRuntime,
  o: { concierge?: ConciergeOptions; sessionId: string; sites?: Record<string, string> },
): void {
  const own = [
    ...knowledgeTools({ places: o.concierge?.places ?? [] }),
    ...browseTools({
      runtime,
      sessionId: o.sessionId,
      sites: o.sites ?? {},
      ...(o.concierge?.browser ? { browser: o.concierge.browser } : {}),
    }),
  ];
  for (const t of own) if (!runtime.has(t.name)) runtime.register(t);
}

/** The model the expert graph's contracts run on: the concierge's own, else the understanding model. */
export function graphModel(concierge: ConciergeOptions | undefined, understanding: unknown): GraphModel | undefined {
  if (concierge?.model) return concierge.model;
  const u = understanding as { model?: LanguageModel; modelName?: string } | undefined;
  return u && typeof u === 'object' && u.model ? { model: u.model, ...(u.modelName ? { modelName: u.modelName } : {}) } : undefined;
}
