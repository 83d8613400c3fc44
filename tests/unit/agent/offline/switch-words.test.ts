import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../../src/main/agent/offline/grammar.ts';

/** Requests about a whole group of switches, read into one clause each. */
describe('switch groups in a request', () => {
  it('"마케팅 알림은 다 꺼줘": every switch of the group named, off', () => {
    expect(parseCommand('마케팅 알림은 다 꺼줘').clauses).toEqual([{ kind: 'switches', group: '마케팅 알림', checked: false, except: [] }]);
  });

  it('"I only want A and B, turn the other newsletters off": one setting, the named ones the other way', () => {
    expect(parseCommand('I only want product updates and event invites, turn the other newsletters off').clauses).toEqual([
      { kind: 'switches', group: 'newsletters', checked: false, keep: ['product updates', 'event invites'] },
    ]);
  });

  it('"이벤트 소식은 켜고 나머지는 다 꺼줘": a switch turned on, then the rest of its group off', () => {
    const [c] = parseCommand('이벤트 소식은 켜고 나머지는 다 꺼줘').clauses;
    expect(c).toMatchObject({ kind: 'switches', group: '', checked: false, keep: ['이벤트 소식은'] });
  });

  it('"…except the ones I cannot change": nothing named to leave out (the page locks those)', () => {
    expect(parseCommand('turn all the newsletters off except the ones I cannot change, and save').clauses).toEqual([
      { kind: 'switches', group: 'newsletters', checked: false, except: [] },
      { kind: 'click', ref: 'save' },
    ]);
    expect(parseCommand('turn off all the newsletters except weekly digest').clauses[0]).toMatchObject({ except: ['weekly digest'] });
  });

  it('one switch said with the stem "끄" before "고" is a switch turned off, then the save', () => {
    expect(parseCommand('문자 알림 끄고 저장해줘').clauses).toEqual([
      { kind: 'check', ref: '문자 알림', checked: false },
      { kind: 'click', ref: '저장' },
    ]);
  });

  it('a single switch stays a single switch', () => {
    expect(parseCommand('turn the weekly digest on').clauses).toEqual([{ kind: 'check', ref: 'weekly digest', checked: true }]);
  });
});
