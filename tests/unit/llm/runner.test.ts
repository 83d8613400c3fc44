import { APICallError } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { makeMeta } from '../../../src/main/llm/contracts/meta.ts';
import { runContract } from '../../../src/main/llm/runner.ts';
import { StewardError } from '../../../src/shared/errors.ts';
import { promptOf, recorded, replayModel } from './mock-model.ts';

const NOW = new Date('2026-12-01T00:00:00Z');
const input = (message: string) => ({
  ...makeMeta('understanding', 'trc_test0001', NOW),
  session_id: 'sess_1',
  user_message: message,
  now: '2026-12-01T09:00:00+09:00',
  tz: 'Asia/Seoul',
});

async function failure(p: Promise<unknown>): Promise<StewardError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof StewardError) return e;
    throw e;
  }
  throw new Error('expected a StewardError');
}

describe('runContract', () => {
  it('returns the validated output stamped with meta on the first valid reply', async () => {
    const model = replayModel(recorded('understanding-flight-ko'));
    const out = await runContract('understanding', input('인천에서 나리타 12월 20일 직항 찾아줘'), { model, now: () => NOW });
    expect(out).toMatchObject({ schema_version: 'v1', agent: 'understanding', trace_id: 'trc_test0001', created_at: NOW.toISOString() });
    expect(out.intent).toEqual({ name: 'FlightSearch', confidence: 0.93 });
    expect(out.commands.map((c) => c.type)).toEqual(['start_task', 'set_slot', 'set_slot', 'set_slot', 'set_slot']);
    expect(model.doGenerateCalls).toHaveLength(1);
    // structured output: the model is asked for JSON with the contract's schema
    expect(model.doGenerateCalls[0]?.responseFormat).toMatchObject({ type: 'json' });
    expect(JSON.stringify(model.doGenerateCalls[0]?.responseFormat)).toContain('start_task');
    expect(promptOf(model, 0)).toContain('인천에서 나리타');
  });

  it('stores strings trimmed', async () => {
    const model = replayModel(recorded('understanding-padded'));
    const out = await runContract('understanding', input('what is the baggage allowance?'), { model });
    expect(out.commands[0]).toEqual({ type: 'ask_question', text: "what's the baggage allowance?", confidence: 0.8 });
  });

  it('retries once with the validation error in the prompt, then succeeds', async () => {
    const model = replayModel(recorded('understanding-bad-confidence'), recorded('understanding-flight-ko'));
    const out = await runContract('understanding', input('인천에서 나리타 12월 20일 직항 찾아줘'), { model });
    expect(out.intent?.name).toBe('FlightSearch');
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(promptOf(model, 0)).not.toContain('Validation errors');
    const second = promptOf(model, 1);
    expect(second).toContain('Validation errors');
    expect(second).toContain('commands.0.confidence');
    expect(second).toContain('1.4');
  });

  it('fails with SCHEMA_VALIDATION_FAILED when the retry is invalid too', async () => {
    const model = replayModel(recorded('understanding-markdown'), recorded('understanding-bad-confidence'));
    const err = await failure(runContract('understanding', input('네'), { model }));
    expect(err.code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(err.suggestions.length).toBeGreaterThan(0);
    const attempts = err.details.attempts as { attempt: number; error: string; text?: string }[];
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts[0]?.text).toContain('```json');
    expect(attempts[1]?.error).toContain('confidence');
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('reports a model failure as MODEL_UNAVAILABLE with the cause and a next action, without retrying the contract', async () => {
    const model = new MockLanguageModelV4({
      provider: 'recorded',
      modelId: 'down',
      doGenerate: async () => {
        throw new APICallError({
          message: 'Service Unavailable',
          url: 'http://127.0.0.1:11434/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 503,
          isRetryable: false,
        });
      },
    });
    const err = await failure(runContract('understanding', input('hello'), { model, modelName: 'ollama/llama3.2' }));
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.message).toContain('Service Unavailable');
    expect(err.details).toMatchObject({ role: 'understanding', model: 'ollama/llama3.2', status: 503 });
    expect(err.suggestions.join(' ')).toMatch(/settings|offline/);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('rejects bad input before calling the model', async () => {
    const model = replayModel(recorded('understanding-flight-ko'));
    const wrongAgent = { ...input('hi'), agent: 'router' as const };
    expect((await failure(runContract('understanding', wrongAgent, { model }))).code).toBe('VALIDATION_ERROR');
    expect((await failure(runContract('understanding', { ...input('hi'), user_message: '   ' }, { model }))).code).toBe('VALIDATION_ERROR');
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
