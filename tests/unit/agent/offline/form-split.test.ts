import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../src/main/agent/loop/actions.ts';
import { sendSplitsForms } from '../../../../src/main/agent/offline/form.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

const filled = (handle: string, value: string): StepRecord => ({
  index: 0,
  source: 'decided',
  action: { kind: 'fill', handle, value },
  target: '',
  why: '',
  ok: true,
  observed: '',
});

describe('a send for one form while the values sit in another', () => {
  const page = pageModelOf({
    fields: [
      fieldOf('Your name', { handle: '0:1', purpose: 'full_name', form: 0, value: 'Ines Vale' }),
      fieldOf('Postcode', { handle: '0:2', form: 0, value: 'E2 7DJ' }),
      fieldOf('Show day', { handle: '0:3', kind: 'date', form: 2, value: '2026-12-03' }),
      fieldOf('Name', { handle: '0:4', purpose: 'full_name', form: 1 }),
    ],
    buttons: [buttonOf('0:9', 'Ring me', { kind: 'submit', form: 1 }), buttonOf('0:8', 'Get a quote', { kind: 'submit', form: 0 })],
  });

  it('is asked about when the person’s details went into the other form', () => {
    const ask = sendSplitsForms('0:9', page, [filled('0:1', 'Ines Vale'), filled('0:2', 'E2 7DJ')]);
    expect(ask?.type).toBe('ask');
  });

  it('goes ahead when everything went into the form it sends, or only a box that changes what the page shows', () => {
    expect(sendSplitsForms('0:8', page, [filled('0:1', 'Ines Vale'), filled('0:2', 'E2 7DJ')])).toBeUndefined();
    expect(sendSplitsForms('0:9', page, [filled('0:3', '2026-12-03')])).toBeUndefined();
  });
});
