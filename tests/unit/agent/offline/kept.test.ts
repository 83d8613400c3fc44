import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../src/main/agent/loop/actions.ts';
import { valueNotKept } from '../../../../src/main/agent/offline/kept.ts';
import type { Field } from '../../../../src/main/agent/page-model/types.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

const step = (o: Partial<StepRecord> & Pick<StepRecord, 'action' | 'target'>): StepRecord => ({
  index: 0,
  source: 'decided',
  why: '',
  ok: true,
  observed: '',
  ...o,
});
const country = (value: string): Field => fieldOf('Destination country', { purpose: 'country', value, required: true, autocomplete: true });
const model = (f: Field) => pageModelOf({ fields: [f] });

describe('a value the form kept after the send', () => {
  const typed = step({ action: { kind: 'fill', handle: '0:1', value: 'Portugal' }, target: 'Destination country' });
  const send = step({ action: { kind: 'click', handle: '0:9' }, target: 'Apply', observed: 'the page changed' });

  it('a suggestion chosen for the words typed is what the field was to hold, in the page language too', () => {
    const chose = step({
      action: { kind: 'click', handle: '0:5' },
      target: '포르투갈 (Portugal)',
      why: 'put "Portugal" in "Destination country": "Destination country" offers "포르투갈 (Portugal)" for "Portugal"',
    });
    expect(valueNotKept([typed, chose, send], model(country('포르투갈')))).toBeUndefined();
  });

  it('with no suggestion chosen, another value in the field is named', () => {
    expect(valueNotKept([typed, send], model(country('Poland')))).toContain('Portugal');
  });
});
