import { describe, expect, it } from 'vitest';
import { excerptsOf } from '../../../../src/main/packs/campaign/research/read.ts';

describe('excerptsOf', () => {
  it('keeps the texts a person reads, in order, once, without controls or uids', () => {
    const snap = [
      'heading "\\"skincare\\" results"',
      '1_1 searchbox "검색어" [value="skincare"]',
      '1_2 button "검색"',
      '• 2026-02-02',
      ' 1_3 link "Instagram UGC reviews drive skincare inquiries"',
      '"1 results"',
      'article: 2026-01-28 | 민감성 피부용 비건 스킨케어 검색량이 전년 대비 34% 늘었다.',
      '"1 results"',
    ].join('\n');
    expect(excerptsOf(snap)).toEqual([
      '"skincare" results',
      '2026-02-02',
      'Instagram UGC reviews drive skincare inquiries',
      '1 results',
      '2026-01-28',
      '민감성 피부용 비건 스킨케어 검색량이 전년 대비 34% 늘었다.',
    ]);
  });
  it('bounds how many and how long', () => {
    const snap = Array.from({ length: 50 }, (_, i) => `"line ${i} ${'x'.repeat(500)}"`).join('\n');
    const out = excerptsOf(snap, 5, 20);
    expect(out).toHaveLength(5);
    expect(out[0]).toHaveLength(20);
  });
});
