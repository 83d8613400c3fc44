import { describe, expect, it } from 'vitest';
import { chosenSites, recipeSiteOf, siteSaid } from '../../../../src/main/conversation/tasks/browse/sites.ts';

describe('which site a browse task runs on', () => {
  it('an address said in the request is the site (trailing punctuation dropped)', () => {
    expect(siteSaid('search flights on https://air.example.com/search.', undefined)).toEqual({
      name: 'air.example.com',
      url: 'https://air.example.com/search',
    });
    expect(siteSaid('http://127.0.0.1:8080/shop/ 에서 이어폰 가격 비교해줘', undefined)?.url).toBe('http://127.0.0.1:8080/shop/');
  });

  it('"이 페이지에서" / "on this page" is the page open in the browser view, never a blank page', () => {
    expect(siteSaid('이 페이지에서 이 신청서 작성해줘', 'https://gov.example.kr/apply')?.url).toBe('https://gov.example.kr/apply');
    expect(siteSaid('compare prices on this page', 'https://shop.example/list')?.url).toBe('https://shop.example/list');
    expect(siteSaid('이 페이지에서 찾아줘', 'about:blank')).toBeUndefined();
    expect(siteSaid('서울 호텔 찾아줘', 'https://shop.example/list')).toBeUndefined();
  });

  it('the named site wins over saved ones; a one-site task takes the saved site its name shares words with', () => {
    const saved = [
      { name: 'Visa e-form', url: 'https://visa.example/' },
      { name: '주차 허가 신청', url: 'https://parking.example/' },
    ];
    expect(chosenSites({ site: { name: 'x', url: 'https://x.example/' } }, saved)).toEqual([{ name: 'x', url: 'https://x.example/' }]);
    expect(chosenSites({}, saved)).toHaveLength(2);
    expect(chosenSites({}, saved, true, '주차 허가 신청서 작성해줘')).toEqual([saved[1]]);
    expect(chosenSites({}, [{ name: 'bad', url: 'not a url' }])).toEqual([]);
  });

  it('a chosen address on a recipe site (same origin) keeps the recipe as its fast path', () => {
    const recipes = { flights: 'http://127.0.0.1:4100', hotels: 'http://127.0.0.1:4101' };
    expect(recipeSiteOf('http://127.0.0.1:4101/search?city=x', recipes)).toBe('hotels');
    expect(recipeSiteOf('http://127.0.0.1:4199/', recipes)).toBeUndefined();
  });
});
