/** The router: picks the experts whose pack keywords the question names (offline, rule-based). */
import type { ExpertOf } from './types.ts';

export function routeQuestion(question: string, experts: ExpertOf[]): string[] {
  const q = question.toLowerCase();
  const scored = experts
    .map((e) => ({ id: e.id, hits: e.keywords.filter((k) => q.includes(k.toLowerCase())).length }))
    .filter((s) => s.hits > 0)
    .sort((a, b) => b.hits - a.hits);
  return scored.map((s) => s.id);
}

/** After the router and after each expert: the first activated expert not yet completed, else the synthesizer. */
export function nextNode(activated: string[], completed: string[]): string {
  return activated.find((id) => !completed.includes(id)) ?? 'synthesizer';
}
