import { optionByMeaning } from '../../../browser/meaning/options.ts';
import { smallNumber } from '../../../language/numbers.ts';
import type { StepRecord } from '../../loop/actions.ts';
import { fieldShows } from '../../loop/verify.ts';
import { DATE_PURPOSES } from '../../page-model/purpose.ts';
import type { Field, PageModel, Stepper } from '../../page-model/types.ts';
import { normText, rank } from '../refs.ts';
import { clockOf, dayList, dayShown } from '../when.ts';
import { dateListsAround, setDate, setDateLists, setDateTime } from './date.ts';
import { splitEmail } from './email.ts';
import { typeOnKeypad } from './keypad.ts';
import { splitPhone } from './phone.ts';
import { pickInList } from './picker.ts';
import { act, type SkillStep, verified } from './step.ts';
import { bestOption, lookupAlternatives, suggestions, unknownPlace } from './suggest.ts';

/** Place fields: sites suggest matches as the person types, so type key by key. */
const TYPED = new Set(['origin', 'destination', 'city']);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date said as "2026-12-20", "2026.12.20", "12월 20일", "Dec 20", "20 December 2026" → ISO, or undefined. */
export function toIsoDate(value: string, now = new Date()): string | undefined {
  const v = value.trim().toLowerCase();
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = (y: number, m: number, d: number) => (m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${y}-${pad(m)}-${pad(d)}` : undefined);
  const year = (m: number, d: number) => {
    const y = now.getFullYear();
    return new Date(y, m - 1, d) < new Date(now.getFullYear(), now.getMonth(), now.getDate()) ? y + 1 : y;
  };
  let m = /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*일?\s*생?$/.exec(v);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  // "87년 11월 5일(생)": a year said by its last two digits, in the century that puts it in the past
  m = /^(\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일?\s*생?$/.exec(v);
  if (m) {
    const yy = Number(m[1]);
    return iso(yy > now.getFullYear() % 100 ? 1900 + yy : 2000 + yy, Number(m[2]), Number(m[3]));
  }
  m = /^(\d{1,2})\s*월\s*(\d{1,2})\s*일$/.exec(v);
  if (m) return iso(year(Number(m[1]), Number(m[2])), Number(m[1]), Number(m[2]));
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/.exec(v);
  if (m && MONTHS.includes(m[1] as string)) {
    const mo = MONTHS.indexOf(m[1] as string) + 1;
    return iso(m[3] ? Number(m[3]) : year(mo, Number(m[2])), mo, Number(m[2]));
  }
  m = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?(?:\s+(\d{4}))?$/.exec(v);
  if (m && MONTHS.includes(m[2] as string)) {
    const mo = MONTHS.indexOf(m[2] as string) + 1;
    return iso(m[3] ? Number(m[3]) : year(mo, Number(m[1])), mo, Number(m[1]));
  }
  return undefined;
}

const ALIASES: Record<string, string[]> = {
  origin: ['from', 'origin', 'depart_from', 'departure'],
  // a page with one place field (a hotel's city): any place said goes there
  destination: ['to', 'destination', 'arrive', 'arrival', 'where', 'city', 'origin'],
  depart_date: ['date', 'date_start', 'depart', 'departure_date', 'outbound'],
  return_date: ['date_end', 'return', 'inbound'],
  checkin_date: ['date_start', 'checkin', 'check_in'],
  checkout_date: ['date_end', 'checkout', 'check_out'],
  date: ['date_start', 'date'],
  passengers: ['passengers', 'travellers', 'travelers', 'adults', 'guests'],
  adults: ['adults', 'passengers', 'guests'],
  guests: ['guests', 'adults', 'passengers'],
  full_name: ['name', 'full_name'],
  query: ['query', 'q', 'search', 'keyword', 'product'],
};

/** The field a slot goes into: by purpose (and its aliases), else by the field's own words. */
export function fieldForSlot(model: PageModel, key: string, used: Set<string>): Field | undefined {
  const free = model.fields.filter((f) => !used.has(f.handle) && !f.disabled && f.kind !== 'file');
  const byPurpose = free.find((f) => f.purpose === key) ?? free.find((f) => (ALIASES[f.purpose] ?? []).includes(key));
  if (byPurpose) return byPurpose;
  const ranked = rank(key.replace(/_/g, ' '), free, (f) => [...f.texts, f.label], 0.5)[0]?.item;
  // (a day said for a list of days whatever its name: "Visit on", "Slot day")
  const days = key === 'date_start' || [...DATE_PURPOSES].some((p) => p === key) ? dayList(model) : undefined;
  return ranked ?? (days && !used.has(days.handle) ? days : undefined);
}

export function stepperForSlot(model: PageModel, key: string): Stepper | undefined {
  if (model.steppers.length === 1 && !model.steppers[0]?.label) return model.steppers[0];
  const words = [key, ...(ALIASES[key] ?? [])].map((w) => w.replace(/_/g, ' '));
  const KO: Record<string, RegExp> = {
    passengers: /승객|인원|여행자/,
    adults: /성인|어른/,
    guests: /투숙|인원|손님/,
    children: /어린이|아동/,
    rooms: /객실|방/,
  };
  return model.steppers.find((s) => words.some((w) => normText(s.label).includes(w.slice(0, 5))) || KO[key]?.test(s.label));
}

export function setCount(s: Stepper, n: number): SkillStep {
  if (s.value === n) return 'done';
  const up = (s.value ?? 0) < n;
  const btn = up ? s.inc : s.dec;
  if (!btn) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${s.label}" has no ${up ? '+' : '−'} button.` };
  return act({ kind: 'click', handle: btn }, `${s.label} ${up ? '+' : '−'}`, `${s.label} shows ${s.value}, wanted ${n}`, {
    kind: 'change',
  });
}

function inPageScript(alts: string[], model: PageModel): string | undefined {
  if (alts.length < 2) return undefined;
  const korean = /^ko/i.test(model.lang) || (!model.lang && /[가-힣]/.test(model.title));
  const english = /^en/i.test(model.lang);
  if (!korean && !english) return undefined;
  const fits = (a: string) => (korean ? /[가-힣]/.test(a) : /^[A-Za-z][a-z]/.test(a));
  return fits(alts[0] ?? '') ? undefined : alts.find(fits);
}

/** Puts one value into one field, whatever kind of control it is, and checks the field shows it. */
export function putValue(field: Field, wanted: string, model: PageModel, mine: StepRecord[], now?: Date): SkillStep {
  const label = field.label;
  // "Gimpo|GMP": type the first, accept any (options and suggestions may use either) — the first
  // in the page's own script when there is one ("오사카|Osaka|OSA" on an English page → "Osaka")
  const value = inPageScript(wanted.split('|'), model) ?? wanted.split('|')[0] ?? wanted;
  // a date asked as lists side by side (year, month, day)
  const lists = field.kind === 'select' ? dateListsAround(field, model) : undefined;
  const listIso = lists ? toIsoDate(value, now) : undefined;
  if (lists && listIso) return setDateLists(lists, listIso);
  // a phone number asked in three boxes
  const phone = splitPhone(field, value, model);
  if (phone) return phone;
  if (field.kind === 'select') {
    const labels = (field.options ?? []).map((o) => o.label);
    if (fieldShows(field, wanted)) return 'done';
    // a clock time ("18:30") is the option that shows that time in its own way ("오후 6:30", "6:30 PM")
    const clocks = /^\d{2}:\d{2}(?:\|\d{2}:\d{2})*$/.test(wanted) ? wanted.split('|') : [];
    const clockAt =
      clocks.map((t) => (field.options ?? []).findIndex((o) => clockOf(o.label) === t || clockOf(o.value) === t)).find((i) => i >= 0) ?? -1;
    // a day ("2027-01-12") is the option that shows that day in its own way ("3월 4일 (목)", "Thu 4 Mar")
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(wanted.trim()) ? wanted.trim() : undefined;
    const dayAt = iso
      ? (field.options ?? []).findIndex((o) => o.value === iso || dayShown(o.label) === iso.slice(5) || dayShown(o.value) === iso.slice(5))
      : -1;
    const close = clockAt >= 0 ? clockAt : dayAt >= 0 ? dayAt : bestOption(labels, wanted);
    // no option has these words: one may mean the same (a country by its code, a month by number)
    const i =
      close >= 0
        ? close
        : (optionByMeaning(
            value,
            labels.map((l) => ({ value: '', label: l })),
          ) ?? -1);
    if (i < 0) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${label}" has no option like "${value}" (${labels.join(', ')}).` };
    // the option meant (in another language, by meaning) is the one chosen already
    if (field.options?.[i]?.selected) return 'done';
    const option = labels[i] as string;
    return act({ kind: 'select', handle: field.handle, option }, label, `"${label}" is a list; its option "${option}" matches "${value}"`, {
      kind: 'value',
      handle: field.handle,
      value: option,
    });
  }
  if (field.picker) return pickInList(field, wanted, model, mine);
  const parts = splitEmail(field, value, model, mine);
  if (parts) return parts;
  if (field.kind === 'checkbox' || field.kind === 'radio') {
    const want = !/^(no|false|off|0|아니|해제)$/i.test(value.trim());
    if (field.checked === want) return 'done';
    return act({ kind: 'click', handle: field.handle }, label, `${want ? 'check' : 'uncheck'} "${label}"`, {
      kind: 'checked',
      handle: field.handle,
      checked: want,
    });
  }
  // a text field with a datalist: its own suggestions are the words to type
  if (field.kind === 'text' && field.options?.length) {
    const i = bestOption(
      field.options.map((o) => o.value),
      wanted,
    );
    if (i >= 0) {
      const v = field.options[i]?.value as string;
      if (field.value === v) return 'done';
      return act({ kind: 'fill', handle: field.handle, value: v }, label, `"${label}" suggests "${v}" for "${value}"`, {
        kind: 'value',
        handle: field.handle,
        value: v,
      });
    }
  }
  // the count's box of a − / + pair (often read-only): the buttons set it
  const counter = model.steppers.find((x) => x.label === field.label && x.value !== null && (x.dec || x.inc));
  const count = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : undefined;
  if (counter && count !== undefined && (field.readonly || field.kind !== 'number')) return setCount(counter, count);
  // a read-only box the page fills from its own on-screen keypad
  const keyed = field.readonly && field.kind === 'text' && !field.picker ? typeOnKeypad(field, value, model, mine) : undefined;
  if (keyed) return keyed;
  // a slider or a number box takes the number alone ("$30" → 30)
  if (field.kind === 'range' || field.kind === 'number') {
    // (a count said in words: "두 개", "three boxes")
    const said = smallNumber(value.trim().split(/\s+/)[0] ?? '');
    const n = /-?\d+(?:[.,]\d+)?/.exec(value.replace(/,(?=\d{3}\b)/g, ''))?.[0] ?? (said !== undefined ? String(said) : undefined);
    if (n && n !== value) return putValue(field, n, model, mine, now);
  }
  if (field.type === 'datetime-local') {
    const clock = /(\d{1,2}):(\d{2})/.exec(value);
    const day = value.replace(/[T\s]*\d{1,2}:\d{2}.*$/, '').trim();
    const time = clock ? `${(clock[1] as string).padStart(2, '0')}:${clock[2]}` : undefined;
    return setDateTime(field, day ? toIsoDate(day, now) : undefined, time);
  }
  const iso = field.kind === 'date' || DATE_PURPOSES.has(field.purpose) ? toIsoDate(value, now) : undefined;
  if (iso) return setDate(field, iso, model, mine);
  const done = verified(mine);
  const typedHere = mine.flatMap((s) =>
    (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle ? [s.action.value] : [],
  );
  const offered = suggestions(model, typedHere);
  const filled = done.some((s) => (s.action.kind === 'fill' || s.action.kind === 'type') && s.action.handle === field.handle);
  if (filled && offered.length) {
    // (the words typed last first: "시청역" typed after the whole phrase offered nothing)
    const said = [...typedHere.slice().reverse(), ...lookupAlternatives(wanted, field)];
    const i =
      said
        .map((w) =>
          bestOption(
            offered.map((b) => b.text),
            w,
          ),
        )
        .find((x) => x >= 0) ?? -1;
    const picked = done.some(
      (s) => s.action.kind === 'click' && offered.some((b) => b.handle === (s.action as { handle?: string }).handle),
    );
    if (i >= 0 && !picked) {
      const b = offered[i] as (typeof offered)[number];
      return act({ kind: 'click', handle: b.handle }, b.text, `"${label}" offers "${b.text}" for "${value}"`, { kind: 'change' });
    }
  }
  // suggestions that come from the network arrive a moment later
  if (
    filled &&
    !offered.length &&
    !field.options?.length &&
    (field.autocomplete ||
      field.kind === 'combobox' ||
      // it asked the site while the words were typed
      mine.some((s) => s.action.kind === 'type' && s.action.handle === field.handle && (s.sent ?? 0) > 0)) &&
    !mine.some((s) => s.action.kind === 'wait' && s.target === label) &&
    // (a suggestion was chosen already: the list closed with it)
    !picked(field, mine)
  ) {
    return act({ kind: 'wait', ms: 500 }, label, `"${label}" shows no suggestions yet; give it a moment`, { kind: 'nothing' });
  }
  // nothing offered for the person's words: try the next way to say it ("인천" → "ICN")
  // (a click picked for another field before this one was typed does not count)
  const lastTyped = mine.findLastIndex((s) => (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle);
  const clickedSince = lastTyped >= 0 && mine.slice(lastTyped).some((s) => s.ok && s.action.kind === 'click');
  const alts = lookupAlternatives(wanted, field);
  const typedAlts = mine.filter((s) => (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle).length;
  // (only a field that looks its words up: a plain text box keeps the person's words)
  const looksUp =
    field.autocomplete ||
    field.kind === 'combobox' ||
    offered.length > 0 ||
    mine.some((s) => (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle && (s.sent ?? 0) > 0);
  if (
    filled &&
    looksUp &&
    !field.options?.length &&
    alts.length > typedAlts &&
    !clickedSince &&
    bestOption(
      offered.map((b) => b.text),
      wanted,
    ) < 0
  ) {
    const next = alts[typedAlts] as string;
    return act({ kind: 'type', handle: field.handle, value: next }, label, `nothing offered for "${alts[typedAlts - 1]}"; try "${next}"`, {
      kind: 'change',
    });
  }
  const lost = unknownPlace(field, wanted, offered, mine);
  if (lost) return lost;
  if (filled && fieldShows(field, wanted)) return 'done';
  if (filled && !fieldShows(field, wanted) && clickedSince) return 'done';
  const typed = mine.some((s) => s.action.kind === 'type' && s.action.handle === field.handle);
  if (mine.some((s) => s.action.kind === 'fill' && s.action.handle === field.handle) && !typed && field.autocomplete) {
    return act({ kind: 'type', handle: field.handle, value }, label, `"${label}" suggests as you type; type it key by key`, {
      kind: 'change',
    });
  }
  if (filled) return 'done';
  if (field.autocomplete || TYPED.has(field.purpose)) {
    return act({ kind: 'type', handle: field.handle, value }, label, `"${label}" may suggest as you type; type it key by key`, {
      kind: 'value',
      handle: field.handle,
      value,
    });
  }
  return act(
    { kind: 'fill', handle: field.handle, value },
    label,
    `"${label}" is the ${field.purpose === 'other' ? 'field' : field.purpose.replace(/_/g, ' ')} field`,
    { kind: 'value', handle: field.handle, value },
  );
}

/** A click after the field was last typed into: a suggestion taken. */
function picked(field: Field, mine: StepRecord[]): boolean {
  const at = mine.findLastIndex((s) => (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle);
  return at >= 0 && mine.slice(at + 1).some((s) => s.ok && s.action.kind === 'click');
}
