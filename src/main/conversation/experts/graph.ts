/**
 * The expert graph as a QuestionAnswerer: router → (each activated expert's tool loop, in
 * order) → synthesizer, with the routing and every expert's calls in the audit log. Offline
 * and rule-based; experts and their tools come from the registered packs.
 */
import type { PackRegistry } from '../../packs/registry.ts';
import type { Facts, Locale } from '../../packs/types.ts';
import type { TurnAudit } from '../audit.ts';
import type { QuestionAnswerer } from '../tasks/types.ts';
import type { ToolPort } from '../tool-port.ts';
import { runExpertLoop } from './expert-loop.ts';
import { nextNode, routeQuestion } from './router.ts';
import { synthesize } from './synthesizer.ts';
import { DEFAULT_PERSONA, type ExpertOf, type GraphState, type Persona } from './types.ts';

export interface ExpertGraphOptions {
  registry: PackRegistry;
  tools: ToolPort;
  persona?: Persona;
}

/** The experts of all packs; packs naming the same expert id lend it their keywords and tools together. */
export function expertsOf(registry: PackRegistry): ExpertOf[] {
  const byId = new Map<string, ExpertOf>();
  for (const p of registry.all()) {
    if (!p.expert) continue;
    const had = byId.get(p.expert.id);
    byId.set(
      p.expert.id,
      had
        ? { ...had, keywords: [...new Set([...had.keywords, ...p.expert.keywords])], tools: [...had.tools, ...p.expert.tools] }
        : { ...p.expert, pack: p.id },
    );
  }
  return [...byId.values()];
}

export async function runExpertGraph(
  opts: ExpertGraphOptions,
  question: string,
  ctx: { locale: Locale; facts: Facts; turnId: string; sessionId: string; audit?: TurnAudit },
): Promise<{ answer: string; state: GraphState }> {
  const experts = expertsOf(opts.registry);
  const state: GraphState = {
    question,
    locale: ctx.locale,
    context: ctx.facts,
    activated: routeQuestion(question, experts),
    completed: [],
    collected: [],
  };
  ctx.audit?.emit('POLICY_DECISION', `router: ${state.activated.join(', ') || 'no expert'}`, {
    stage: 'router',
    action: 'route',
    reason: state.activated.length ? 'keywords matched' : 'no expert matches; synthesizer answers with a referral',
    activated_experts: state.activated,
  });
  for (let node = nextNode(state.activated, state.completed); node !== 'synthesizer'; node = nextNode(state.activated, state.completed)) {
    const expert = experts.find((e) => e.id === node) as ExpertOf;
    const got = await runExpertLoop(expert, state, opts.tools, { sessionId: ctx.sessionId, turnId: ctx.turnId });
    for (const c of got) {
      if (!c.ok)
        ctx.audit?.emit('TOOL_FAILED', `${c.tool} failed: ${c.error?.code}`, { tool: c.tool, expert: c.expert, error: c.error }, 'warn');
    }
    state.collected.push(...got);
    state.completed.push(node);
  }
  const answer = synthesize(state.collected, experts, state.activated, ctx.locale, opts.persona ?? DEFAULT_PERSONA);
  return { answer, state };
}

export function createExpertGraph(opts: ExpertGraphOptions): QuestionAnswerer {
  return { answer: async (question, ctx) => (await runExpertGraph(opts, question, ctx)).answer };
}
