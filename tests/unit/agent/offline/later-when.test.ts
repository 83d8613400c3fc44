import { describe, expect, it } from 'vitest';
import { whenHere } from '../../../../src/main/agent/offline/later-when.ts';
import { fieldForSlot } from '../../../../src/main/agent/offline/skills/field.ts';
import { takesDay } from '../../../../src/main/agent/offline/when.ts';
import { fieldOf, pageModelOf, radiosOf } from '../page-model-parts.ts';

const clock = { now: new Date('2027-05-03T09:00:00+09:00'), tz: 'Asia/Seoul' };
const option = (label: string) => ({ label, value: label, selected: false });

describe('the errand’s day on a page with no date field', () => {
  it('a list whose options are days takes the day, whatever the list is called', () => {
    const m = pageModelOf({
      fields: [fieldOf('Collect on', { handle: '0:1', kind: 'select', options: ['Mon 3 May', 'Tue 4 May', 'Wed 5 May'].map(option) })],
    });
    expect(takesDay(m)).toBe(true);
    expect(fieldForSlot(m, 'date_start', new Set())?.label).toBe('Collect on');
    expect(takesDay(pageModelOf({ fields: [fieldOf('Colour', { kind: 'select', options: ['Red', 'Blue'].map(option) })] }))).toBe(false);
  });

  it('a choice whose options say days takes the one that says it ("Rush — ready Tue 4 May" for tomorrow)', () => {
    const m = pageModelOf({
      groups: [radiosOf('Speed', ['Normal — ready Fri 7 May', 'Rush — ready Tue 4 May'])],
    });
    const when: Record<string, string> = { date_start: '2027-05-04' };
    expect(whenHere(when, undefined, [], m, clock).clauses).toEqual([{ kind: 'choose', option: 'Rush — ready Tue 4 May', ref: 'Speed' }]);
    expect(when).toEqual({});
    // a day no option says is kept for a later step
    const later: Record<string, string> = { date_start: '2027-05-09' };
    expect(whenHere(later, undefined, [], m, clock).clauses).toEqual([]);
    expect(later).toEqual({ date_start: '2027-05-09' });
  });
});
