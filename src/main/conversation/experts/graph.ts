/**
 * The expert graph as a QuestionAnswerer: router → (each activated expert's tool loop, in
 * order) → synthesizer, with the routing and every expert's calls in the audit log. The
 * concierge experts (app_logic, transport, korea_travel) are always there; packs add their own.
 * With a model set, the router, each expert's loop and the synthesizer run through their
 * contracts; without one (or when the router's model fails) the offline classifier routes and
 * the rule-based loop and synthesizer answer. Every answer follows the persona rules.
 */
import { toErrorValue } from '../../../shared/errors.ts';
import { GENERAL_KNOWLEDGE } from '../../llm/contracts/expert.ts';
import type { PackRegistry } from '../../packs/registry.ts';
import type { Facts, Locale } from '../../packs/types.ts';
import type { TurnAudit } from '../audit.ts';
import type { QuestionAnswerer } from '../tasks/types.ts';
import type { ToolPort } from '../tool-port.ts';
import { conciergeExperts } from './concierge/experts.ts';
import type { SavedPlace } from './concierge/knowledge.ts';
import { inPersona } from './concierge/persona.ts';
import { runExpertLoop } from './expert-loop.ts';
import { type GraphModel, intentOf, routeWithModel, runModelExpertLoop, type SynthInput, synthesizeWithModel } from './model.ts';
import { nextNode, routeQuestion } from './router.ts';
import { synthesize } from './synthesizer.ts';
import { DEFAULT_PERSONA, type ExpertOf, type GraphState, type Persona } from './types.ts';

export interface ExpertGraphOptions {
  registry: PackRegistry;
  tools: ToolPort;
  persona?: Persona;
  /** Runs the router, expert and synthesizer contracts. */
  model?: GraphModel;
  /** The person's saved places (app_logic reads them without private fields). */
  places?: SavedPlace[];
  /** The person's route and tourism sites (`routes`, `tourism`); a missing one is named when asked about. */
  sites?: Record<string, string>;
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

type Ctx = { locale: Locale; facts: Facts; turnId: string; sessionId: string; audit?: TurnAudit };

async function route(opts: ExpertGraphOptions, question: string, ctx: Ctx, experts: ExpertOf[]) {
  if (opts.model) {
    try {
      const r = await routeWithModel(opts.model, question, ctx.locale, experts);
      return { ...r, activated: r.activated.filter((id) => experts.some((e) => e.id === id)), by: 'model' as const };
    } catch (e) {
      const v = toErrorValue(e);
      ctx.audit?.emit(
        'TOOL_FAILED',
        `router model failed: ${v.code}; the offline classifier routes`,
        { role: 'router', error: { code: v.code, message: v.message } },
        'warn',
      );
    }
  }
  const activated = routeQuestion(question, experts);
  return {
    intent: intentOf(activated),
    activated,
    reason: activated.length ? 'keywords matched' : 'no expert matches',
    by: 'offline' as const,
  };
}

export interface GraphAnswer {
  answer: string;
  state: GraphState;
  /** The router's class: service_policy, transport, tourism or complex. */
  intent: string;
}

export async function runExpertGraph(opts: ExpertGraphOptions, question: string, ctx: Ctx): Promise<GraphAnswer> {
  return (await graphRun(opts, question, ctx, 'always')) as GraphAnswer;
}

/** 'when_routed': nothing (undefined) unless the router activated an expert. */
async function graphRun(
  opts: ExpertGraphOptions,
  question: string,
  ctx: Ctx,
  only: 'always' | 'when_routed',
): Promise<GraphAnswer | undefined> {
  const experts = [...conciergeExperts(opts.places, opts.sites), ...expertsOf(opts.registry)];
  const routed = await route(opts, question, ctx, experts);
  if (only === 'when_routed' && !routed.activated.length) return undefined;
  const state: GraphState = { question, locale: ctx.locale, context: ctx.facts, activated: routed.activated, completed: [], collected: [] };
  ctx.audit?.emit('POLICY_DECISION', `router (${routed.by}): ${routed.intent} → ${state.activated.join(', ') || 'no expert'}`, {
    stage: 'router',
    action: 'route',
    intent: routed.intent,
    by: routed.by,
    reason: state.activated.length ? routed.reason : 'no expert matches; synthesizer answers with a referral',
    activated_experts: state.activated,
  });
  const results: SynthInput[] = [];
  const call = { sessionId: ctx.sessionId, turnId: ctx.turnId };
  for (let node = nextNode(state.activated, state.completed); node !== 'synthesizer'; node = nextNode(state.activated, state.completed)) {
    const expert = experts.find((e) => e.id === node) as ExpertOf;
    if (opts.model) {
      try {
        const r = await runModelExpertLoop(opts.model, expert, question, ctx.locale, opts.tools, call);
        state.collected.push(...r.collected);
        results.push({
          expert: expert.id,
          findings: r.body?.findings ?? [],
          answer: r.body?.answer ?? null,
          who_to_ask: r.body?.who_to_ask ?? null,
          error: r.collected.find((c) => !c.ok)?.error?.code ?? null,
        });
      } catch (e) {
        const v = toErrorValue(e);
        results.push({ expert: expert.id, findings: [], answer: null, who_to_ask: null, error: `${v.code}: ${v.message}` });
      }
    } else {
      state.collected.push(...(await runExpertLoop(expert, state, opts.tools, call)));
    }
    for (const c of state.collected.filter((x) => x.expert === node && !x.ok))
      ctx.audit?.emit('TOOL_FAILED', `${c.tool} failed: ${c.error?.code}`, { tool: c.tool, expert: c.expert, error: c.error }, 'warn');
    state.completed.push(node);
  }
  let answer: string | undefined;
  if (opts.model && results.length) {
    try {
      answer = await synthesizeWithModel(opts.model, question, ctx.locale, results);
    } catch (e) {
      const v = toErrorValue(e);
      ctx.audit?.emit(
        'TOOL_FAILED',
        `synthesizer model failed: ${v.code}; the rule-based synthesizer answers`,
        { role: 'synthesizer', error: { code: v.code, message: v.message } },
        'warn',
      );
    }
  }
  answer ??= synthesize(state.collected, experts, state.activated, ctx.locale, opts.persona ?? DEFAULT_PERSONA);
  // an answer from the model's own knowledge is said to be one
  if (results.some((r) => r.findings.length > 0 && r.findings.every((f) => f.source_tool === GENERAL_KNOWLEDGE))) {
    answer = `${answer}\n${GENERAL_KNOWLEDGE_NOTE[ctx.locale]}`;
  }
  return { answer: inPersona(answer, ctx.locale), state, intent: routed.intent };
}

const GENERAL_KNOWLEDGE_NOTE: Record<Locale, string> = {
  ko: '(일반적으로 알려진 내용이에요. 사이트에서 확인한 정보가 아니니, 가기 전에 최신 정보를 한 번 더 확인해 주세요.)',
  en: '(This is general knowledge, not checked on a site — please check the latest details before you go.)',
};

export function createExpertGraph(opts: ExpertGraphOptions): QuestionAnswerer {
  return {
    answer: async (question, ctx) => (await runExpertGraph(opts, question, ctx)).answer,
    consider: async (text, ctx) => (await graphRun(opts, text, ctx, 'when_routed'))?.answer,
  };
}
