/**
 * Read values a person would not believe are not shown: each extracted row's price is checked
 * (a number, above the pack's smallest plausible price) before any pack ranks it. Rejected rows
 * are audited with what was read; when rows were read but none is plausible, the person is told
 * the prices could not be read from the page, in their language.
 */
import type { BrowsePack, Text } from '../../../packs/types.ts';
import type { Rows } from '../../plan-runner.ts';

export interface PlausibleRows {
  rows: Record<string, Rows>;
  rejected: Array<{ step: string; row: number; price: unknown }>;
  /** rows were read but not one had a plausible price */
  noneLeft: boolean;
}

const MAX_PRICE = 100_000_000;

export function plausiblePrice(v: unknown, minPrice: number): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= minPrice && v < MAX_PRICE;
}

/** Keeps the rows whose price the pack can believe; reports the rest. */
export function keepPlausible(pack: BrowsePack, extracted: Record<string, Rows>): PlausibleRows {
  const rule = pack.plausible?.price;
  if (!rule) return { rows: extracted, rejected: [], noneLeft: false };
  const rows: Record<string, Rows> = {};
  const rejected: PlausibleRows['rejected'] = [];
  let read = 0;
  let kept = 0;
  for (const [step, list] of Object.entries(extracted)) {
    read += list.length;
    rows[step] = list.filter((r, i) => {
      const ok = plausiblePrice(r.price, rule.minPrice);
      if (!ok) rejected.push({ step, row: i, price: r.price ?? null });
      return ok;
    });
    kept += rows[step].length;
  }
  return { rows, rejected, noneLeft: read > 0 && kept === 0 };
}

export const PRICES_UNREADABLE: Text = {
  ko: '페이지에서 믿을 만한 요금을 읽지 못했어요 ({count}건 모두 가격이 없거나 {seen}처럼 맞지 않는 값이었어요). 결과를 보여드리지 않을게요.',
  en: 'I could not read a believable price on the page ({count} result(s), each without a price or with a value like {seen}). I will not show them.',
};

export const PRICES_NEXT: Text = {
  ko: '브라우저 화면에서 요금을 직접 확인하시거나 다른 사이트로 다시 요청해 주세요.',
  en: 'Check the prices in the browser view, or ask again on another site.',
};
