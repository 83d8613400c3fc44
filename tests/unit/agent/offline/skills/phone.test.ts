import { describe, expect, it } from 'vitest';
import { phoneParts, splitPhone } from '../../../../../src/main/agent/offline/skills/phone.ts';
import { fieldOf, pageModelOf } from '../../page-model-parts.ts';

describe('a phone number asked in three boxes', () => {
  it('cuts a number said with or without dashes', () => {
    expect(phoneParts('010-5521-7788')).toEqual(['010', '5521', '7788']);
    expect(phoneParts('01055217788')).toEqual(['010', '5521', '7788']);
    expect(phoneParts('02-765-4321')).toEqual(['02', '765', '4321']);
    expect(phoneParts('0312345678')).toEqual(['031', '234', '5678']);
    expect(phoneParts('12 Oak St')).toBeUndefined();
  });

  const prefix = fieldOf('연락처', {
    handle: '0:1',
    kind: 'select',
    options: ['010', '011', '016'].map((v) => ({ label: v, value: v, selected: v === '010' })),
  });
  const mid = fieldOf('연락처', { handle: '0:2' });
  const last = fieldOf('', { handle: '0:3' });

  it('the prefix list, then each box in turn', () => {
    const m = pageModelOf({ fields: [prefix, mid, last] });
    const step = splitPhone(prefix, '011-5521-7788', m);
    expect(step !== 'done' && step?.type === 'act' && step.action).toMatchObject({ kind: 'select', option: '011' });
    const next = splitPhone(prefix, '010-5521-7788', m);
    expect(next !== 'done' && next?.type === 'act' && next.action).toMatchObject({ kind: 'fill', handle: '0:2', value: '5521' });
    const done = pageModelOf({ fields: [prefix, { ...mid, value: '5521' }, { ...last, value: '7788' }] });
    expect(splitPhone(prefix, '010-5521-7788', done)).toBe('done');
  });

  it('a single phone box followed by other fields is not a run of parts', () => {
    const phone = fieldOf('Phone', { handle: '0:1', purpose: 'phone' });
    const m = pageModelOf({
      fields: [phone, fieldOf('Street', { handle: '0:2', purpose: 'address' }), fieldOf('City', { handle: '0:3' })],
    });
    expect(splitPhone(phone, '010-5521-7788', m)).toBeUndefined();
  });
});
