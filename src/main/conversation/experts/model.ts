/**
 * The expert graph's model paths, each through its contract (validated, one retry, then
 * SCHEMA_VALIDATION_FAILED; a model that cannot be reached is MODEL_UNAVAILABLE):
 * - the router classifies the question (service_policy / transport / tourism / complex) and
 *   activates experts by name;
 * - an expert's tool loop: the model asks for tool calls (only its own tools), answers from the
 *   observations, or says who to ask — at most three rounds;
 * - the synthesizer writes the one answer from the experts' findings.
 */
import type { LanguageModel } from 'ai';
import { type ExpertBody, MAX_EXPERT_ITERATIONS, makeMeta } from '../../llm/contracts/index.ts';
import { runContract } from '../../llm/runner.ts';
import { fill } from '../../packs/text.ts';
import type { Locale } from '../../packs/types.ts';
import type { ToolPort } from '../tool-port.ts';
import { type ConciergeIntent, INTENT_OF_EXPERT } from './concierge/experts.ts';
import { PERSONA_RULES, PERSONA_TONE } from './concierge/persona.ts';
import type { Collected, ExpertOf } from './types.ts';

export interface GraphModel {
  model: LanguageModel;
  modelName?: string;
}

const INTENTS = new Set(['service_policy', 'transport', 'tourism', 'complex']);

/** The intent the activated experts stand for: one class, or complex when they span several. */
export function intentOf(activated: string[]): ConciergeIntent {
  const kinds = new Set(activated.map((id) => INTENT_OF_EXPERT[id] ?? 'complex'));
  return kinds.size === 1 ? ([...kinds][0] as ConciergeIntent) : 'complex';
}

export async function routeWithModel(
  m: GraphModel,
  question: string,
  locale: Locale,
  experts: ExpertOf[],
): Promise<{ intent: ConciergeIntent; activated: string[]; reason: string }> {
  const out = await runContract(
    'router',
    {
      ...makeMeta('router'),
      question,
      locale,
      experts: experts.map((e) => ({
        name: e.id,
        description: `${e.tools.map((t) => fill(t.description, 'en')).join('; ')} (category: ${INTENT_OF_EXPERT[e.id] ?? 'other'}; answer with category service_policy, transport, tourism or complex)`,
      })),
    },
    { model: m.model, ...(m.modelName ? { modelName: m.modelName } : {}) },
  );
  const intent = INTENTS.has(out.category) ? (out.category as ConciergeIntent) : intentOf(out.experts);
  return { intent, activated: out.experts, reason: out.reason };
}

export interface ModelExpertResult {
  collected: Collected[];
  body: ExpertBody | undefined;
  rounds: number;
}

/** One expert's tool loop with the model deciding: at most three rounds, only the expert's own tools. */
export async function runModelExpertLoop(
  m: GraphModel,
  expert: ExpertOf,
  question: string,
  locale: Locale,
  tools: ToolPort,
  ctx: { sessionId: string; turnId: string },
): Promise<ModelExpertResult> {
  const observations: Array<{ tool: string; input: unknown; output: unknown; error?: string }> = [];
  const collected: Collected[] = [];
  const own = new Set(expert.tools.map((t) => t.name));
  let body: ExpertBody | undefined;
  let rounds = 0;
  for (let iteration = 1; iteration <= MAX_EXPERT_ITERATIONS; iteration++) {
    rounds = iteration;
    const out = await runContract(
      'expert',
      {
        ...makeMeta('expert'),
        expert: expert.id,
        question,
        persona: PERSONA_RULES[locale],
        tone: PERSONA_TONE,
        locale,
        iteration,
        tools: expert.tools.map((t) => ({ name: t.name, description: fill(t.description, 'en') })),
        observations,
        general_knowledge: Boolean(expert.generalKnowledge),
      },
      { model: m.model, ...(m.modelName ? { modelName: m.modelName } : {}) },
    );
    body = out;
    if (out.action !== 'call_tools') break;
    for (const c of out.tool_calls) {
      if (!own.has(c.tool)) continue;
      const r = await tools.call(c.tool, c.input, { ...ctx, purpose: `${expert.id} expert (model): ${c.tool}` });
      observations.push(
        r.ok
          ? { tool: c.tool, input: c.input, output: r.data }
          : { tool: c.tool, input: c.input, output: null, error: `${r.error.code}: ${r.error.message}` },
      );
      collected.push(
        r.ok ? { expert: expert.id, tool: c.tool, ok: true, data: r.data } : { expert: expert.id, tool: c.tool, ok: false, error: r.error },
      );
    }
    if (iteration === MAX_EXPERT_ITERATIONS) body = undefined; // the last round asked for more tools: no answer from this expert
  }
  return { collected, body, rounds };
}

export interface SynthInput {
  expert: string;
  findings: ExpertBody['findings'];
  answer: string | null;
  who_to_ask: string | null;
  error: string | null;
}

/** The synthesizer contract: one answer from the findings, failures said with the next action. */
export async function synthesizeWithModel(m: GraphModel, question: string, locale: Locale, results: SynthInput[]): Promise<string> {
  const out = await runContract(
    'synthesizer',
    { ...makeMeta('synthesizer'), question, persona: PERSONA_RULES[locale], tone: PERSONA_TONE, locale, expert_results: results },
    { model: m.model, ...(m.modelName ? { modelName: m.modelName } : {}) },
  );
  const lines = [out.answer];
  if (out.failure) lines.push(out.failure.next_action);
  if (out.who_to_ask && !out.answer.includes(out.who_to_ask)) lines.push(out.who_to_ask);
  return lines.join('\n');
}
