import { describe, expect, it } from 'vitest';
import { pressChip } from '../../../../../src/main/agent/offline/skills/chips.ts';
import { buttonOf, fieldOf, pageModelOf } from '../../page-model-parts.ts';

const clicked = (step: ReturnType<typeof pressChip>) =>
  step !== 'done' && step.type === 'act' && 'handle' in step.action ? step.action.handle : step;

describe('a row of filter chips', () => {
  const chips = [
    buttonOf('0:1', '전체', { selected: true }),
    buttonOf('0:2', '요가'),
    buttonOf('0:3', '필라테스'),
    buttonOf('0:4', 'Gluten-free', { kind: 'link', href: 'http://x/#gf' }),
    // a record's own button is no chip
    buttonOf('0:9', '필라테스 예약', { regions: ['rec:0:1'] }),
  ];
  const model = pageModelOf({ buttons: chips });

  it('the chip whose words the request holds ("필라테스 수업" → 필라테스), not a record\'s button', () => {
    expect(clicked(pressChip('필라테스 수업', model, []))).toBe('0:3');
  });

  it('a chip drawn as a link, named with a kind noun after it', () => {
    expect(clicked(pressChip('gluten-free dishes', model, []))).toBe('0:4');
  });

  it('a chip pressed already is done; no chip of that name is not found', () => {
    expect(pressChip('전체', model, [])).toBe('done');
    const step = pressChip('복싱', model, []);
    expect(step !== 'done' && step.type).toBe('fail');
  });

  it('a chip that shows no pressed state (a link) is pressed once: the page changing after it was the check', () => {
    const pressed = [
      {
        index: 0,
        source: 'decided' as const,
        action: { kind: 'click' as const, handle: '0:4' },
        target: 'Gluten-free',
        // the decider puts the clause's words before the skill's own
        why: 'only "gluten-free": chip: "Gluten-free" shows only "gluten-free"',
        ok: true,
        observed: 'the page changed',
      },
    ];
    expect(pressChip('gluten-free dishes', model, pressed)).toBe('done');
  });

  it("no chip of that name: a filter list's option of that name", () => {
    const list = fieldOf('종목', {
      handle: '0:20',
      kind: 'select',
      options: [
        { label: '전체', value: '', selected: true },
        { label: '요가', value: 'yoga', selected: false },
      ],
    });
    const step = pressChip('요가', pageModelOf({ fields: [list] }), []);
    expect(step !== 'done' && step.type === 'act' && step.action).toEqual({ kind: 'select', handle: '0:20', option: '요가' });
  });
});
