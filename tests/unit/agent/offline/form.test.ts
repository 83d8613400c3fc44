import { describe, expect, it } from 'vitest';
import { fillForm } from '../../../../src/main/agent/offline/form.ts';
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
