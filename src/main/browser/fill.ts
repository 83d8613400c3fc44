import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import { ensureUsable } from './actionability.ts';
import { type ActionOptions, actionResult, click } from './actions.ts';
import { type Control, inMainDocument, kindOf, known, type Readied, readyControl, readyFn } from './control.ts';
import { callOn, describeElement, type ResolvedElement, resolveElement, resolveNode } from './elements.ts';
import type { ProbeState } from './in-page/probe-state.ts';
import { valueForField } from './meaning/field-value.ts';
import type { Page } from './page.ts';
import { selectOn } from './select.ts';
import { beginSettle, STATE_IN_CALL, settleAfter } from './settle/index.ts';

const SET_VALUE_FN = `async function(value, key) {
  ${STATE_IN_CALL}
  const proto = this.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(this, value);
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return settleState(key);
}`;

/** After the text went in: the change event a person's leaving the field would fire, then (with a key) the settle's first reading. */
const CHANGE_FN = `async function(key) {
  ${STATE_IN_CALL}
  if (this.tagName === 'INPUT' || this.tagName === 'TEXTAREA') this.dispatchEvent(new Event('change', { bubbles: true }));
  return settleState(key);
}`;

/**
 * Readied for typing; with a token, a text control's typing is also watched for: the task after
 * the browser took the text (its beforeinput, or input) releases the change that follows it (see `typeThenChange`).
 */
const READY_FILL_FN = readyFn(`
  const token = args[0];
  if (!token || control.kind !== 'text') return false;
  const win = this.ownerDocument.defaultView;
  let release;
  const typed = new Promise((resolve) => { release = resolve; });
  const seen = () => {
    win.removeEventListener('beforeinput', seen, true);
    win.removeEventListener('input', seen, true);
    // the task that puts the text in ends (its input event and their handlers run) before the probe's next
    // task (a timer the page's counts leave out)
    Reflect.get(window, key).task().then(release);
  };
  try {
    Object.defineProperty(this, Symbol.for(token), { value: { typed, release }, configurable: true });
  } catch {
    return false; // an element the page sealed: the text and the change go one after the other
  }
  win.addEventListener('beforeinput', seen, true);
  win.addEventListener('input', seen, true);
  return true;
`);

/** The change after typing, sent with the text: it waits in the page until the text went in (or Node says the browser took it). */
const CHANGE_AFTER_TYPING_FN = `async function(key, token) {
  const watch = this[Symbol.for(token)];
  if (watch) { await watch.typed; delete this[Symbol.for(token)]; }
  return (${CHANGE_FN}).call(this, key);
}`;

/** Releases a change still waiting for its text (the browser answered that it took it). */
const RELEASE_FN = `function(token) { const watch = this[Symbol.for(token)]; if (watch) watch.release(); }`;

let tokens = 0;

function truthy(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (['true', 'on', 'yes', 'checked', '1', 'check'].includes(v)) return true;
  if (['false', 'off', 'no', 'unchecked', '0', 'uncheck', ''].includes(v)) return false;
  return undefined;
}

/**
 * Sets a control to a value the way a person would: text fields and contenteditable get their
 * content replaced through real text input, selects get the option, checkboxes/radios are
 * clicked when their state differs, dates/colours/ranges get the value with input+change.
 * A text or value control ready at once takes three calls: readied (kind, checks, the settle's
 * mark, focus) in one, the text, then the change event with the settle's first reading.
 */
export async function fill(page: Page, uid: string, value: string, opts: ActionOptions) {
  const el = await resolveNode(page, uid);
  const begun = await beginSettle(page, { marksInPage: inMainDocument(el) });
  let readied: Readied<unknown> | undefined;
  const settled = await settleAfter(
    page,
    async () => {
      // typing is watched for in the page when the call marks the settle (the element is in the main document)
      const token = begun.markKey ? `${begun.markKey}:typed:${++tokens}` : undefined;
      readied = await readyControl<boolean>(el, READY_FILL_FN, {
        key: begun.markKey,
        kinds: ['text', 'value'],
        editable: true,
        args: [token],
      });
      if (!readied.ready) return { ran: false };
      const watched = readied.done === true ? token : undefined;
      return { ran: true, probe: await enter(el, known(el, readied.control), value, begun.markKey, watched) };
    },
    { ...opts, begun, ran: (v) => v.ran, probeOf: (v) => v.probe },
  );
  if (!readied || !settled.value || settled.value.ran) return actionResult(page, settled);
  return fillKnown(el, known(el, readied.control), value, opts);
}

/** Types (or sets) the value into a readied control and fires change; the settle's first reading when `key` is given. */
async function enter(
  el: ResolvedElement,
  control: Control,
  value: string,
  key: string | undefined,
  token?: string,
): Promise<ProbeState | null | undefined> {
  const { page } = el;
  const typed = valueForField(value, control);
  if (control.kind === 'value') return callOn(el, SET_VALUE_FN, [typed, key]);
  const type = async () => {
    if (typed !== '') return void (await page.send('Input.insertText', { text: typed }));
    // sent together: the browser takes input in order
    const del = { key: 'Delete', code: 'Delete', windowsVirtualKeyCode: 46 };
    await Promise.all([
      page.send('Input.dispatchKeyEvent', { type: 'keyDown', ...del }),
      page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...del }),
    ]);
  };
  if (token) return typeThenChange(el, type, key, token);
  await type();
  return callOn(el, CHANGE_FN, [key]);
}

/**
 * The text and the change after it sent together (one round trip, not two): the change waits in
 * the page for the text the readied call watches for, or — should the page not see it — for Node
 * to say the browser answered that it took it.
 */
async function typeThenChange(el: ResolvedElement, type: () => Promise<void>, key: string | undefined, token: string) {
  let answered = false;
  const change = callOn<ProbeState | null | undefined>(el, CHANGE_AFTER_TYPING_FN, [key, token]).finally(() => {
    answered = true;
  });
  const release = () => {
    if (!answered) void callOn(el, RELEASE_FN, [token]).catch(() => undefined);
  };
  try {
    await type();
  } catch (e) {
    release();
    change.catch(() => undefined);
    throw e;
  }
  release();
  return change;
}

/** A control that was not ready at once, or not text: each kind its own way, with the checks that retry and say why. */
async function fillKnown(el: ResolvedElement, control: Control, value: string, opts: ActionOptions) {
  const { page, uid } = el;
  const { kind, checked } = control;
  if (kind === 'select') return selectOn(el, [value], opts);
  const typed = valueForField(value, control);
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
      if (kind !== 'value') await kindOf(el, true); // focus and select the current content
      await enter(el, control, value, undefined);
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
