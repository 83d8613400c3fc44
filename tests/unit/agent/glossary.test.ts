import { describe, expect, it } from 'vitest';
import { sameMeaning, translated } from '../../../src/main/agent/offline/glossary.ts';
import { parseCommand } from '../../../src/main/agent/offline/grammar.ts';
import { similarity } from '../../../src/main/agent/offline/refs.ts';

describe('words across Korean and English', () => {
  it('a word and its particle name the same meaning in the other language', () => {
    expect(sameMeaning('전화로').split('|')).toEqual(expect.arrayContaining(['전화로', '전화', 'phone', 'phone call']));
    expect(sameMeaning('Zanzibar')).toBe('Zanzibar');
  });

  it('a phrase is translated word by word when it is not one meaning', () => {
    expect(translated('이메일 알림')).toEqual(['email notification']);
    expect(translated('무지개 고양이')).toEqual([]);
  });

  it("a person's Korean word finds an English label, a little below the same words", () => {
    expect(similarity('이름', ['Your name'])).toBeGreaterThan(0.6);
    expect(similarity('name', ['Your name'])).toBeGreaterThan(similarity('이름', ['Your name']));
    expect(similarity('고양이', ['Your name'])).toBe(0);
  });
});

describe('pieces the grammar does not read keep their place', () => {
  it('a header with a sending verb anywhere sends after every piece; "1:1" is not a header colon', () => {
    const r = parseCommand("1:1 문의 남겨줘: 유형 배송, 제목 '배송 지연'");
    expect(r.unknown).toEqual(['유형 배송', "제목 '배송 지연'"]);
    expect(r.order?.at(-1)).toEqual({ kind: 'submit' });
  });

  it('values before a verb stay before it', () => {
    const r = parseCommand('이름 Minji, 성 Kim 넣고 다음 눌러');
    expect(r.order?.map((x) => (typeof x === 'string' ? 'piece' : x.kind))).toEqual(['piece', 'piece', 'forward']);
  });
});
