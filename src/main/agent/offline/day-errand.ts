import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { shownDates } from './skills/day-nav.ts';
import { dayButtons, whenOf } from './when.ts';

/**
 * "Show me the classes for Saturday", "12월 9일 시간표 보여줘": on a page that shows one day at a
 * time (a date label, a strip of day buttons), the request is to reach that day. Undefined on
 * other pages, or when the request says more than what to show and when.
 */
const SHOW =
  /^(?:please\s+)?(?:show|see|view|display|open|go to|take me to|switch to|jump to|check|what|which)\b|(?:보여|보기|열어|봐|알려|확인해|이동해|넘어가|가)\s*(?:줘|주세요|줄래|봐)?\s*$/i;

export function dayClauses(text: string, model: PageModel, now: Date, tz: string): { clauses: Clause[]; unknown: string[] } | undefined {
  const t = text.trim();
  if (!SHOW.test(t) || /[,;]|\band\b|그리고|하고\s/.test(t)) return undefined;
  const when = whenOf(t, now, tz);
  if (!when.date || when.time) return undefined;
  if (when.rest.split(/\s+/).filter(Boolean).length > 8) return undefined;
  if (!shownDates(model, now, tz).length && !dayButtons(model).length) return undefined;
  return { clauses: [{ kind: 'day', date: when.date }], unknown: [] };
}
