import type { StepRecord } from '../../loop/actions.ts';
import { monthOf } from '../../page-model/build.ts';
import type { Field, PageModel } from '../../page-model/types.ts';
import type { MonthClause } from '../month-words.ts';
import { usableButtons } from '../refs.ts';
import { putValue } from './field.ts';
import { act, type SkillStep, verified } from './step.ts';

type Ym = { year: number; month: number };
const ymKey = (x: Ym) => x.year * 12 + (x.month - 1);
const pad = (n: number) => String(n).padStart(2, '0');
const EN = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month named without its year ("11월", "November"): its number. */
function bareMonth(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  const ko = /^(\d{1,2})\s*월$/.exec(t);
  if (ko && Number(ko[1]) >= 1 && Number(ko[1]) <= 12) return Number(ko[1]);
  const en = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?$/.exec(t);
  return en ? EN.indexOf(en[1] as string) + 1 : undefined;
}

/** A control that shows one month: a list of months, a month input, or a button over a listbox showing "2026년 12월". */
function monthControls(model: PageModel, now: Date): Array<{ f: Field; shown: Ym | undefined }> {
  const out: Array<{ f: Field; shown: Ym | undefined }> = [];
  for (const f of model.fields) {
    if (f.disabled) continue;
    if (f.type === 'month') out.push({ f, shown: /^(\d{4})-(\d{2})$/.test(f.value) ? monthOf(f.value) : undefined });
    else if (f.kind === 'select' && (f.options ?? []).filter((o) => monthOf(o.label) ?? bareMonth(o.label)).length >= 2) {
      const chosen = f.options?.find((o) => o.selected)?.label ?? '';
      const bare = bareMonth(chosen);
      // a list of months without years: the month shown in this year
      out.push({ f, shown: monthOf(chosen) ?? (bare ? { year: now.getFullYear(), month: bare } : undefined) });
    } else if ((f.picker || f.kind === 'combobox') && monthOf(f.value)) out.push({ f, shown: monthOf(f.value) });
  }
  return out;
}

/** The month meant: a month said alone is the one nearest the month the page shows (the bill before this one, not next year's). */
export function monthMeant(c: MonthClause, shown: Ym | undefined, now: Date): Ym {
  const base = shown ?? { year: now.getFullYear(), month: now.getMonth() + 1 };
  if (c.rel !== undefined) {
    const today = { year: now.getFullYear(), month: now.getMonth() + 1 };
    const k = ymKey(today) + c.rel;
    return { year: Math.floor(k / 12), month: (k % 12) + 1 };
  }
  if (c.year) return { year: c.year, month: c.month };
  const candidates = [base.year - 1, base.year, base.year + 1].map((year) => ({ year, month: c.month }));
  return candidates.sort((a, b) => Math.abs(ymKey(a) - ymKey(base)) - Math.abs(ymKey(b) - ymKey(base)))[0] as Ym;
}

/**
 * "11월 관리비 보여줘": the page's month control set to the month — a list by its option, a
 * month input by its value, a button over a listbox opened and its option chosen — and done
 * when the control shows that month.
 */
export function showMonth(c: MonthClause, model: PageModel, mine: StepRecord[], now: Date): SkillStep {
  const controls = monthControls(model, now);
  const ctl = controls[0];
  if (!ctl) return monthByArrows(c, model, mine, now);
  const want = monthMeant(c, ctl.shown, now);
  if (ctl.shown && ymKey(ctl.shown) === ymKey(want)) return 'done';
  const f = ctl.f;
  if (f.type === 'month') return putValue(f, `${want.year}-${pad(want.month)}`, model, mine, now);
  if (f.kind === 'select') {
    const o =
      (f.options ?? []).find((x) => {
        const m = monthOf(x.label);
        return m && ymKey(m) === ymKey(want);
      }) ?? (f.options ?? []).find((x) => bareMonth(x.label) === want.month);
    if (!o) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${f.label}" does not offer ${want.year}-${pad(want.month)}.` };
    return putValue(f, o.label, model, mine, now);
  }
  // a button over a listbox: its options once opened
  const option = usableButtons(model).find((b) => {
    const m = b.kind === 'option' || b.regions.some((r) => r.startsWith('listbox:')) ? monthOf(b.text) : undefined;
    return m && ymKey(m) === ymKey(want);
  });
  if (option)
    return act({ kind: 'click', handle: option.handle }, option.text, `month: "${option.text}" in "${f.label}"`, { kind: 'change' });
  if (verified(mine).some((s) => s.why.includes('month: open')))
    return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${f.label}" does not offer ${want.year}-${pad(want.month)}.` };
  return act({ kind: 'click', handle: f.handle }, f.label, `month: open "${f.label}" to choose ${want.year}-${pad(want.month)}`, {
    kind: 'change',
  });
}

const PREV_MONTH = /^(?:‹|«|<|←|◀|⟨|〈|prev(?:ious)?(?:\s+month)?|이전(?:\s*달)?|지난\s*달|전월)$/i;
const NEXT_MONTH = /^(?:›|»|>|→|▶|⟩|〉|next(?:\s+month)?|다음(?:\s*달)?|익월)$/i;

/**
 * A month shown as a heading between arrows ("‹ 2026년 12월 ›", no list to choose from): the arrow
 * towards the month meant, one month a press, until the heading shows it (two years at most).
 */
function monthByArrows(c: MonthClause, model: PageModel, mine: StepRecord[], now: Date): SkillStep {
  // (a calendar of days with its own arrows says its month by the days it shows, heading or not)
  const cal = model.calendars.find((x) => x.months.length > 0);
  const shown = model.headings.map((h) => monthOf(h)).find((m) => m !== undefined) ?? cal?.months[0];
  if (!shown) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'The page has no month to choose.' };
  const want = monthMeant(c, shown, now);
  if (ymKey(shown) === ymKey(want)) return 'done';
  const back = ymKey(want) < ymKey(shown);
  const own = cal ? (back ? cal.prev : cal.next) : null;
  const arrow =
    (own ? usableButtons(model).find((b) => b.handle === own) : undefined) ??
    usableButtons(model).find((b) => (back ? PREV_MONTH : NEXT_MONTH).test(b.text.trim()));
  if (!arrow) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No arrow to the ${back ? 'previous' : 'next'} month.` };
  if (mine.length >= 24)
    return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `The month shown does not reach ${want.year}-${pad(want.month)}.` };
  return act(
    { kind: 'click', handle: arrow.handle },
    arrow.text,
    `month: ${shown.year}-${pad(shown.month)} shown, ${want.year}-${pad(want.month)} meant`,
    {
      kind: 'change',
    },
  );
}
