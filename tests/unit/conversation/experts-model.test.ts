/**
 * The expert graph with a model set, through its contracts, on the AI SDK's mock model: the
 * router's class, an expert's tool loop (at most three rounds), the synthesizer's answer, the
 * persona (few emoji) and the offline classifier when the router's model fails. The tools are
 * real (Steward's documentation through the runtime).
 */
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { TurnAudit } from '../../../src/main/conversation/audit.ts';
import { knowledgeTools } from '../../../src/main/conversation/experts/concierge/knowledge.ts';
import { runExpertGraph } from '../../../src/main/conversation/experts/graph.ts';
import { runtimeToolPort } from '../../../src/main/conversation/tool-port.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { reply } from '../llm/mock-model.ts';

type Role = 'router' | 'expert' | 'synthesizer';
const roleOf = (o: LanguageModelV4CallOptions): Role => {
  const p = JSON.stringify(o.prompt);
  if (p.includes('You route a question')) return 'router';
  if (p.includes('You are a domain expert')) return 'expert';
  return 'synthesizer';
};

/** A model answering each role from its own script, in order; records which role each call was. */
function scripted(script: Record<Role, string[]>) {
  const next: Record<Role, number> = { router: 0, expert: 0, synthesizer: 0 };
  const roles: Role[] = [];
  const model = new MockLanguageModelV4({
    provider: 'mock',
    modelId: 'concierge',
    doGenerate: async (o) => {
      const role = roleOf(o);
      roles.push(role);
      const list = script[role];
      const text = list[Math.min(next[role], list.length - 1)] as string;
      next[role]++;
      return reply(text);
    },
  });
  return { model, roles };
}

function rig() {
  const store = openStore(':memory:');
  const runtime = new ToolRuntime({ store });
  runtime.register(...knowledgeTools({ places: [] }));
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  // a real turn audit over a sink that keeps the events
  const audit = new TurnAudit('s', 't', (e) => void events.push({ type: e.type, data: e.data }));
  return { store, tools: runtimeToolPort(runtime), events, audit };
}

const J = (o: unknown) => JSON.stringify(o);

describe('expert graph with a model', () => {
  it('router class → expert tool loop over real tools → synthesizer answer, in persona', async () => {
    const r = rig();
    const { model, roles } = scripted({
      router: [J({ category: 'service_policy', experts: ['app_logic'], reason: 'a question about Steward settings' })],
      expert: [
        J({
          action: 'call_tools',
          tool_calls: [{ tool: 'faq_lookup', input: { query: 'language model settings' } }],
          findings: [],
          answer: null,
          who_to_ask: null,
        }),
        J({
          action: 'answer',
          tool_calls: [],
          findings: [{ claim: 'a model is chosen in settings', source_tool: 'faq_lookup', confidence: 0.8 }],
          answer: 'Choose the model in settings.',
          who_to_ask: null,
        }),
      ],
      synthesizer: [
        J({
          answer: 'You can choose a language model in Steward’s settings 🙂😀🎉',
          citations: [{ expert: 'app_logic', claim: 'a model is chosen in settings' }],
          risks: [],
          confidence: 0.8,
          failure: null,
          who_to_ask: null,
        }),
      ],
    });
    const out = await runExpertGraph(
      { registry: await loadPacks(), tools: r.tools, model: { model, modelName: 'mock/concierge' } },
      'Where do I pick the language model?',
      { locale: 'en', facts: {}, turnId: 't1', sessionId: 's1', audit: r.audit },
    );
    expect(out.intent).toBe('service_policy');
    expect(out.state.activated).toEqual(['app_logic']);
    expect(roles).toEqual(['router', 'expert', 'expert', 'synthesizer']);
    // the expert's tool call really ran: the second round saw what the README says
    expect(out.state.collected).toHaveLength(1);
    expect(out.state.collected[0]).toMatchObject({ tool: 'faq_lookup', ok: true });
    expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain('README.md');
    // the persona rules went to the model, and the answer keeps one emoji
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('Never guess');
    expect(out.answer).toBe('You can choose a language model in Steward’s settings 🙂');
    expect(r.events.find((e) => e.type === 'POLICY_DECISION')?.data).toMatchObject({ intent: 'service_policy', by: 'model' });
  });

  it('an expert that keeps asking for tools stops after three rounds; the failure reaches the answer with a next step', async () => {
    const r = rig();
    const more = J({
      action: 'call_tools',
      tool_calls: [{ tool: 'faq_lookup', input: { query: 'approval' } }],
      findings: [],
      answer: null,
      who_to_ask: null,
    });
    const { model, roles } = scripted({
      router: [J({ category: 'service_policy', experts: ['app_logic'], reason: 'policy' })],
      expert: [more],
      synthesizer: [
        J({
          answer: 'I could not find a clear answer in Steward’s documentation.',
          citations: [],
          risks: [],
          confidence: 0.2,
          failure: { cause: 'the expert did not finish', next_action: 'Please check the README’s approval section.' },
          who_to_ask: 'whoever set up Steward for you',
        }),
      ],
    });
    const out = await runExpertGraph({ registry: await loadPacks(), tools: r.tools, model: { model } }, 'What needs my approval?', {
      locale: 'en',
      facts: {},
      turnId: 't2',
      sessionId: 's2',
      audit: r.audit,
    });
    // rounds 1 and 2 called tools; round 3 may not (the contract refuses it, once retried)
    expect(roles.filter((x) => x === 'expert')).toHaveLength(4);
    expect(r.store.runs.toolCalls('s2').filter((c) => c.tool === 'faq_lookup')).toHaveLength(2);
    expect(out.answer).toContain('Please check the README’s approval section.');
    expect(out.answer).toContain('whoever set up Steward for you');
  });

  it('when the router model breaks its contract twice, the offline classifier routes', async () => {
    const r = rig();
    const { model } = scripted({ router: ['not json'], expert: ['not json'], synthesizer: ['not json'] });
    const out = await runExpertGraph(
      { registry: await loadPacks(), tools: r.tools, model: { model } },
      'How do I change the approval settings in Steward?',
      { locale: 'en', facts: {}, turnId: 't3', sessionId: 's3', audit: r.audit },
    );
    expect(r.events.find((e) => e.type === 'POLICY_DECISION')?.data).toMatchObject({ by: 'offline', activated_experts: ['app_logic'] });
    // the model's expert and synthesizer failed too: the rule-based path still answers from nothing it did not see
    expect(out.answer.length).toBeGreaterThan(0);
    expect(out.answer).not.toContain('not json');
  });

  it('with no route site, the transport expert may answer from general knowledge, and the person is told so', async () => {
    const r = rig();
    const claim = 'The airport railroad runs from Incheon Airport to Seoul Station in about an hour.';
    const { model, roles } = scripted({
      router: [J({ category: 'transport', experts: ['transport'], reason: 'a route between two places' })],
      expert: [
        J({
          action: 'answer',
          tool_calls: [],
          findings: [{ claim, source_tool: 'general_knowledge', confidence: 0.5 }],
          answer: claim,
          who_to_ask: 'the AREX information desk at the airport',
        }),
      ],
      synthesizer: [
        J({
          answer: claim,
          citations: [{ expert: 'transport', claim }],
          risks: [],
          confidence: 0.5,
          failure: null,
          who_to_ask: 'the AREX information desk at the airport',
        }),
      ],
    });
    const out = await runExpertGraph(
      { registry: await loadPacks(), tools: r.tools, model: { model } },
      'How do I get from Incheon Airport to Seoul Station?',
      { locale: 'en', facts: {}, turnId: 't4', sessionId: 's4', audit: r.audit },
    );
    expect(roles).toEqual(['router', 'expert', 'synthesizer']);
    expect(out.answer).toContain('about an hour');
    expect(out.answer).toContain('general knowledge, not checked on a site');
  });

  it("the app's own rules are never answered from general knowledge: such an answer breaks the contract", async () => {
    const r = rig();
    const guess = 'Steward pays small amounts without asking.';
    const prompts: string[] = [];
    const { model } = scripted({
      router: [J({ category: 'service_policy', experts: ['app_logic'], reason: 'a question about Steward' })],
      expert: [
        J({
          action: 'answer',
          tool_calls: [],
          findings: [{ claim: guess, source_tool: 'general_knowledge', confidence: 0.5 }],
          answer: guess,
          who_to_ask: 'the app',
        }),
      ],
      synthesizer: [
        J({
          answer: 'I could not check that; please see the settings screen.',
          citations: [],
          risks: [],
          confidence: 0.3,
          failure: null,
          who_to_ask: null,
        }),
      ],
    });
    const spy = model.doGenerate.bind(model);
    model.doGenerate = async (o) => {
      prompts.push(JSON.stringify(o.prompt));
      return spy(o);
    };
    const out = await runExpertGraph(
      { registry: await loadPacks(), tools: r.tools, model: { model } },
      'Does Steward pay small amounts without asking?',
      {
        locale: 'en',
        facts: {},
        turnId: 't5',
        sessionId: 's5',
        audit: r.audit,
      },
    );
    // the guess was refused twice (the contract's check), so the synthesizer never saw it
    const synthPrompt = prompts.find((x) => !x.includes('You route a question') && !x.includes('You are a domain expert')) ?? '';
    expect(synthPrompt).not.toContain('pays small amounts');
    expect(out.answer).not.toContain('pays small amounts');
    expect(out.answer).not.toContain('general knowledge');
  });
});
