import { describe, expect, it } from 'vitest';
import { lengthClause, timeSpanOf, withoutSpan } from '../../../../src/main/agent/offline/time-span.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

describe('a stretch of time said for an errand', () => {
  it('its start and its length in hours', () => {
    expect(timeSpanOf('the studio from 10 to 1pm')).toEqual({ start: '10:00', hours: 3 });
    expect(timeSpanOf('1 till 4 in the afternoon, please')).toEqual({ start: '13:00', hours: 3 });
    expect(timeSpanOf('오전 9시부터 11시 반까지 써요')).toEqual({ start: '09:00', hours: 2.5 });
    expect(timeSpanOf('토요일 저녁에 세 시간 정도')).toEqual({ hours: 3 });
  });

  it('counts and relative times are no stretch', () => {
    expect(timeSpanOf('3 to 4 guests')).toBeUndefined();
    expect(timeSpanOf('2시간 뒤에 다시 올게요')).toBeUndefined();
  });

  it('the words without it, and the length into the page’s "how long" list', () => {
    expect(withoutSpan('the studio from 10 to 1pm for a shoot')).toBe('the studio for a shoot');
    const m = pageModelOf({
      fields: [
        fieldOf('Length of booking', {
          kind: 'select',
          options: ['1 hr', '2 hrs', '3 hrs'].map((l, i) => ({ label: l, value: String(i + 1), selected: false })),
        }),
      ],
    });
    expect(lengthClause({ hours: 2 }, m)).toEqual({ kind: 'fill', ref: 'Length of booking', value: '2 hrs' });
  });
});

describe('a length said, for a set of choices that are each a length', () => {
  it('takes the choice as long as said', () => {
    const m = pageModelOf({
      groups: [
        {
          kind: 'radio',
          label: 'Session',
          form: 0,
          options: [
            { handle: '0:1', label: '45 min', checked: true },
            { handle: '0:2', label: '90 min', checked: false },
            { handle: '0:3', label: '2 hours', checked: false },
          ],
        },
      ],
    });
    expect(lengthClause({ hours: 2 }, m)).toEqual({ kind: 'choose', option: '2 hours', ref: 'Session' });
    expect(lengthClause({ hours: 3 }, m)).toBeUndefined();
  });
});
