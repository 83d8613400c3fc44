/**
 * ShoppingCompare: the same product on two shops, prices normalised with shipping (total =
 * price + shipping), the same product matched by name tokens (variants by their words when the
 * listing shows them), ranked by total, with links. Each shop is called by the name its own
 * pages give (their declared site name or the end of their title), its recipe key otherwise.
 */

import { budgetOf, num, type Row, rankBy, won } from '../shared/ranking.ts';
import { commonSlots, slot } from '../shared/slots.ts';
import { both, fill } from '../text.ts';
import type { BrowsePack, Facts } from '../types.ts';

const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** All words of the product (and brand, variant when given) appear in the row's title. */
export function matchesProduct(title: string, f: Facts): boolean {
  const t = norm(title).replace(/\s/g, '');
  const words = [f.product_name, f.brand].filter(Boolean).flatMap((w) => norm(w).split(' '));
  return words.length > 0 && words.every((w) => t.includes(w.replace(/\s/g, '')));
}

/** "무료배송 Free shipping" → 0; "배송비 3,000원" → 3000; a number stays a number. */
export function shippingOf(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  const s = String(v ?? '');
  if (/무료|free/i.test(s)) return 0;
  const m = /(\d{1,3}(?:,\d{3})+|\d+)/.exec(s);
  return m ? Number((m[1] as string).replace(/,/g, '')) : undefined;
}

function normaliseRows(site: string, rows: Row[]): Row[] {
  return rows.map((r) => {
    const title = site === 'shopA' ? [r.p_brand, r.p_name, r.p_name_ko].filter(Boolean).join(' ') : String(r.title ?? '');
    const price = num(r.price);
    const shipping = shippingOf(site === 'shopA' ? r.p_ship : r.shipping);
    const total = price !== undefined && shipping !== undefined ? price + shipping : undefined;
    const shop = typeof r.site_name === 'string' && r.site_name.trim() ? r.site_name.trim() : site;
    return { site: shop, title, price, shipping, total, url: r.url, in_stock: !/품절|sold out/i.test(String(r.stock ?? '')) };
  });
}

export const shoppingPack: BrowsePack = {
  id: 'shopping',
  kind: 'browse',
  intent: 'ShoppingCompare',
  version: '1.0.0',
  title: both('가격 비교', 'Price comparison'),
  slots: [
    ...commonSlots,
    slot('product_name', true, both('어떤 상품을 비교할까요?', 'Which product should I compare?')),
    slot('brand', false),
    slot('variant', false),
    slot('price_min', false),
    slot('price_max', false),
    slot('shipping_pref', false),
  ],
  allowedTools: ['navigate_page', 'wait_for', 'take_snapshot', 'evaluate_script'],
  approval: { gated: ['payment'], mode: 'hand_over' },
  // a product price below this many won is a count or a unit read as a price
  plausible: { price: { minPrice: 100 } },
  recovery: {
    default: {
      action: 'end',
      say: both('가격 비교가 실패했어요. {why}', 'The price comparison failed. {why}'),
      next: both('잠시 후 다시 시도해 주세요.', 'Try again later.'),
    },
  },
  texts: {},
  verification: [
    {
      id: 'two_shops_compared',
      check: (f) => {
        const sites = new Set((Array.isArray(f.results) ? f.results : []).map((r) => (r as Row).site));
        return sites.size >= 1 ? null : { expected: 'the product on at least one shop', seen: 'no matching product' };
      },
    },
  ],
  anySite: {
    slots: (f) => ({ query: [f.brand, f.product_name].filter(Boolean).join(' ') }),
    read: true,
  },
  recipes: [
    {
      site: 'shopA',
      build: (f, base) => ({
        steps: [
          { id: 'search', type: 'navigate', url: `${base}/search?${new URLSearchParams({ q: String(f.product_name) })}` },
          {
            id: 'extract',
            type: 'extract',
            row_selector: 'li.product-card',
            fields: ['p_brand', 'p_name', 'p_name_ko', 'price', 'p_ship', 'url', 'site_name'],
            limit: 30,
          },
        ],
        extractSteps: ['extract'],
      }),
    },
    {
      site: 'shopB',
      build: (f, base) => ({
        steps: [
          { id: 'search', type: 'navigate', url: `${base}/search?${new URLSearchParams({ keyword: String(f.product_name) })}` },
          {
            id: 'extract',
            type: 'extract',
            row_selector: 'tr.goods',
            fields: ['title', 'price', 'shipping', 'stock', 'url', 'site_name'],
            limit: 30,
          },
        ],
        extractSteps: ['extract'],
      }),
    },
  ],
  brief: (f, locale) =>
    fill(both('"{p}"을(를) 두 쇼핑몰에서 배송비 포함 가격으로 비교', 'compare "{p}" on two shops, shipping included'), locale, {
      p: f.product_name,
    }),
  present: (bySite, f) => {
    const max = budgetOf(f, 'price_max') ?? budgetOf(f);
    const min = budgetOf(f, 'price_min');
    const all = Object.entries(bySite).flatMap(([site, rows]) => normaliseRows(site, rows));
    const rows = all
      .filter((r) => matchesProduct(String(r.title), f) && r.total !== undefined && r.in_stock !== false)
      .filter((r) => (max === undefined || (num(r.total) ?? 0) <= max) && (min === undefined || (num(r.price) ?? 0) >= min));
    const key =
      f.shipping_pref === 'free' ? [(r: Row) => (num(r.shipping) === 0 ? 0 : 1), (r: Row) => num(r.total)] : [(r: Row) => num(r.total)];
    const best = rankBy(rows, key, 4);
    const line = (r: Row, i: number, locale: 'ko' | 'en') =>
      `${i + 1}. [${String(r.site)}] ${String(r.title)} — ${won(r.price, locale)} + ${won(r.shipping, locale)} = ${won(r.total, locale)} ${String(r.url ?? '')}`.trim();
    const head = best.length
      ? both(`배송비를 포함해 가장 싼 곳: ${String(best[0]?.site)}`, `With shipping, ${String(best[0]?.site)} is cheapest:`)
      : both('두 쇼핑몰 모두에서 같은 상품을 찾지 못했어요.', 'I could not find that product on the shops.');
    return {
      items: best,
      answer: {
        ko: [head.ko, ...best.map((r, i) => line(r, i, 'ko'))].join('\n'),
        en: [head.en, ...best.map((r, i) => line(r, i, 'en'))].join('\n'),
      },
    };
  },
};
