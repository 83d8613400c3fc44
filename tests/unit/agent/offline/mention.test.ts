import { describe, expect, it } from 'vitest';
import { contentWords, isRemark, mentionedControl, namedOptions } from '../../../../src/main/agent/offline/mention.ts';
import { personNameIn } from '../../../../src/main/agent/offline/person-name.ts';
import { similarity } from '../../../../src/main/agent/offline/refs.ts';
import type { PageModel } from '../../../../src/main/agent/page-model/types.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

let n = 0;
const buttons = (...texts: string[]) => texts.map((t) => buttonOf(`0:${++n}`, t));
const radio = (label: string, options: string[]): PageModel['groups'][number] => ({
  kind: 'radio',
  label,
  form: 0,
  options: options.map((o) => ({ handle: `0:${++n}`, label: o, checked: false })),
});

describe('a piece that mentions one control in its own words', () => {
  it('a visit type said as a sentence picks the big button that holds it', () => {
    const m = pageModelOf({ buttons: buttons('처음이에요 (첫 방문)', '예전에 와 봤어요 (재방문)', '처음으로') });
    expect(mentionedControl('재방문이에요', m)).toEqual({ kind: 'click', ref: '예전에 와 봤어요 (재방문)' });
  });

  it('a service said inside a sentence picks its card in a choice group', () => {
    const m = pageModelOf({ groups: [radio('시술', ['커트·드라이', '염색·뿌리염색', '펌·매직'])] });
    expect(mentionedControl('오늘 뿌리염색 하러 왔어요', m)).toEqual({ kind: 'choose', option: '염색·뿌리염색', ref: '시술' });
  });

  it('"just show me the …" presses the chip, not the navigation link that shares the noun', () => {
    const links = ['Lessons', 'Prices'].map((t) => buttonOf(`0:${++n}`, t, { kind: 'link' }));
    const m = pageModelOf({ buttons: [...links, ...buttons('All', 'Swimming', 'Tennis', 'Enrol', 'Enrol')] });
    expect(mentionedControl('just show me the tennis lessons', m)).toEqual({ kind: 'click', ref: 'Tennis' });
  });

  it('"everything" is the control\'s "all"', () => {
    const m = pageModelOf({ buttons: buttons('Save changes', 'Leave all mailing lists', 'Keep my subscriptions') });
    expect(mentionedControl('leave every mailing list', m)).toEqual({ kind: 'click', ref: 'Leave all mailing lists' });
    expect(mentionedControl('leave everything', m)).toEqual({ kind: 'click', ref: 'Leave all mailing lists' });
  });

  it('two controls that fit as well are not guessed between; a destructive one is not taken unless said', () => {
    const m = pageModelOf({ buttons: buttons('Red shirt', 'Red hat', 'Delete account') });
    expect(mentionedControl('the red one', m)).toBeUndefined();
    expect(mentionedControl('my account', m)).toBeUndefined();
    expect(mentionedControl('delete my account', m)).toEqual({ kind: 'click', ref: 'Delete account' });
  });

  it('a piece with a number, or a remark about the person, mentions nothing', () => {
    const m = pageModelOf({ buttons: buttons('Keep my emails', 'Stop all emails') });
    expect(mentionedControl("I'm getting way too many emails", m)).toBeUndefined();
    expect(mentionedControl('room 3', m)).toBeUndefined();
  });

  it('content words drop filler, particles and verb endings', () => {
    expect(contentWords('오늘 스케일링 받으러 왔어요')).toEqual(['스케일링']);
    expect(contentWords('could you just show me the yoga classes')).toEqual(['yoga', 'class']);
  });
});

describe('remarks and names', () => {
  it('a remark explains the errand; a sentence that carries a name or a number does not count as one', () => {
    expect(isRemark("it's for my mum's birthday")).toBe(true); // the apostrophe of a possessive is not a quote
    expect(isRemark('because the room is too small')).toBe(true);
    expect(isRemark('자리가 너무 좁아서요')).toBe(true);
    expect(isRemark("I'm bringing my colleague Sam Ortiz")).toBe(false);
    expect(isRemark("I'm in room 4")).toBe(false);
    expect(isRemark('Sam Ortiz')).toBe(false);
  });

  it('a name said alone or with an introduction is a name', () => {
    expect(personNameIn('정하윤입니다')).toBe('정하윤');
    expect(personNameIn('최서준')).toBe('최서준');
    expect(personNameIn("name's Lena Fischer")).toBe('Lena Fischer');
    expect(personNameIn('this is Tom Baker.')).toBe('Tom Baker');
    expect(personNameIn('사과 두 개')).toBeUndefined();
    expect(personNameIn('this is urgent')).toBeUndefined();
    expect(personNameIn('스케일링')).toBeUndefined();
    // a form's own word for a place is not a name, though it starts like one
    expect(personNameIn('연락처')).toBeUndefined();
    expect(personNameIn('이메일')).toBeUndefined();
    expect(personNameIn('피부과')).toBeUndefined();
  });
});

describe('options a piece names in passing', () => {
  it('one option of a list and one chip of a row, from a sentence that names neither control', () => {
    const list = fieldOf('지점', {
      kind: 'select',
      options: [
        { label: '-- 지점을 고르세요 --', value: '', selected: true },
        { label: '종로점', value: 'jongno', selected: false },
        { label: '송파점', value: 'songpa', selected: false },
      ],
    });
    const chips = ['기본 커트', '샴푸만', '부분 펌'].map((t, i) =>
      buttonOf(`0:${++n}`, t, { choice: true, selected: i === 0, cluster: 7 }),
    );
    const m = pageModelOf({ fields: [list], buttons: [...chips, buttonOf(`0:${++n}`, '다음')] });
    expect(namedOptions('종로점에서 샴푸만 하려고요', m)).toEqual([
      { kind: 'fill', ref: '지점', value: '종로점' },
      { kind: 'click', ref: '샴푸만' },
    ]);
  });

  it('an action button, an option already chosen, or two options said at once are not taken', () => {
    const chips = ['Standard', 'Deluxe'].map((t, i) => buttonOf(`0:${++n}`, t, { choice: true, selected: i === 0, cluster: 3 }));
    const m = pageModelOf({ buttons: [...chips, buttonOf(`0:${++n}`, 'Book')], groups: [radio('Room', ['Single', 'Double'])] });
    expect(namedOptions('book a standard room', m)).toEqual([]); // (named, and chosen already: nothing to do)
    expect(namedOptions('single or double, either is fine', m)).toBeUndefined();
    expect(namedOptions('deluxe please, a double', m)).toEqual([
      { kind: 'choose', option: 'Double', ref: 'Room' },
      { kind: 'click', ref: 'Deluxe' },
    ]);
  });

  it('choices whose names differ only in a number are one set: the one whose number is said, never all of them', () => {
    const cards = ['2 kg bag of rice', '5 kg bag of rice', '10 kg bag of rice'].map((t) =>
      buttonOf(`0:${++n}`, t, { choice: true, cluster: -1 }),
    );
    const m = pageModelOf({ buttons: [...cards, buttonOf(`0:${++n}`, 'Continue')] });
    expect(namedOptions('I need a 5 kg bag by Saturday', m)).toEqual([{ kind: 'click', ref: '5 kg bag of rice' }]);
    // a price in a name is not needed to name it
    const menu = ['커트 18,000원~', '염색 45,000원~'].map((t) => buttonOf(`0:${++n}`, t, { choice: true, cluster: 4 }));
    expect(namedOptions('내일 커트 예약하고 싶어요', pageModelOf({ buttons: menu }))).toEqual([{ kind: 'click', ref: '커트 18,000원~' }]);
  });
});

describe('words alike but for their fillers', () => {
  it('an option said whole, with its own small words, is that option', () => {
    expect(similarity('Left at the side of the house', ['Left at the side of the house'])).toBe(1);
    expect(similarity('left at side of house', ['Left at the side of the house'])).toBe(1);
  });
});

describe('an amount said with the words', () => {
  const m = pageModelOf({
    buttons: ['45 min', '1 hour', '1½ hours'].map((t, i) => buttonOf(`0:${i + 1}`, t, { choice: true, cluster: 4 })),
  });

  it('"for an hour" names the option of one hour, never one of another amount with the same words', () => {
    expect(namedOptions('for an hour', m)).toEqual([{ kind: 'click', ref: '1 hour' }]);
    expect(namedOptions('an hour and a half', m)).toEqual([{ kind: 'click', ref: '1½ hours' }]);
  });

  it('numbers of another kind (a day, a year) leave an option of hours alone', () => {
    const courses = pageModelOf({
      buttons: ['River course 6 hours', 'Town course 3 hours'].map((t, i) => buttonOf(`1:${i + 1}`, t, { choice: true, cluster: 5 })),
    });
    expect(namedOptions('the river course on 10 May 2027', courses)).toEqual([{ kind: 'click', ref: 'River course 6 hours' }]);
  });
});
