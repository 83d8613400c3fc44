import { createHash } from 'node:crypto';
import { inferPurpose } from './purpose.ts';
import type { RawControl, RawPage } from './raw.ts';
import { steppersOf } from './steppers.ts';
import type { Button, ButtonKind, Calendar, ChoiceGroup, Field, FieldKind, PageModel } from './types.ts';
import { typeRecord } from './values.ts';

const MONTHS_EN = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NEXT = /^(next|다음|›|»|>|→|▶|⟩|〉|next page|다음 ?페이지|next month|다음 ?달)$|next (page|month)|다음 ?(페이지|달)/i;
const PREV =
  /^(prev|previous|이전|‹|«|<|←|◀|⟨|〈|previous page|이전 ?페이지|previous month|이전 ?달)$|prev(ious)? (page|month)|이전 ?(페이지|달)/i;
const PROBLEM =
  /required|invalid|must|please (enter|fill|select|choose|complete|provide|write)|missing|is empty|incomplete|can(?:not|'t) be (?:empty|blank)|error|not valid|\d+\s*digits|too (?:short|long)|at least \d|doesn'?t match|필수|입력해|선택해|올바르지|오류|잘못|확인해 ?주세요|누락|비어 ?있|\d+\s*자리(?:를|로)?\s*(?:입력|숫자)|형식/i;

export function monthOf(text: string): { year: number; month: number } | undefined {
  const ko = /(\d{4})\s*[년./-]\s*(\d{1,2})/.exec(text);
  if (ko) return { year: Number(ko[1]), month: Number(ko[2]) };
  const koRev = /(\d{1,2})\s*월\s*,?\s*(\d{4})/.exec(text);
  if (koRev) return { year: Number(koRev[2]), month: Number(koRev[1]) };
  const en = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+(\d{4})/i.exec(text);
  if (en) return { year: Number(en[2]), month: MONTHS_EN.indexOf((en[1] ?? '').toLowerCase()) + 1 };
  return undefined;
}

function fieldKind(c: RawControl): FieldKind | undefined {
  if (c.tag === 'select') return 'select';
  if (c.tag === 'textarea') return 'textarea';
  if (c.role === 'combobox' || c.haspopup === 'listbox') return 'combobox';
  if (c.haspopup === 'datalist') return 'text';
  if (c.tag === 'input') {
    if (c.type === 'checkbox' || c.type === 'radio' || c.type === 'file' || c.type === 'range') return c.type;
    if (c.type === 'date' || c.type === 'datetime-local' || c.type === 'month') return 'date';
    if (c.type === 'number') return 'number';
    if (['submit', 'button', 'reset', 'image'].includes(c.type)) return undefined;
    return 'text';
  }
  if (c.role === 'checkbox' || c.role === 'switch') return 'checkbox';
  if (c.role === 'radio' || c.role === 'menuitemradio') return 'radio';
  if (c.role === 'slider') return 'range';
  if (c.role === 'spinbutton') return 'number';
  if (c.role === 'textbox' || c.role === 'searchbox') return 'text';
  if (c.tag !== 'a' && c.tag !== 'button' && c.role === '' && c.text === '' && !c.href) return 'editable';
  return undefined;
}

function buttonKind(c: RawControl): ButtonKind {
  if (c.role === 'tab') return 'tab';
  if (c.role === 'option') return 'option';
  if (c.role.startsWith('menuitem')) return 'menuitem';
  if (c.role === 'gridcell') return 'cell';
  if (c.tag === 'summary' || c.expanded !== '') return 'toggle';
  if (c.tag === 'a' && c.role !== 'button') return 'link';
  if (
    (c.tag === 'button' && (c.type === '' || c.type === 'submit') && c.form >= 0) ||
    (c.tag === 'input' && (c.type === 'submit' || c.type === 'image'))
  )
    return 'submit';
  return 'button';
}

const best = (...xs: string[]) => xs.map((x) => x.trim()).find(Boolean) ?? '';

/** A picker labelled by itself and its caption ("출발역 서울") is known by the caption: its text is its value. */
function pickerLabel(c: RawControl, picker: boolean): string {
  // ("Sort: Recommended ▾": a picker that names itself before what it shows)
  const named = picker && !c.label ? /^([^:：]{2,24})[:：]\s*\S/.exec(c.text)?.[1]?.trim() : undefined;
  if (named) return named;
  if (!picker || !c.label.endsWith(c.text) || c.label === c.text) return c.label;
  return c.label.slice(0, -c.text.length).trim();
}

/** Builds the typed page model from the in-page facts of the page and its out-of-process frames. */
export function buildModel(frames: RawPage[]): PageModel {
  const fields: Field[] = [];
  const buttons: Button[] = [];
  const model: PageModel = {
    url: frames[0]?.url ?? '',
    title: frames[0]?.title ?? '',
    lang: frames[0]?.lang ?? '',
    headings: frames.flatMap((f) => f.headings),
    forms: [],
    fields,
    buttons,
    groups: [],
    lists: [],
    dialogs: [],
    calendars: [],
    tabs: [],
    steppers: [],
    scrollables: [],
    pagination: { next: null, prev: null, pages: [] },
    messages: [],
    scroll: { y: 0, height: 0, viewport: 0, atEnd: true },
    fingerprint: '',
    textLength: frames.reduce((s, f) => s + f.textLength, 0),
  };
  const top = frames[0];
  if (top) model.scroll = { ...top.scroll, atEnd: top.scroll.y + top.scroll.viewport >= top.scroll.height - 4 };
  frames.forEach((raw, fi) => {
    const at = (h: number) => `${fi}:${h}`;
    const formBase = model.forms.length;
    const fixRegions = (rs: string[]) => (fi ? rs.map((r) => `f${fi}.${r}`) : rs);
    for (const f of raw.forms)
      model.forms.push({ idx: formBase + f.idx, handle: at(f.h), name: f.name, method: f.method, fields: [], submit: null });
    for (const c of raw.controls) {
      const form = c.form >= 0 ? formBase + c.form : -1;
      const kind = fieldKind(c);
      // a button (not a text box) that opens a listbox: its own text is the choice it shows
      const picker = kind === 'combobox' && c.tag !== 'input' && c.tag !== 'textarea' && c.text !== '' && !c.value;
      if (kind) {
        const label = pickerLabel(c, picker);
        fields.push({
          handle: at(c.h),
          kind,
          type: c.type,
          purpose: kind === 'checkbox' || kind === 'radio' || kind === 'file' ? 'other' : inferPurpose(c),
          // an ARIA radio, checkbox or switch built of a span says its own words; the text before it is its neighbour's
          label:
            c.tag !== 'input' && (kind === 'radio' || kind === 'checkbox')
              ? best(c.label, c.aria, c.text, c.title, c.nearby)
              : best(label, c.aria, c.nearby, c.placeholder, c.title, c.name, c.id, c.text),
          texts: [
            label,
            c.aria,
            c.placeholder,
            c.nearby,
            c.title,
            c.name,
            c.id,
            kind === 'checkbox' || kind === 'radio' ? c.text : '',
          ].filter(Boolean),
          placeholder: c.placeholder,
          value: picker ? c.text : c.value,
          checked: c.checked,
          options: c.options,
          required: c.required,
          disabled: c.disabled,
          readonly: c.readonly,
          invalid: c.invalid,
          form,
          group: c.group,
          ...(picker ? { picker } : {}),
          autocomplete: kind === 'combobox' || c.haspopup === 'listbox' || /autocomplete|typeahead/i.test(`${c.name} ${c.id}`),
          inView: c.inView,
          regions: fixRegions(c.regions),
          min: c.min,
          max: c.max,
        });
        continue;
      }
      buttons.push({
        handle: at(c.h),
        kind: buttonKind(c),
        // an icon button (🗑, ★, ×) is known by its aria-label or title
        text: /\p{L}/u.test(c.text) ? best(c.text, c.aria, c.title, c.value) : best(c.aria, c.title, c.text, c.value),
        href: c.href,
        form,
        regions: fixRegions(c.regions),
        selected: c.selected === 'true',
        ...(c.selected !== '' ? { choice: true } : {}),
        expanded: c.expanded === '' ? null : c.expanded === 'true',
        disabled: c.disabled,
        inView: c.inView,
        cluster: c.cluster >= 0 ? fi * 10_000 + c.cluster : -1,
        ...(c.cell ? { cell: { row: c.cell[0], col: c.cell[1] } } : {}),
        ...(c.sorted
          ? { sorted: c.sorted === 'ascending' || c.sorted === 'descending' || c.sorted === 'unmarked' ? c.sorted : 'none' }
          : {}),
      });
    }
    for (const l of raw.lists) {
      const idx = model.lists.length;
      model.lists.push({
        idx,
        handle: at(l.h),
        kind: l.kind,
        headers: l.headers,
        label: l.label,
        records: l.records.map((r, i) => ({
          handle: at(r.h),
          list: idx,
          index: i,
          text: r.text,
          cells: r.cells,
          values: typeRecord(r.cells),
          actions: buttons.filter((b) => b.regions.includes(fixRegions([`rec:${l.idx}:${i}`])[0] as string)),
        })),
      });
    }
    for (const d of raw.dialogs) {
      const tag = fixRegions([`dialog:${d.idx}`])[0] as string;
      model.dialogs.push({
        idx: model.dialogs.length,
        handle: at(d.h),
        kind: d.kind,
        text: d.text,
        modal: d.modal,
        buttons: buttons.filter((b) => b.regions.includes(tag)),
      });
    }
    // a calendar counts while its days are shown
    for (const cal of raw.calendars) if (cal.days.length) model.calendars.push(calendarOf(cal, raw, at, buttons));
    for (const s of raw.scrollables)
      model.scrollables.push({
        idx: model.scrollables.length,
        handle: at(s.h),
        label: s.label,
        atStart: s.scrollTop <= 2,
        atEnd: s.scrollTop + s.clientHeight >= s.scrollHeight - 4,
      });
    if (fi === 0) model.dateTexts = raw.dateTexts ?? [];
    for (const m of raw.messages) model.messages.push({ ...m, problem: m.kind === 'invalid' || PROBLEM.test(m.text) });
  });
  const loose = fields.filter((x) => x.form < 0 && !x.regions.some((r) => r.startsWith('dialog:')));
  if (loose.length) {
    const idx = model.forms.length;
    for (const x of loose) x.form = idx;
    model.forms.push({ idx, handle: null, name: '', method: '', fields: [], submit: null });
  }
  for (const f of model.forms) {
    f.fields = fields.filter((x) => x.form === f.idx);
    // "이름" / "Name" next to a family-name field is the given name
    if (f.fields.some((x) => x.purpose === 'family_name'))
      for (const x of f.fields) if (x.purpose === 'full_name') x.purpose = 'given_name';
    const inForm = buttons.filter((b) => b.form === f.idx && !b.disabled);
    f.submit = f.handle ? (inForm.find((b) => b.kind === 'submit') ?? inForm.filter((b) => b.kind === 'button').at(-1) ?? null) : null;
  }
  model.groups = groupsOf(fields);
  model.tabs = buttons.filter((b) => b.kind === 'tab');
  model.steppers = steppersOf(buttons, fields, frames);
  const nav = buttons.filter((b) => !b.regions.some((r) => r.startsWith('cal:') || r.startsWith('rec:')));
  // "Next ›", "« 이전": the word with its arrow
  const bare = (t: string) => t.replace(/[›»>→▶⟩〉‹«<←◀⟨〈]/g, '').trim() || t;
  model.pagination.next = nav.find((b) => NEXT.test(bare(b.text)) && !/month|달/.test(b.text))?.handle ?? null;
  model.pagination.prev = nav.find((b) => PREV.test(bare(b.text)) && !/month|달/.test(b.text))?.handle ?? null;
  // "2", or a bare number known by its label ("Page 2", "2페이지")
  const pageNo = (t: string) => /^(?:page\s*)?(\d{1,3})(?:\s*(?:페이지|쪽))?$/i.exec(t.trim())?.[1];
  model.pagination.pages = nav
    .filter((b) => pageNo(b.text) && (b.regions.includes('nav') || b.cluster >= 0 || b.kind === 'link'))
    .map((b) => ({ n: Number(pageNo(b.text)), handle: b.handle, current: b.selected }));
  model.fingerprint = fingerprintOf(model);
  return model;
}

function calendarOf(cal: RawPage['calendars'][number], raw: RawPage, at: (h: number) => string, buttons: Button[]): Calendar {
  const months = cal.headings.map(monthOf).filter((m): m is { year: number; month: number } => Boolean(m));
  const [x, y, w] = cal.rect;
  const near = raw.controls.filter((c) => {
    const [cx, cy] = c.rect;
    return cy >= y - 120 && cy <= y + 40 && cx >= x - 60 && cx <= x + w + 60;
  });
  const byH = (c: RawControl | undefined) => (c ? (buttons.find((b) => b.handle === at(c.h))?.handle ?? at(c.h)) : null);
  return {
    idx: cal.idx,
    handle: at(cal.h),
    months,
    days: cal.days.map((d) => ({ ...d, handle: at(d.h) })),
    prev: byH(arrow(near, PREV, /prev|이전/i) ?? arrow(raw.controls, PREV, /prev(ious)? ?month|이전 ?달|prev/i)),
    next: byH(arrow(near, NEXT, /next|다음/i) ?? arrow(raw.controls, NEXT, /next ?month|다음 ?달|next/i)),
  };
}

/** A month arrow: its text is an arrow word, or its aria-label / title / id says so (short text only). */
function arrow(controls: RawControl[], text: RegExp, words: RegExp): RawControl | undefined {
  return controls.find((c) => {
    const t = best(c.text, c.aria, c.title);
    return (text.test(t) || words.test(`${c.aria} ${c.title} ${c.id} ${c.name}`)) && t.length <= 20 && !c.disabled && c.tag !== 'a';
  });
}

function groupsOf(fields: Field[]): ChoiceGroup[] {
  const groups = new Map<string, ChoiceGroup>();
  for (const f of fields) {
    if (f.kind !== 'radio' && f.kind !== 'checkbox') continue;
    const key = `${f.kind}|${f.form}|${f.group}`;
    const g = groups.get(key) ?? { kind: f.kind, label: f.group, form: f.form, options: [] };
    g.options.push({ handle: f.handle, label: f.label, checked: f.checked === true });
    groups.set(key, g);
  }
  return [...groups.values()];
}

function fingerprintOf(m: PageModel): string {
  const h = createHash('sha1');
  h.update(m.url);
  for (const f of m.fields) h.update(`${f.handle}=${f.value}|${f.checked}|${f.invalid};`);
  for (const l of m.lists) for (const r of l.records) h.update(r.text);
  for (const d of m.dialogs) h.update(`D${d.text}`);
  for (const c of m.calendars) h.update(`C${JSON.stringify(c.months)}${c.days.filter((d) => d.selected).map((d) => d.day)}`);
  for (const b of m.buttons) h.update(`${b.text}${b.selected}${b.expanded}${b.disabled}${b.sorted ?? ''};`);
  for (const s of m.scrollables) h.update(`S${s.atEnd}${s.atStart}`);
  for (const s of m.steppers) h.update(`N${s.label}=${s.value}`);
  for (const x of m.messages) h.update(`M${x.text}`);
  for (const x of m.dateTexts ?? []) h.update(`W${x}`);
  h.update(`T${m.textLength}H${m.headings.join('|')}`);
  return h.digest('hex').slice(0, 16);
}
