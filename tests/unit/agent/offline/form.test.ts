import { describe, expect, it } from 'vitest';
import { fillForm, unsentSubmit } from '../../../../src/main/agent/offline/form.ts';
import type { Button, Field } from '../../../../src/main/agent/page-model/types.ts';
import { buttonOf, pageModelOf } from '../page-model-parts.ts';

const now = new Date('2026-12-01T09:00:00+09:00');
const button = buttonOf;
const page = (buttons: Button[], fields: Field[] = []) => pageModelOf({ fields, buttons });
const handleOf = (s: ReturnType<typeof fillForm>) =>
  s !== 'done' && s.type === 'act' && 'handle' in s.action ? s.action.handle : undefined;

describe('the errand day on a row of day buttons', () => {
  const week = ['Tue 1 Dec', 'Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec'].map((t, i) => button(`0:${i + 1}`, t));

  it('the button that shows the day', () => {
    expect(handleOf(fillForm({ date_start: '2026-12-03' }, page([...week, button('0:9', 'Later dates')]), [], now))).toBe('0:3');
  });

  it('a day past the row: the row is paged with its own "later" button, not some other date place', () => {
    expect(
      handleOf(
        fillForm({ date_start: '2026-12-19' }, page([button('0:8', 'Earlier dates'), ...week, button('0:9', 'Later dates')]), [], now),
      ),
    ).toBe('0:9');
  });
});

describe('a send pressed and nothing reaching the site', () => {
  const table = {
    idx: 0,
    handle: '0:50',
    kind: 'table' as const,
    headers: ['Item', 'Qty'],
    label: '',
    records: [{ handle: '0:51', list: 0, index: 0, text: 'Sofa 0', cells: ['Sofa', '0'], values: {}, actions: [] }],
  };
  const step = (target: string) => ({
    index: 0,
    source: 'decided' as const,
    action: { kind: 'click' as const, handle: '0:9' },
    target,
    why: 'submit',
    clause: 0,
    ok: true,
    observed: 'the page changed',
    sent: 0,
    wrote: 0,
  });
  const model = pageModelOf({ lists: [table] });

  it('a send on a page that also shows a table is still a send: not claimed when nothing reached the site', () => {
    expect(unsentSubmit([{ kind: 'submit' }], [step('신청하기')], model)).toContain('신청하기');
  });

  it('a search a page answers in place with its rows is its answer', () => {
    expect(unsentSubmit([{ kind: 'submit' }], [step('Search')], model)).toBeUndefined();
  });
});
