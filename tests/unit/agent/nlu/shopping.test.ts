/** Variants and shipping as shoppers type them; sentences written for this test. */
import { describe, expect, it } from 'vitest';
import { findShopping } from '../../../../src/main/agent/nlu/shopping.ts';
import { u } from './helpers.ts';

const shop = (text: string) => findShopping(u(text));

describe('variants', () => {
  it('reads keyboard switches and a body-only camera as the variant, not the product', () => {
    expect(shop('키크론 V1 갈축 최저가')).toMatchObject({ brand: 'Keychron', productName: 'V1', variant: '갈축' });
    expect(shop('Nikon Z6 III body only')).toMatchObject({ productName: 'Z6 III', variant: 'body only' });
  });

  it('reads a hue said with 색, and a finish named alone', () => {
    expect(shop('락앤락 텀블러 500ml 하늘색').variant).toBe('500ml 하늘색');
    expect(shop('iPhone 16 Pro 256GB titanium black').variant).toBe('256GB titanium black');
    // "검색" (search) is not a colour
    expect(shop('최저가 검색: 다이슨 V15').variant).toBeUndefined();
  });

  it('reads a half shoe size said alone, not a decimal price', () => {
    expect(shop('Asics Gel-Kayano 31 black 9.5').variant).toBe('black 9.5');
    expect(shop('Asics Gel-Kayano 31 under $9.5').variant).toBeUndefined();
  });
});

describe('shipping', () => {
  it('"need it tomorrow" without "by" is fast delivery', () => {
    expect(shop('Bose earbuds, need them tomorrow').shippingPref).toBe('fast');
    expect(shop('Bose earbuds, need it by tomorrow').shippingPref).toBe('fast');
  });
});

describe('the product named after a describing clause', () => {
  it('takes the noun a "…는" clause describes, not the words inside the clause', () => {
    expect(shop('소음 줄여주는 헤어드라이어 최저가').productName).toBe('헤어드라이어');
    expect(shop('에어팟 사는 곳 제일 싼 데').productName).toBe('에어팟');
  });
});

describe('filler nouns with a particle', () => {
  it('"필립스 것만" names the brand; "것만" is not the product', () => {
    expect(shop('전기포트 1.7L 이상 브리타 것만')).toMatchObject({ brand: 'Brita', productName: '전기포트' });
  });
});
