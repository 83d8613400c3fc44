import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import { ensureUsable } from './actionability.ts';
import { type ActionOptions, actionResult, click } from './actions.ts';
import { callOn, describeElement, type ResolvedElement, removedFromPage, resolveElement, resolveNode } from './elements.ts';
import { valueForField } from './meaning/field-value.ts';
import { type OptionText, optionByMeaning } from './meaning/options.ts';
import type { Page } from './page.ts';
import { settleAfter } from './settle/index.ts';

type Kind = 'text' | 'select' | 'checkbox' | 'radio' | 'file' | 'value' | 'none' | 'gone';

/** What kind of control an element is ('gone' once it left the page), and focuses/selects a text control's content for replacing. */
const PREPARE_FN = `function(select) {
  const el = this;
  if (!el.isConnected) return { kind: 'gone', checked: false };
  const tag = el.tagName;
  const type = (el.type || '').toLowerCase();
  if (tag === 'SELECT') return { kind: 'select', checked: false };
  if (tag === 'INPUT' && (type === 'checkbox' || type === 'radio')) return { kind: type, checked: el.checked };
  if (tag === 'INPUT' && type === 'file') return { kind: 'file', checked: false };
  if (tag === 'INPUT' && ['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range'].includes(type)) return { kind: 'value', checked: false, type };
  if (tag === 'INPUT' || tag === 'TEXTAREA') { if (select) { el.focus(); el.select(); } return { kind: 'text', checked: false, type, placeholder: el.placeholder || '' }; }
  if (el.isContentEditable) { if (select) { el.focus(); getSelection().selectAllChildren(el); } return { kind: 'text', checked: false }; }
  return { kind: 'none', checked: false };
}`;

const SET_VALUE_FN = `function(value) {
  const proto = this.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(this, value);
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return this.value;
}`;

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

const CHANGE_FN = `function() { if (this.tagName === 'INPUT' || this.tagName === 'TEXTAREA') this.dispatchEvent(new Event('change', { bubbles: true })); }`;

function truthy(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'on', 'yes', 'checked', '1', 'check'].includes(v)) return true;
  if (['false', 'off', 'no', 'unchecked', '0', 'uncheck', ''].includes(v)) return false;
  return undefined;
}

/** The kind of control (STALE_UID when the element left the page); `select` also focuses a text control and selects its content. */
async function kindOf(
  el: ResolvedElement,
  select: boolean,
): Promise<{ kind: Exclude<Kind, 'gone'>; checked: boolean; type?: string; placeholder?: string }> {
  const prepared = await callOn<{ kind: Kind; checked: boolean; type?: string; placeholder?: string }>(el, PREPARE_FN, [select]);
  if (prepared.kind === 'gone') throw removedFromPage(el.uid);
  return prepared as { kind: Exclude<Kind, 'gone'>; checked: boolean; type?: string; placeholder?: string };
}

/** Chooses options of a native <select> by value or visible label. */
export async function selectOption(page: Page, uid: string, values: string[], opts: ActionOptions) {
  const el = await resolveNode(page, uid);
  return selectOn(el, (await kindOf(el, false)).kind, values, opts);
}

async function selectOn(el: ResolvedElement, kind: Exclude<Kind, 'gone'>, values: string[], opts: ActionOptions) {
  const { page, uid } = el;
  if (kind !== 'select') {
    throw new StewardError('TARGET_NOT_INTERACTABLE', `${uid} (${await describeElement(el)}) is not a <select>.`, {
      details: { uid },
      suggestions: ['For a custom dropdown, click it, take a snapshot and click the option uid.'],
    });
  }
  await ensureUsable(el, opts);
  let outcome: { missing?: string[]; options?: OptionText[]; selected?: string[] } = {};
  const settled = await settleAfter(
    page,
    async () => {
      outcome = await callOn(el, SELECT_FN, [values]);
      // no option has the wanted text: choose by meaning (a country by code or name, a month, …)
      const options = outcome.options ?? [];
      if (!outcome.missing || !options.length) return;
      const byMeaning = values.map((v) => optionByMeaning(v, options));
      if (byMeaning.every((i) => i !== undefined)) {
        outcome = await callOn(el, SELECT_INDEX_FN, [byMeaning]);
      }
    },
    opts,
  );
  if (outcome.missing) {
    const labels = (outcome.options ?? []).map((o) => o.label);
    throw new StewardError('ELEMENT_NOT_FOUND', `${uid} has no option ${outcome.missing.map((m) => `"${m}"`).join(', ')}.`, {
      details: { uid, missing: outcome.missing, options: labels },
      suggestions: labels.length ? [`Use one of: ${labels.join(', ')}.`] : ['This list takes a single choice.'],
    });
  }
  return { ...actionResult(page, settled), selected: outcome.selected ?? [] };
}

/**
 * Sets a control to a value the way a person would: text fields and contenteditable get their
 * content replaced through real text input, selects get the option, checkboxes/radios are
 * clicked when their state differs, dates/colours/ranges get the value with input+change.
 */
export async function fill(page: Page, uid: string, value: string, opts: ActionOptions) {
  const el = await resolveNode(page, uid);
  const prepared = await kindOf(el, false);
  const { kind, checked } = prepared;
  if (kind === 'select') return selectOn(el, kind, [value], opts);
  const typed = valueForField(value, prepared);
  if (kind === 'file') return uploadFile(page, uid, [typed], opts);
  if (kind === 'checkbox' || kind === 'radio') {
    const want = truthy(typed);
    if (want === undefined) {
      throw new StewardError('VALIDATION_ERROR', `A ${kind} takes true/false (or checked/unchecked), not "${typed}".`, {
        details: { field: 'value', uid },
      });
    }
    if (kind === 'radio' && !want) {
      throw new StewardError('TARGET_NOT_INTERACTABLE', 'A radio button cannot be unchecked; choose another option of its group.', {
        details: { uid },
      });
    }
    if (want === checked) return { navigated: false, url: page.url() };
    return click(page, uid, opts);
  }
  if (kind === 'none') {
    throw new StewardError('TARGET_NOT_INTERACTABLE', `${uid} (${await describeElement(el)}) cannot be filled.`, {
      details: { uid },
      suggestions: ['Pick a text field, textarea, select, checkbox, radio or contenteditable uid from a new snapshot.'],
    });
  }
  await ensureUsable(el, { ...opts, editable: true });
  const settled = await settleAfter(
    page,
    async () => {
      if (kind === 'value') {
        await callOn(el, SET_VALUE_FN, [typed]);
        return;
      }
      await kindOf(el, true); // focus and select the current content
      if (typed === '')
        await page.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Delete', code: 'Delete', windowsVirtualKeyCode: 46 });
      else await page.send('Input.insertText', { text: typed });
      if (typed === '')
        await page.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Delete', code: 'Delete', windowsVirtualKeyCode: 46 });
      await callOn(el, CHANGE_FN);
    },
    opts,
  );
  return actionResult(page, settled);
}

const FILE_INPUT_FN = `function() {
  const el = this;
  if (el.tagName === 'INPUT' && el.type === 'file') return true;
  const inner = el.control || el.querySelector && el.querySelector('input[type=file]') || el.closest && el.closest('label') && el.closest('label').control;
  return inner && inner.type === 'file' ? inner : null;
}`;

/** Sets the files of a file input (the uid may also be its label or a wrapper holding it). */
export async function uploadFile(page: Page, uid: string, paths: string[], opts: ActionOptions) {
  const el = await resolveElement(page, uid);
  const files = paths.map((p) => resolve(p));
  for (const f of files) {
    await access(f).catch(() => {
      throw new StewardError('FILE_ACCESS', `Cannot read ${f}.`, {
        details: { path: f },
        suggestions: ['Check the path and its permissions.'],
      });
    });
  }
  const { result } = await page.send(
    'Runtime.callFunctionOn',
    { objectId: el.objectId, functionDeclaration: FILE_INPUT_FN, returnByValue: false },
    el.sessionId,
  );
  const target = result.type === 'boolean' ? el.objectId : result.objectId;
  if (!target) {
    throw new StewardError('TARGET_NOT_INTERACTABLE', `${uid} (${await describeElement(el)}) is not a file input.`, {
      details: { uid },
      suggestions: ['Use the uid of the file input (a button named like "Choose File") from a new snapshot.'],
    });
  }
  const settled = await settleAfter(page, () => page.send('DOM.setFileInputFiles', { files, objectId: target }, el.sessionId), opts);
  return { ...actionResult(page, settled), files };
}
