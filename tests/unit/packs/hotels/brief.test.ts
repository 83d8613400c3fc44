import { describe, expect, it } from 'vitest';
import { hotelsPack } from '../../../../src/main/packs/hotels/pack.ts';

describe('the hotel brief', () => {
  it("names the city in the person's language, not the site's city id", () => {
    const f = { to: 'OSA', date_start: '2026-12-20', date_end: '2026-12-22' };
    expect(hotelsPack.anySite?.brief?.(f, 'ko')).toBe('오사카 2026-12-20 ~ 2026-12-22');
    expect(hotelsPack.anySite?.brief?.(f, 'en')).toBe('Osaka, 2026-12-20 to 2026-12-22');
  });

  it('says how many guests the stays site is searched for, also when the person said none', () => {
    const f = { to: 'SEL', date_start: '2026-12-20', date_end: '2026-12-22' };
    expect(hotelsPack.brief(f, 'ko')).toBe('서울 2026-12-20 ~ 2026-12-22, 2명');
    expect(hotelsPack.brief(f, 'en')).toBe('Seoul, 2026-12-20 to 2026-12-22, 2 guest(s)');
    const three = { ...f, passengers: { adults: 2, children: 1 } };
    expect(hotelsPack.brief(three, 'ko')).toBe('서울 2026-12-20 ~ 2026-12-22, 3명');
  });
});
