import type { Button, PageModel } from '../page-model/types.ts';
import { normText, usableButtons } from './refs.ts';

/** What a page offers to place pieces on: its url, fields and buttons (a new step of a wizard is a new page). */
export function pageKey(model: PageModel): string {
  return [
    model.url,
    model.fields
      .filter((f) => !f.disabled)
      .map((f) => `${f.handle}:${f.label}`)
      .join(','),
    usableButtons(model)
      .map((b) => b.text)
      .join(','),
  ].join('|');
}

/** Buttons that move an errand on without sending it for good ("Next", "Search", "다음", "조회"). */
const ONWARD = /(?:^|\s)(?:continue|next|proceed|search|find|show|look up|check availability|계속|다음|진행|검색|찾기|조회|보기)/i;

export function movesOn(buttonText: string): boolean {
  return ONWARD.test(normText(buttonText));
}

/** The button that moves a step on, when the page has one ("Next", "Continue", "다음 단계"). */
export function onwardButton(model: PageModel): Button | undefined {
  return usableButtons(model).find((b) => b.kind !== 'link' && isOnward(b.text));
}

/** A wizard's own "next" ("Next", "Continue", "다음 단계"), not a search that brings results. */
export function isOnward(buttonText: string): boolean {
  // (not a calendar's or a list's own paging: "Next week", "다음 달", "Next page")
  return /^(?:continue|next|proceed|계속|다음)(?!\s*(?:week|month|day|days|page|results|주|달|날|페이지))/i.test(normText(buttonText));
}
