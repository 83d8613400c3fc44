import { StewardError } from '../../shared/errors.ts';
import { ensureUsable } from './actionability.ts';
import { type ActionOptions, actionResult } from './actions.ts';
import { inMainDocument, known, type Readied, readyControl, readyFn } from './control.ts';
import { callOn, describeElement, type ResolvedElement, resolveNode } from './elements.ts';
import type { ProbeState } from './in-page/probe-state.ts';
import { type OptionText, optionByMeaning } from './meaning/options.ts';
import type { Page } from './page.ts';
import { beginSettle, STATE_IN_CALL, settleAfter } from './settle/index.ts';

/** Chooses options by value or label; says which are missing (with the options there are) instead. */
const SELECT_FN = `function(wanted) {
  const options = [...this.options];
  const picked = wanted.map((w) => options.find((o) => o.value === w) || options.find((o) => o.label.trim() === w)
    || options.find((o) => o.label.trim().toLowerCase() === w.toLowerCase()));
  const missing = wanted.filter((w, i) => !picked[i]);
  if (missing.length) return { missing, options: options.map((o) => ({ value: o.value, label: o.label.trim() })) };
  if (!this.multiple && picked.length > 1) return { missing: wanted.slice(1), options: [] };
  for (const o of options) o.selected = picked.includes(o);
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: picked.map((o) => o.label.trim()) };
}`;

/** Selects options by index (chosen by meaning in Node, see meaning/options.ts). */
const SELECT_INDEX_FN = `function(indexes) {
  const options = [...this.options];
  options.forEach((o, i) => { o.selected = indexes.includes(i); });
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: indexes.map((i) => options[i].label.trim()) };
}`;

interface Outcome {
  missing?: string[];
  options?: OptionText[];
  selected?: string[];
}

/**
 * Readied and chosen in one call: the options picked, and — when all were found — what the
 * events set in motion so far (the settle's first reading; when options are missing the choice
 * by meaning follows, and the settle reads it afterwards).
 */
const READY_SELECT_FN = readyFn(`
  ${STATE_IN_CALL}
  const outcome = (${SELECT_FN}).call(this, args[0]);
  return { outcome, probe: outcome.missing ? undefined : await settleState(key) };
`);

/** Chooses options of a native <select> by value or visible label. */
export async function selectOption(page: Page, uid: string, values: string[], opts: ActionOptions) {
  return selectOn(await resolveNode(page, uid), values, opts);
}

/**
 * Readies the select, marks the settle, chooses and reads what the choice set in motion in one
 * call; a select not ready at once (hidden, disabled for a moment) gets the checks that retry.
 */
export async function selectOn(el: ResolvedElement, values: string[], opts: ActionOptions) {
  const { page } = el;
  const begun = await beginSettle(page, { marksInPage: inMainDocument(el) });
  let readied: Readied<{ outcome: Outcome; probe?: ProbeState | null }> | undefined;
  let outcome: Outcome = {};
  const settled = await settleAfter(
    page,
    async () => {
      readied = await readyControl(el, READY_SELECT_FN, { key: begun.markKey, kinds: ['select'], editable: false, args: [values] });
      if (!readied.ready || !readied.done) return { ran: false };
      outcome = readied.done.outcome;
      await chooseByMeaning(el, values, outcome);
      return { ran: true, probe: readied.done.probe };
    },
    { ...opts, begun, ran: (v) => v.ran, probeOf: (v) => v.probe },
  );
  if (settled.value && !settled.value.ran) {
    if (!readied || known(el, readied.control).kind !== 'select') throw await notASelect(el);
    return selectWhenUsable(el, values, opts);
  }
  return finish(el, settled, outcome);
}

/** No option has the wanted text: chooses by meaning (a country by code or name, a month, …); the settle then reads the page itself. */
async function chooseByMeaning(el: ResolvedElement, values: string[], outcome: Outcome): Promise<void> {
  const options = outcome.options ?? [];
  if (!outcome.missing || !options.length) return;
  const byMeaning = values.map((v) => optionByMeaning(v, options));
  if (byMeaning.every((i) => i !== undefined))
    Object.assign(outcome, await callOn<Outcome>(el, SELECT_INDEX_FN, [byMeaning]), { missing: undefined });
}

/** The path with the checks that retry for a while (and say why they failed), then the choice. */
async function selectWhenUsable(el: ResolvedElement, values: string[], opts: ActionOptions) {
  await ensureUsable(el, opts);
  const outcome: Outcome = {};
  const settled = await settleAfter(
    el.page,
    async () => {
      Object.assign(outcome, await callOn<Outcome>(el, SELECT_FN, [values]));
      await chooseByMeaning(el, values, outcome);
    },
    opts,
  );
  return finish(el, settled, outcome);
}

function finish(el: ResolvedElement, settled: Parameters<typeof actionResult>[1], outcome: Outcome) {
  if (outcome.missing) {
    const labels = (outcome.options ?? []).map((o) => o.label);
    throw new StewardError('ELEMENT_NOT_FOUND', `${el.uid} has no option ${outcome.missing.map((m) => `"${m}"`).join(', ')}.`, {
      details: { uid: el.uid, missing: outcome.missing, options: labels },
      suggestions: labels.length ? [`Use one of: ${labels.join(', ')}.`] : ['This list takes a single choice.'],
    });
  }
  return { ...actionResult(el.page, settled), selected: outcome.selected ?? [] };
}

async function notASelect(el: ResolvedElement): Promise<StewardError> {
  return new StewardError('TARGET_NOT_INTERACTABLE', `${el.uid} (${await describeElement(el)}) is not a <select>.`, {
    details: { uid: el.uid },
    suggestions: ['For a custom dropdown, click it, take a snapshot and click the option uid.'],
  });
}
