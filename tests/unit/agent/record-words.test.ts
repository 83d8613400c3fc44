import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/main/agent/offline/grammar.ts';
import { recordWords } from '../../../src/main/agent/offline/record-words.ts';

describe('records named by their words, carts and codes', () => {
  it('the words of a record in a reference to it', () => {
    expect(recordWords('the message from Mom')).toBe('Mom');
    expect(recordWords('the newsletter from Daily Deals')).toBe('Daily Deals');
    expect(recordWords('엄마가 보낸 메일')).toBe('엄마');
    expect(recordWords('the pinned thread')).toBe('pinned');
    expect(recordWords('the dentist reminder')).toBe('dentist reminder');
  });

  it('an action on one record, in both languages', () => {
    expect(parseCommand('star the message from Mom').clauses).toEqual([{ kind: 'record', verb: 'star', text: 'Mom' }]);
    expect(parseCommand('치과 알림 삭제해줘').clauses).toEqual([{ kind: 'record', verb: '삭제', text: '치과 알림' }]);
  });

  it('an item for the cart with its count and how to choose', () => {
    expect(parseCommand('갤럭시 버즈3 실버 2개 장바구니에 넣어줘').clauses).toEqual([{ kind: 'cart', item: '갤럭시 버즈3 실버', qty: 2 }]);
    expect(parseCommand('add the cheapest USB-C cable to my basket').clauses).toEqual([
      { kind: 'cart', item: 'USB-C cable', pick: { by: 'cheapest' } },
    ]);
  });

  it('a code to apply is typed into its field and applied; refusing cookies presses the refusal', () => {
    expect(parseCommand('apply coupon SPRING5').clauses.map((c) => c.kind)).toEqual(['fill', 'click']);
    expect(parseCommand('reject the non-essential cookies').clauses[0]).toMatchObject({ kind: 'click' });
    expect(parseCommand('go to the next page of results').clauses).toEqual([{ kind: 'page', n: 'next' }]);
  });
});

describe('a grid of choices and a score', () => {
  it('"rate everything Agree" answers every row; "give 9 for …" fills the field named by those words', () => {
    expect(parseCommand("rate everything Agree, give 9 for how likely I'd recommend, and send it").clauses).toEqual([
      { kind: 'every', answer: 'Agree' },
      { kind: 'fill', ref: "how likely I'd recommend", value: '9' },
      { kind: 'submit' },
    ]);
  });
});

describe('paging until found', () => {
  it('"load more … until you find X and add it to the cart" is one cart errand for X', () => {
    expect(parseCommand('load more deals until you find the bamboo cutting board and add it to the cart').clauses).toEqual([
      { kind: 'cart', item: 'bamboo cutting board' },
    ]);
  });
});

describe('filters', () => {
  it('"show only X, sorted by Y" keeps one filter box and chooses the order', () => {
    expect(parseCommand('show only Anker products, sorted by price from low to high').clauses).toEqual([
      { kind: 'only', option: 'Anker' },
      { kind: 'choose', option: 'price low to high', sort: true },
    ]);
  });
});
