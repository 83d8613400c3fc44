import type { StepRecord } from '../../loop/actions.ts';
import type { Button, PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
import { dayStep, showsDate } from './date.ts';
import { act, type SkillStep, verified } from './step.ts';

const DATES = /\b(?:dates?|when|check.?in|check.?out|stay|travel dates?)\b|날짜|일정|언제|체크인|체크아웃|숙박/i;
const COUNTS = /\b(?:adults?|guests?|travell?ers?|passengers?|people|persons?|rooms?)\b|인원|성인|어른|승객|투숙|객실/i;
const DONE = /^(done|apply|ok|confirm|close|select|save|확인|적용|완료|선택|닫기)(?![\p{L}\p{N}])/iu;

/**
 * A stay or trip whose dates have no field of their own: a button ("Add dates", "날짜 선택")
 * opens a calendar where the first click sets the start and the second the end (a range
 * calendar, one month or two). Opens it, clicks both days in order, and presses the
 * calendar's own "done" when it stays open.
 */
export function rangeDates(start: string, end: string | undefined, model: PageModel, mine: StepRecord[]): SkillStep {
  const done = verified(mine);
  const has = (tag: string) => done.some((s) => s.why.includes(tag));
  // (a calendar's own day "Saturday, December 5, 2026" names the date but does not show it chosen)
  const opener = dateOpener(model, start);
  if (opener && showsDate(opener.text, start) && (!end || showsDate(opener.text, end))) return 'done';
  const cal = model.calendars[0];
  if (!cal) {
    if (has('range: end') || (has('range: start') && !end)) return 'done';
    if (!opener || mine.filter((s) => s.why.includes('range: open')).length >= 2) return 'done';
    return act({ kind: 'click', handle: opener.handle }, opener.text, `range: open the calendar with "${opener.text}"`, { kind: 'change' });
  }
  if (!has('range: start')) return dayStep(cal, start, 'range: start');
  if (end && !has('range: end')) return dayStep(cal, end, 'range: end');
  const close = usableButtons(model).find((b) => DONE.test(normText(b.text)) && !b.regions.some((r) => r.startsWith('cal:')));
  if (close && !has('range: close'))
    return act({ kind: 'click', handle: close.handle }, close.text, `range: close the calendar with "${close.text}"`, { kind: 'change' });
  return 'done';
}

/** The button that opens a calendar ("날짜 선택", "Add dates", or one that shows the day chosen). */
export function dateOpener(model: PageModel, day?: string): Button | undefined {
  return usableButtons(model).find(
    (b) => !b.regions.some((r) => r.startsWith('cal:')) && (DATES.test(b.text) || (day !== undefined && showsDate(b.text, day))),
  );
}

/** The button that opens a popover of counters ("2 adults · 0 children", "인원 2명"). */
export function countsOpener(model: PageModel): Button | undefined {
  return usableButtons(model).find((b) => COUNTS.test(b.text) && b.kind !== 'link' && b.kind !== 'option');
}

/** Whether the opener's own words already show the count for the slot ("2 adults" for adults = 2). */
export function openerShows(b: Button, key: string, n: number): boolean {
  const words: Record<string, RegExp> = {
    adults: /(\d+)\s*(?:adults?|성인|어른)/i,
    passengers: /(\d+)\s*(?:adults?|passengers?|travell?ers?|people|guests?|명|성인|어른)/i,
    guests: /(\d+)\s*(?:guests?|adults?|people|명)/i,
    children: /(\d+)\s*(?:child(?:ren)?|kids?|어린이|아동)/i,
    rooms: /(\d+)\s*(?:rooms?|객실|실)/i,
  };
  const m = words[key]?.exec(b.text);
  return m ? Number(m[1]) === n : key === 'children' && n === 0 && !/child|kid|어린이|아동/i.test(b.text);
}
