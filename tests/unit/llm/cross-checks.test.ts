import { describe, expect, it } from 'vitest';
import { makeMeta } from '../../../src/main/llm/contracts/meta.ts';
import { runContract } from '../../../src/main/llm/runner.ts';
import { StewardError } from '../../../src/shared/errors.ts';
import { promptOf, replayModel } from './mock-model.ts';

const routerInput = {
  ...makeMeta('router', 'trc_router01'),
  question: '수하물 몇 kg까지 돼?',
  locale: 'ko' as const,
  experts: [
    { name: 'travel', description: 'flights and hotels: fares, baggage, check-in' },
    { name: 'orders', description: 'shop orders: shipping, refunds' },
  ],
};

describe('role rules that need the input', () => {
  it('router: an expert that does not exist is a contract failure, retried with the reason', async () => {
    const model = replayModel(
      JSON.stringify({ category: 'baggage', experts: ['airline'], reason: 'baggage rules' }),
      JSON.stringify({ category: 'baggage', experts: ['travel'], reason: 'baggage rules are travel' }),
    );
    const out = await runContract('router', routerInput, { model });
    expect(out.experts).toEqual(['travel']);
    expect(promptOf(model, 1)).toContain('expert \\"airline\\" is not one of travel, orders');
  });

  it('planning: a ready gate while a required slot is still missing fails after one retry', async () => {
    const body = {
      response_text: '검색할게요.',
      slot_updates: [],
      missing_slots: [],
      next_question: '',
      gate: { ready: true, missing_required: [] },
      plan: null,
    };
    const model = replayModel(JSON.stringify(body), JSON.stringify(body));
    const input = {
      ...makeMeta('planning'),
      session_id: 'sess_1',
      stage: 'CHAT_COLLECTING' as const,
      user_message: '인천에서 나리타',
      intent: 'FlightSearch' as const,
      slots: { from: 'ICN', to: 'NRT' },
      required_slots: ['from' as const, 'to' as const, 'date_start' as const],
      locale: 'ko' as const,
    };
    const err = await runContract('planning', input, { model }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StewardError);
    expect((err as StewardError).code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(JSON.stringify((err as StewardError).details.attempts)).toContain('date_start is still missing');
  });

  it('expert: a finding must cite a tool that returned something; the last iteration cannot call tools', async () => {
    const base = {
      ...makeMeta('expert'),
      expert: 'travel',
      question: 'baggage allowance?',
      locale: 'en' as const,
      tools: [{ name: 'baggage_rules', description: 'airline baggage rules' }],
      observations: [],
    };
    const cite = JSON.stringify({
      action: 'answer',
      tool_calls: [],
      findings: [{ claim: '23kg', source_tool: 'baggage_rules', confidence: 0.9 }],
      answer: '23kg',
      who_to_ask: null,
    });
    const call = JSON.stringify({
      action: 'call_tools',
      tool_calls: [{ tool: 'baggage_rules', input: {} }],
      findings: [],
      answer: null,
      who_to_ask: null,
    });
    const ok = await runContract('expert', { ...base, iteration: 1 }, { model: replayModel(cite, call) });
    expect(ok.action).toBe('call_tools');
    const last = await runContract('expert', { ...base, iteration: 3 }, { model: replayModel(call, call) }).catch((e: unknown) => e);
    expect((last as StewardError).code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(JSON.stringify((last as StewardError).details.attempts)).toContain('iteration 3 is the last');
  });
});
