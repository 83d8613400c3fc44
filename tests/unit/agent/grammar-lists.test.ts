import { describe, expect, it } from 'vitest';
import { cartClauses } from '../../../src/main/agent/offline/cart-words.ts';
import { criterionOf, parseCommand, splitClauses } from '../../../src/main/agent/offline/grammar.ts';

/**
 * Page commands that name several values under one verb, sort and filter a list, act on its top
 * row, or book a picked result with an option it offers. Sentences written for this test, none
 * from an evaluation page.
 */
describe('values named once, the verb said once', () => {
  it.each([
    [
      '출발지는 청주로, 인원은 3명으로 하고 검색 눌러줘',
      [
        { kind: 'fill', ref: '출발지', value: '청주' },
        { kind: 'fill', ref: '인원', value: '3명' },
        { kind: 'click', ref: '검색' },
      ],
    ],
    [
      'set the pickup to Osaka, return to March 2 09:45 and driver age to 31',
      [
        { kind: 'fill', ref: 'pickup', value: 'Osaka' },
        { kind: 'fill', ref: 'return', value: 'March 2 09:45' },
        { kind: 'fill', ref: 'driver age', value: '31' },
      ],
    ],
    ['도착 시간: 07:15', [{ kind: 'fill', ref: '도착 시간', value: '07:15' }]],
    [
      'change the board name to K. Lee and set the colour to teal',
      [
        { kind: 'fill', ref: 'board name', value: 'K. Lee' },
        { kind: 'fill', ref: 'colour', value: 'teal' },
      ],
    ],
  ])('%s', (text, clauses) => {
    expect(parseCommand(text).clauses).toEqual(clauses);
  });

  it('a clock is not cut at its colon, an initial is not the end of a sentence', () => {
    expect(splitClauses('call me A. J. then save')).toEqual(['call me A. J.', 'save']);
  });
});

describe('lists: order, filters, the top row', () => {
  it.each([
    [
      'sort by rating, highest first',
      [{ kind: 'choose', option: 'rating high to low|rating highest|rating high|high to low|highest|high', sort: true }],
    ],
    [
      'only show vegan recipes, newest first',
      [
        { kind: 'only', option: 'vegan recipes' },
        { kind: 'choose', option: 'newest|latest|most recent|new', sort: true },
      ],
    ],
    ['turn the dark theme on', [{ kind: 'check', ref: 'dark theme', checked: true }]],
    [
      'turn off sounds, keep everything else the same, and save',
      [
        { kind: 'check', ref: 'sounds', checked: false },
        { kind: 'click', ref: 'save' },
      ],
    ],
    [
      'subscribe to the digest with mo@post.kr',
      [
        { kind: 'fill', ref: 'email|e-mail|이메일', value: 'mo@post.kr' },
        { kind: 'click', ref: 'subscribe|subscribe|sign up|join|구독|가입|신청' },
      ],
    ],
    ['log me out of every other session', [{ kind: 'click', ref: 'log out every other session' }]],
    ['expand the section about refunds', [{ kind: 'click', ref: 'refunds' }]],
    ['open the question about gift wrapping', [{ kind: 'click', ref: 'gift wrapping' }]],
    [
      '맛은 만족, 가격은 불만족으로 하고 총점 9점으로 제출해줘',
      [
        { kind: 'fill', ref: '맛', value: '만족' },
        { kind: 'fill', ref: '가격', value: '불만족' },
        { kind: 'fill', ref: '총점', value: '9점' },
        { kind: 'submit' },
      ],
    ],
    ['청결은 동의', [{ kind: 'fill', ref: '청결', value: '동의' }]],
    ['이용약관에 동의해줘', [{ kind: 'check', ref: '이용약관', checked: true }]],
    ['연락처는 목록에 없으니까 기타로', [{ kind: 'fill', ref: '연락처', value: '기타' }]],
    [
      '두 번째 공연을 R석으로 예매해줘',
      [
        { kind: 'result', verb: 'pick', criterion: { by: 'nth', nth: 2 } },
        { kind: 'choose', option: 'R' },
        { kind: 'click', ref: '예매' },
      ],
    ],
    [
      'book the earliest sailing with the flexible fare',
      [
        { kind: 'result', verb: 'pick', criterion: { by: 'earliest' } },
        { kind: 'choose', option: 'flexible' },
        { kind: 'click', ref: 'book' },
      ],
    ],
  ])('%s', (text, clauses) => {
    expect(parseCommand(text).clauses).toEqual(clauses);
  });

  it('"맨 위", "the top one", "첫 열차" say where in the list', () => {
    expect(criterionOf('목록 맨 위에 있는 상품')).toEqual({ by: 'nth', nth: 1 });
    expect(criterionOf('the top one')).toEqual({ by: 'nth', nth: 1 });
    expect(criterionOf('내일 첫 열차')).toEqual({ by: 'earliest' });
    expect(criterionOf('the first bus to Sokcho')).toEqual({ by: 'earliest' });
  });

  it('several items for one basket, each with its own count and choice; an item with "and" in its name stays whole', () => {
    expect(cartClauses('4 bottles of the sparkling water and the cheapest rye bread')).toEqual([
      { kind: 'cart', item: 'sparkling water', qty: 4 },
      { kind: 'cart', item: 'rye bread', pick: { by: 'cheapest' } },
    ]);
    expect(cartClauses('fish and chips')).toEqual([{ kind: 'cart', item: 'fish and chips' }]);
    expect(parseCommand('제일 위에 있는 우유 3팩 장바구니에 담아줘').clauses).toEqual([
      { kind: 'cart', item: expect.stringContaining('우유'), pick: { by: 'nth', nth: 1 }, qty: 3 },
    ]);
  });
});

describe('details said inside a longer piece', () => {
  it('a street address at the end of a piece is a piece of its own', () => {
    expect(splitClauses('please pick up two chairs from 9 Willow Lane')).toEqual(['please pick up two chairs', 'from 9 Willow Lane']);
    expect(splitClauses('9 Willow Lane')).toEqual(['9 Willow Lane']);
  });

  it('details listed with spaced dashes, one of them an e-mail or a phone, are pieces of their own', () => {
    expect(splitClauses('R. Okoye - r.okoye@mail.example - 07700 900456')).toEqual(['R. Okoye', 'r.okoye@mail.example', '07700 900456']);
    expect(splitClauses('Lot B - North Gate')).toEqual(['Lot B - North Gate']);
  });
});

describe('emoticons', () => {
  it('end what was said before them, and are no field and value', () => {
    expect(splitClauses("the tap's dripping again :( can someone come monday")).toEqual([
      "the tap's dripping again",
      'can someone come monday',
    ]);
    expect(splitClauses('all good ;-) thanks')).toEqual(['all good']);
  });
});

describe('no address where there is none', () => {
  it('a time, a court or a title after a number stays in its piece', () => {
    expect(splitClauses('book tennis at 4 on court')).toEqual(['book tennis at 4 on court']);
    expect(splitClauses('a checkup at 3 with Dr')).toEqual(['a checkup at 3 with Dr']);
  });
  it('a letter after a colon is no emoticon', () => {
    expect(splitClauses('meet at Gate:D then')).toEqual(['meet at Gate:D then']);
  });
});
