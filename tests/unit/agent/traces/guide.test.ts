import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../../src/main/agent/loop/actions.ts';
import type { Decider } from '../../../../src/main/agent/loop/contract.ts';
import { TraceDecider } from '../../../../src/main/agent/traces/guide.ts';
import type { TraceStep } from '../../../../src/main/agent/traces/step.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

const button = buttonOf;
const model = pageModelOf({
  buttons: [button('0:1', 'Wed · Dec 2'), button('0:2', 'Thu · Dec 3'), button('0:3', 'Show classes')],
});
const click = (label: string): TraceStep => ({ action: 'click', locator: { kind: 'button', label }, why: '', target: label });
const healed: Decision = { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'healed by the fallback' };
const fallback: Decider = { name: 'offline', decide: async () => healed };

describe('replaying a learned trace', () => {
  it('a button with no number in its words is pressed again', async () => {
    const d = await new TraceDecider(fallback, () => ({ steps: [click('Show classes')], values: {} })).decide({
      goal: { locale: 'en' },
      model,
      history: [],
    });
    expect(d.type === 'act' && 'handle' in d.action && d.action.handle).toBe('0:3');
  });

  it('a day, a time or a seat the last request chose is not pressed for this one: the decider reads this request', async () => {
    const d = await new TraceDecider(fallback, () => ({ steps: [click('Thu · Dec 3')], values: {} })).decide({
      goal: { locale: 'en' },
      model,
      history: [],
    });
    expect(d).toBe(healed);
  });

  it('a day chip drawn as a radio ("목 3") the last request chose is not clicked for this one', async () => {
    const chips = pageModelOf({
      fields: [fieldOf('수 2', { handle: '0:1', kind: 'radio' }), fieldOf('목 3', { handle: '0:2', kind: 'radio' })],
    });
    const step: TraceStep = { action: 'click', locator: { kind: 'field', label: '목 3', purpose: 'other' }, why: '', target: '목 3' };
    const d = await new TraceDecider(fallback, () => ({ steps: [step], values: {} })).decide({
      goal: { locale: 'ko' },
      model: chips,
      history: [],
    });
    expect(d).toBe(healed);
  });

  it('a button whose words several buttons share (the "+" of each counter) is not pressed by guess', async () => {
    const counters = pageModelOf({ buttons: [button('0:1', '+'), button('0:2', '+'), button('0:3', 'Show classes')] });
    const d = await new TraceDecider(fallback, () => ({ steps: [click('+')], values: {} })).decide({
      goal: { locale: 'en' },
      model: counters,
      history: [],
    });
    expect(d).toBe(healed);
  });
});
