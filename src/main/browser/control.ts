import { CHECK_FN } from './actionability.ts';
import { callOn, type ResolvedElement, removedFromPage } from './elements.ts';
import { MARK_IN_CALL } from './settle/index.ts';

/** What kind of form control an element is, as fill and select treat it. */
export type ControlKind = 'text' | 'select' | 'checkbox' | 'radio' | 'file' | 'value' | 'none';

export interface Control {
  kind: ControlKind;
  checked: boolean;
  type?: string;
  placeholder?: string;
}

/** What kind of control an element is ('gone' once it left the page), and focuses/selects a text control's content for replacing. */
export const PREPARE_FN = `function(select) {
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

/** What `PREPARE_FN` answers: the control, or 'gone' once the element left the page. */
type Prepared = Omit<Control, 'kind'> & { kind: ControlKind | 'gone' };

/** The control `PREPARE_FN` found; STALE_UID when the element left the page. */
export function known(el: ResolvedElement, prepared: Prepared): Control {
  if (prepared.kind === 'gone') throw removedFromPage(el.uid);
  return { ...prepared, kind: prepared.kind };
}

/** The kind of control (STALE_UID when the element left the page); `select` also focuses a text control and selects its content. */
export async function kindOf(el: ResolvedElement, select: boolean): Promise<Control> {
  return known(el, await callOn<Prepared>(el, PREPARE_FN, [select]));
}

/** What `readyFn` answers: the control, and whether it was ready (then marked, focused, and `then` ran). */
export interface Readied<T> {
  control: Prepared;
  ready: boolean;
  /** What the caller's `then` part returned (when ready). */
  done?: T;
}

/**
 * The in-page source of one call that readies a form control: its kind; then, when it is one of
 * `kinds`, the actionability check for typing or choosing (visible, enabled, editable for text,
 * scrolled into view), the settle probe's mark (`MARK_IN_CALL`), focus with the content
 * selected for text, and `then` — the caller's own first step of the action, an async function
 * body run with `this` = the element and `args` — all without leaving the page. A control that
 * is not ready at once is left as it was (no mark, no focus): the caller takes its path that
 * retries and says why.
 */
export function readyFn(then = ''): string {
  return `async function(key, kinds, editable, args) {
  const prepare = ${PREPARE_FN};
  const check = ${CHECK_FN};
  ${MARK_IN_CALL}
  const control = prepare.call(this, false);
  if (!kinds.includes(control.kind)) return { control, ready: false };
  const usable = await check.call(this, false, editable);
  if (!usable.ok) return { control, ready: false };
  markSettle(key);
  if (control.kind === 'text') prepare.call(this, true);
  const done = await (async function() { ${then} }).call(this);
  return { control, ready: true, done };
}`;
}

/** Readies a control with `readyFn` (see there); `key` is the settle's probe key when the call marks it. */
export function readyControl<T>(
  el: ResolvedElement,
  fn: string,
  opts: { key: string | undefined; kinds: ControlKind[]; editable: boolean; args?: unknown[] },
): Promise<Readied<T>> {
  return callOn<Readied<T>>(el, fn, [opts.key, opts.kinds, opts.editable, opts.args ?? []]);
}

/** Whether calls on the element run in the page's main document (where the settle probe a call can mark lives). */
export function inMainDocument(el: ResolvedElement): boolean {
  return el.frameId === el.page.mainFrameId && el.sessionId === el.page.sessionId;
}
