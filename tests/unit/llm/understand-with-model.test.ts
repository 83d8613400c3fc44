import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../src/main/agent/nlu/index.ts';
import { modelUnderstander, understandWithModel } from '../../../src/main/llm/understand-with-model.ts';
import { Understanding } from '../../../src/shared/commands.ts';
import { recorded, replayModel } from './mock-model.ts';

describe('understanding through a model', () => {
  it('gives the same result shape and commands as the offline parser for the same utterance', async () => {
    const text = '인천에서 나리타 12월 20일 직항 찾아줘';
    const ctx = { now: new Date('2026-12-01T09:00:00+09:00'), tz: 'Asia/Seoul' };
    const viaModel = await understandWithModel(text, ctx, { model: replayModel(recorded('understanding-flight-ko')) });
    const offline = parseUtterance(text, ctx);
    const { trace_id, ...shape } = viaModel;
    expect(trace_id).toMatch(/^trc_/);
    expect(Understanding.safeParse(shape).success).toBe(true);
    expect(Understanding.safeParse(offline).success).toBe(true);
    expect(shape.intent?.name).toBe(offline.intent?.name);
    expect(shape.slots).toEqual(offline.slots);
    const kinds = (cs: { type: string; slot?: string }[]) => cs.map((c) => `${c.type}:${c.slot ?? ''}`).sort();
    expect(kinds(shape.commands)).toEqual(kinds(offline.commands));
  });

  it('plugs into the orchestrator as its understand function and passes the state on', async () => {
    const model = replayModel(recorded('understanding-padded'));
    const understand = modelUnderstander({ model });
    const r = await understand('what is the baggage allowance?', {
      now: new Date('2026-12-01T09:00:00+09:00'),
      tz: 'Asia/Seoul',
      state: { activeIntent: 'FlightSearch', expecting: 'date_start' },
    });
    expect(r.commands).toEqual([{ type: 'ask_question', text: "what's the baggage allowance?", confidence: 0.8 }]);
    expect(r).not.toHaveProperty('trace_id');
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain('date_start');
  });
});
