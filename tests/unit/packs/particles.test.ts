import { describe, expect, it } from 'vitest';
import { both, fill } from '../../../src/main/packs/text.ts';

// Korean particles after a filled-in word agree with it: no "(은)는" or "(으)로" reaches the person.

describe('Korean particles in filled texts', () => {
  it.each([
    ['"{v}"(은)는 쓸 수 없어요', '서울', '"서울"은 쓸 수 없어요'],
    ['"{v}"(은)는 쓸 수 없어요', '도쿄', '"도쿄"는 쓸 수 없어요'],
    ['{v}(으)로 바꿀게요', '부산', '부산으로 바꿀게요'],
    ['{v}(으)로 바꿀게요', '서울', '서울로 바꿀게요'],
    ['{v}(으)로 바꿀게요', '도쿄', '도쿄로 바꿀게요'],
    ['{v}(이)가 없어요', '항공편', '항공편이 없어요'],
    ['{v}(을)를 찾았어요', '호텔', '호텔을 찾았어요'],
    ['{v}(을)를 찾았어요', 'ICN', 'ICN(을)를 찾았어요'],
  ])('%s with %s', (ko, v, want) => {
    expect(fill(both(ko, ''), 'ko', { v })).toBe(want);
  });
});
