import { describe, expect, it } from 'vitest';
import { rank, similarity } from '../../../src/main/agent/offline/refs.ts';

/** How the person's words find a control: near words that are not the same word, and words that are filler elsewhere. */
describe('references to controls', () => {
  it('예약 (a table, a flight) is not 예매 (tickets): a menu link "예매" does not outrank "이 항공편 예약하기"', () => {
    const best = rank('예약', [{ t: '예매' }, { t: '이 항공편 예약하기' }], (x) => [x.t], 0.3)[0];
    expect(best?.item.t).toBe('이 항공편 예약하기');
    // both still mean reserving in English
    expect(similarity('예매', ['Reserve these seats'])).toBeGreaterThanOrEqual(0.5);
    expect(similarity('예약', ['Reserve a table'])).toBeGreaterThanOrEqual(0.5);
  });

  it('an option whose whole name is a filler word ("Box") is still that word', () => {
    expect(similarity('Box', ['Box £55'])).toBeGreaterThanOrEqual(0.6);
  });
});
