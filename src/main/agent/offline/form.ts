import type { Decision, StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { pickDayChip } from './day-chips.ts';
import { normText, usableButtons } from './refs.ts';
import { fieldForSlot, putValue, setCount, stepperForSlot, toIsoDate } from './skills/field.ts';
import { countsOpener, openerShows, rangeDates } from './skills/range.ts';
import { act, type SkillStep, verified } from './skills/step.ts';
import { clockOf, dayButtons, dayShown, takesDay, timeButtons, timeChoices, timeField } from './when.ts';

/** The day of `now` as YYYY-MM-DD, read as the dates of the request are (the machine's calendar). */
const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Clicks the time-slot button that shows the time asked for; done once it is pressed or chosen. */
function pickTime(time: string, model: PageModel, mine: StepRecord[]): SkillStep {
  const alts = time.split('|');
  const radios = timeChoices(model);
  const radio = alts.map((t) => radios.find((o) => clockOf(o.label) === t)).find(Boolean);
  if (radio)
    return radio.checked
      ? 'done'
      : act({ kind: 'click', handle: radio.handle }, radio.label, `time slot: ${time} is "${radio.label}"`, {
          kind: 'checked',
          handle: radio.handle,
          checked: true,
        });
  const slots = timeButtons(model);
  const b = alts.map((t) => slots.find((x) => clockOf(x.text) === t)).find(Boolean);
  if (!b) {
    if (verified(mine).some((s) => s.why.includes(`time slot: ${time}`))) return 'done';
    const shown = slots.map((x) => x.text).join(', ');
    return {
      type: 'fail',
      code: 'ELEMENT_NOT_FOUND',
      why: `No time slot on the page is ${alts.join(' or ')}${shown ? ` (${shown})` : ''}.`,
    };
  }
  if (b.selected || verified(mine).some((s) => s.why.includes(`time slot: ${time}`))) return 'done';
  return act({ kind: 'click', handle: b.handle }, b.text, `time slot: ${time} is "${b.text}"`, { kind: 'change' });
}

/** Buttons that page a row of days ("Later dates", "Next week ›", "다음 주"), and back. */
const LATER = /^(?:later|next|more dates|다음|이후)|›|»|→$/i;
const EARLIER = /^(?:earlier|previous|prev|이전|지난)|‹|«|←$/i;

const COUNTS = new Set(['passengers', 'adults', 'children', 'guests', 'rooms', 'quantity']);

/**
 * A form the errand was to send must have reached the site: from the send step on, some step
 * moved the page or made it send a request, or the page now shows results it drew itself. A page
 * that only answered with a message of its own ("choose both airports") did not take the errand.
 * Unknown when the page's requests are not known.
 */
/** A button's words that send something for good, not a search. */
const SENDING_WORDS = /submit|send|apply|book|reserve|order|confirm|register|sign up|신청|예약|제출|보내|전송|등록|접수|주문|결제|확정/i;

export function unsentSubmit(clauses: Clause[], history: StepRecord[], model: PageModel): string | undefined {
  for (const [i, c] of clauses.entries()) {
    if (c.kind !== 'submit') continue;
    const from = history.findLastIndex((s) => s.clause === i && s.ok && (s.action.kind === 'click' || s.action.kind === 'press'));
    if (from < 0) continue;
    // a search a page answers in place (results drawn by its own script) shows them: that is its answer —
    // but a send ("신청하기", "Submit") on a page that also shows a table is still a send
    if (model.lists.some((l) => l.records.length) && !SENDING_WORDS.test(history[from]?.target ?? '')) continue;
    const after = history.slice(from).filter((s) => s.ok);
    if (after.some((s) => s.sent === undefined || s.sent > 0 || s.observed.startsWith('the page moved'))) continue;
    const said = history[from]?.observed ?? '';
    return `The form was not sent: nothing reached the site after "${history[from]?.target ?? ''}"${said ? ` (${said})` : ''}.`;
  }
  return undefined;
}

/** Fills every slot into its field (or stepper), in order; done when the page shows them all. */
export function fillForm(slots: Record<string, string>, model: PageModel, mine: StepRecord[], now?: Date): SkillStep {
  const used = new Set<string>();
  for (const [key, value] of Object.entries(slots)) {
    const field = key === 'time' ? timeField(model, used) : fieldForSlot(model, key, used);
    if (field) {
      used.add(field.handle);
      const step = putValue(field, value, model, mine, now);
      if (step !== 'done') return step;
      continue;
    }
    // a day with no field of its own: the one chip of a row of days (radios or buttons) that shows it
    const chip = key === 'date_start' ? pickDayChip(toIsoDate(value, now) ?? value, model, mine) : undefined;
    if (chip === 'done') continue;
    if (chip) return chip;
    const day = key === 'date_start' ? dayButtons(model) : [];
    if (day.length) {
      const iso = toIsoDate(value, now) ?? value;
      const b = day.find((x) => dayShown(x.text) === iso.slice(5, 10));
      if (b?.disabled) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${b.text}" cannot be chosen on this page.` };
      if (b && (b.selected || verified(mine).some((x) => x.why.includes(`day: ${iso}`)))) continue;
      if (b) return act({ kind: 'click', handle: b.handle }, b.text, `day: ${iso} is "${b.text}"`, { kind: 'change' });
      // the day is not in the row shown: the row's own "later" / "earlier" button pages it (a few times at most)
      const shown = day.map((x) => dayShown(x.text) ?? '').sort();
      const later = iso.slice(5, 10) > (shown.at(-1) ?? '') || iso.slice(0, 4) > String(now?.getFullYear() ?? '');
      const pager = usableButtons(model).find((x) => (later ? LATER : EARLIER).test(normText(x.text)) && !dayShown(x.text));
      if (pager && mine.filter((x) => x.why.startsWith('days: ')).length < 8)
        return act({ kind: 'click', handle: pager.handle }, pager.text, `days: ${iso} is not shown; "${pager.text}"`, { kind: 'change' });
    }
    // one date field on the page whose purpose was read as another date: it is the errand's day
    if (key === 'date_start') {
      const dates = model.fields.filter((x) => x.kind === 'date' && x.purpose !== 'birth_date' && !x.disabled && !x.readonly);
      const only = dates.length === 1 ? dates[0] : undefined;
      if (only && !used.has(only.handle)) {
        used.add(only.handle);
        const step = putValue(only, value, model, mine, now);
        if (step !== 'done') return step;
        continue;
      }
    }
    // dates with no field of their own: a button opens a range calendar
    if (key === 'date_start' || key === 'date_end') {
      if (key === 'date_end' && slots.date_start) continue;
      const iso = toIsoDate(value, now) ?? value;
      // "tonight", "오늘": today needs no place on a page that takes no day at all
      if (key === 'date_start' && !slots.date_end && now && iso === localDay(now) && !takesDay(model) && !model.calendars.length) continue;
      const endIso = key === 'date_start' && slots.date_end ? (toIsoDate(slots.date_end, now) ?? slots.date_end) : undefined;
      const step = rangeDates(iso, endIso, model, mine);
      if (step !== 'done') return step;
      if (mine.some((x) => x.ok && x.why.includes('range: start'))) continue;
    }
    // a time with no field of its own: a row of time-slot buttons
    if (key === 'time') {
      const step = pickTime(value, model, mine);
      if (step !== 'done') return step;
      continue;
    }
    const stepper = COUNTS.has(key) ? stepperForSlot(model, key) : undefined;
    if (stepper && /^\d+$/.test(value)) {
      const step = setCount(stepper, Number(value));
      if (step !== 'done') return step;
      continue;
    }
    // counters behind a button ("2 adults · 0 children"): its words may show the count already; else open it
    const opener = COUNTS.has(key) && /^\d+$/.test(value) ? countsOpener(model) : undefined;
    if (opener && openerShows(opener, key, Number(value))) continue;
    if (opener && !mine.some((x) => x.ok && x.why.includes('counts: open')))
      return {
        type: 'act',
        action: { kind: 'click', handle: opener.handle },
        target: opener.text,
        why: `counts: open "${opener.text}"`,
        expect: { kind: 'change' },
      };
    if (COUNTS.has(key) && (value === '1' || (key === 'children' && value === '0'))) continue;
    return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No field on the page takes the ${key.replace(/_/g, ' ')} ("${value}").` };
  }
  return 'done';
}

/**
 * A send about to be pressed for one form while this run put values into another form of the
 * page that is not being sent (a date in a booking form, then the send of a
 * newsletter form beside it): those values would be lost and the errand not done as said. The person is
 * asked which form is meant. Undefined when every value went into the form being sent.
 */
export function sendSplitsForms(handle: string | undefined, model: PageModel, history: StepRecord[]): Decision | undefined {
  const button = model.buttons.find((b) => b.handle === handle);
  if (!button || button.form < 0 || button.kind !== 'submit') return undefined;
  const touched = new Set(
    history
      .filter((h) => h.ok && (h.action.kind === 'fill' || h.action.kind === 'type' || h.action.kind === 'select'))
      .flatMap((h) => ('handle' in h.action && h.action.handle ? [h.action.handle] : [])),
  );
  // (a form that has a send of its own, or the person's own details put anywhere else: a box that only changes
  // what the page shows — a day to view — sends nothing)
  const sending = new Set(model.forms.filter((f) => f.submit && f.idx !== button.form).map((f) => f.idx));
  const own = new Set(['full_name', 'given_name', 'family_name', 'phone', 'email', 'address']);
  const elsewhere = model.fields.filter(
    (f) => touched.has(f.handle) && f.form >= 0 && f.form !== button.form && (sending.has(f.form) || own.has(f.purpose)) && f.value.trim(),
  );
  if (!elsewhere.length) return undefined;
  const names = elsewhere.map((f) => `"${f.label}"`).join(', ');
  return {
    type: 'ask' as const,
    why: `the send "${button.text}" is for another form than ${names}`,
    question: {
      ko: `${names} 칸은 "${button.text}"로 보내는 양식이 아닌 다른 양식에 있어요. 어느 양식을 보낼까요?`,
      en: `${names} ${elsewhere.length > 1 ? 'are' : 'is'} in another form than the one "${button.text}" sends. Which form should I send?`,
    },
  };
}
