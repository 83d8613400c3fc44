import { describe, expect, it } from 'vitest';
import { petNameIn } from '../../../../src/main/agent/offline/pet-name.ts';

describe("a pet's name said the way owners say it", () => {
  it('after 우리 / 저희 (with or without the animal word), or "my dog X"', () => {
    expect(petNameIn('토요일에 우리 두부 발톱 좀 깎아 주세요')).toBe('두부');
    expect(petNameIn('저희 고양이 나비는 겁이 많아요')).toBe('나비');
    expect(petNameIn('my dog Pepper needs a trim on Friday')).toBe('Pepper');
    expect(petNameIn("our cat's name is Miso")).toBe('Miso');
  });

  it('people and places after 우리 are no name', () => {
    expect(petNameIn('우리 아이 예방접종 예약해줘')).toBeUndefined();
    expect(petNameIn('우리 집 앞으로 와 주세요')).toBeUndefined();
    expect(petNameIn('book a table for us')).toBeUndefined();
  });
});

describe('the animal word alone is no name', () => {
  it('"우리 강아지가 아파요" names no pet', () => {
    expect(petNameIn('우리 강아지가 요즘 아파요')).toBeUndefined();
  });
});
