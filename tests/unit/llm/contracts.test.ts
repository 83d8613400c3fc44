import { describe, expect, it } from 'vitest';
import {
  ExpertBody,
  makeMeta,
  PlanningBody,
  RouterBody,
  SynthesizerBody,
  UnderstandingBody,
  UnderstandingOutput,
} from '../../../src/main/llm/contracts/index.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('role contracts', () => {
  it('understanding: strict objects, trimmed strings, confidence 0..1, one start_task naming the intent', () => {
    const ok = UnderstandingBody.parse({
      commands: [{ type: 'ask_question', text: '  언제 환불돼요?  ', confidence: 0.8 }],
      intent: null,
      locale: 'ko',
    });
    expect(ok.commands[0]).toMatchObject({ text: '언제 환불돼요?' });
    expect(UnderstandingBody.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(UnderstandingBody.safeParse({ commands: [{ type: 'confirm', confidence: 2 }], intent: null, locale: 'ko' }).success).toBe(false);
    expect(UnderstandingBody.safeParse({ commands: [], intent: null, locale: 'ko' }).success).toBe(false);
    const wrongIntent = UnderstandingBody.safeParse({
      commands: [{ type: 'start_task', intent: 'HotelSearch', confidence: 0.9 }],
      intent: { name: 'FlightSearch', confidence: 0.9 },
      locale: 'ko',
    });
    expect(messages(wrongIntent)).toContain('intent must name the started task');
    // slot values are typed by the pack that owns the slot (checked when applied, see the packs test)
    expect(
      UnderstandingBody.safeParse({
        commands: [{ type: 'set_slot', slot: 'direct_only', value: 'yes', confidence: 0.9 }],
        intent: null,
        locale: 'en',
      }).success,
    ).toBe(true);
  });

  it('understanding output carries the meta fields', () => {
    const body = { commands: [{ type: 'confirm', confidence: 0.9 }], intent: null, locale: 'en' };
    expect(UnderstandingOutput.safeParse({ ...makeMeta('understanding'), ...body }).success).toBe(true);
    expect(UnderstandingOutput.safeParse(body).success).toBe(false);
    expect(UnderstandingOutput.safeParse({ ...makeMeta('understanding', 'bad id'), ...body }).success).toBe(false);
  });

  it('planning: gate.ready only when nothing required is missing; a question while something is missing', () => {
    const base = {
      response_text: '날짜를 알려주세요.',
      slot_updates: [],
      missing_slots: ['date_start'],
      next_question: '언제 출발하세요?',
      gate: { ready: false, missing_required: ['date_start'] },
      plan: null,
    };
    expect(PlanningBody.safeParse(base).success).toBe(true);
    expect(messages(PlanningBody.safeParse({ ...base, gate: { ready: true, missing_required: ['date_start'] } }))).toContain(
      'gate.ready is true only when nothing required is missing',
    );
    expect(messages(PlanningBody.safeParse({ ...base, next_question: '   ' }))).toContain(
      'next_question must not be empty while something is missing',
    );
    expect(PlanningBody.safeParse({ ...base, response_text: '' }).success).toBe(false);
    expect(PlanningBody.safeParse({ ...base, slot_updates: [{ slot: 'date_start', value: '2026-12-20', confidence: 1.2 }] }).success).toBe(
      false,
    );
  });

  it('expert: an answer rests on findings; cannot_answer says who to ask', () => {
    const answer = { action: 'answer', tool_calls: [], findings: [], answer: '23kg', who_to_ask: null };
    expect(messages(ExpertBody.safeParse(answer))).toContain('an answer rests on at least one finding from a tool');
    expect(
      ExpertBody.safeParse({ ...answer, findings: [{ claim: 'checked bag 23kg', source_tool: 'baggage_rules', confidence: 0.9 }] }).success,
    ).toBe(true);
    expect(messages(ExpertBody.safeParse({ ...answer, action: 'cannot_answer', answer: null }))).toContain(
      'say who to ask when you cannot answer',
    );
    expect(messages(ExpertBody.safeParse({ ...answer, action: 'call_tools', answer: null }))).toContain(
      'call_tools needs at least one tool call',
    );
  });

  it('router and synthesizer: at least one expert; an uncited answer says who to ask', () => {
    expect(RouterBody.safeParse({ category: 'baggage', experts: [], reason: 'x' }).success).toBe(false);
    expect(RouterBody.safeParse({ category: 'baggage', experts: ['travel'], reason: 'flight rules' }).success).toBe(true);
    const synth = { answer: '모르겠어요', citations: [], risks: [], confidence: 0.2, failure: null, who_to_ask: null };
    expect(messages(SynthesizerBody.safeParse(synth))).toContain('an answer without citations must say who to ask');
    expect(SynthesizerBody.safeParse({ ...synth, who_to_ask: '항공사 고객센터' }).success).toBe(true);
  });
});
