import { describe, expect, it } from 'vitest';
import { clickRef } from '../../../../../src/main/agent/offline/skills/controls.ts';
import type { ResultList } from '../../../../../src/main/agent/page-model/types.ts';
import { buttonOf, pageModelOf } from '../../page-model-parts.ts';

/** Several buttons that say the same words: the one whose card says the rest, never a guess. */
describe('pressing one of several buttons that say the same', () => {
  const more = (h: string) => buttonOf(h, 'Details', { kind: 'toggle' });
  const cards: ResultList = {
    idx: 0,
    handle: '0:90',
    kind: 'list',
    headers: [],
    label: '',
    records: [
      { handle: '0:80', list: 0, index: 0, text: 'Pottery taster · $30 Details', cells: [], values: {}, actions: [more('0:1')] },
      { handle: '0:81', list: 0, index: 1, text: 'Glaze workshop · $55 Details', cells: [], values: {}, actions: [more('0:2')] },
    ],
  };
  const m = pageModelOf({ buttons: [more('0:1'), more('0:2')], lists: [cards] });

  it('the card that says the rest of the words', () => {
    const step = clickRef('glaze details', m, []);
    expect(step !== 'done' && step.type === 'act' && 'handle' in step.action ? step.action.handle : undefined).toBe('0:2');
  });

  it('asks when nothing said tells which', () => {
    const step = clickRef('details', m, []);
    expect(step !== 'done' && step.type).toBe('ask');
  });
});
