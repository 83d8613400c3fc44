import { describe, expect, it } from 'vitest';
import { hotelsPack } from '../../../../src/main/packs/hotels/pack.ts';

describe('the hotel brief', () => {
  it("names the city in the person's language, not the site's city id", () => {
    const f = { to: 'OSA', date_start: '2026-12-20', date_end: '2026-12-22' };
    expect(hotelsPack.brief(f, 'ko')).toBe('오사카 2026-12-20 ~ 2026-12-22');
    expect(hotelsPack.brief(f, 'en')).toBe('Osaka, 2026-12-20 to 2026-12-22');
  });
});
