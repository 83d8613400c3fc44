import type { BrowserDriver } from '../../browser/driver.ts';
import { callOn, type ResolvedElement, removedFromPage, resolveNode } from '../../browser/elements.ts';
import type { Page } from '../../browser/page.ts';
import { classifyKind, maskFields } from './classify.ts';
import type { ActingCall, Effect } from './effect.ts';
import { focusedElement, judgeElement, offersSuggestions, type PageJudgement } from './in-page.ts';

/** The judge in the page: `this` is the element ('gone' once it left the page); the function text is the real function's source. */
const ON_ELEMENT = `function(how) { if (!this.isConnected) return 'gone'; return (${judgeElement.toString()})(this, how); }`;
/** The judge of a field typed into, with whether it offers suggestions (what the hold asks next), in one call. */
const ON_TYPED = `function(how) {
  if (!this.isConnected) return 'gone';
  return { judged: (${judgeElement.toString()})(this, how), suggests: (${offersSuggestions.toString()})(this) };
}`;

/** Whether a typing call's field offers suggestions, read with its judgement (by the call's input, which the watch is given too). */
const suggesting = new WeakMap<Record<string, unknown>, boolean>();
/** The judge of whatever has focus in this frame (null when the frame does not have focus). */
const ON_FOCUS = `function(how) {
  if (!document.hasFocus()) return null;
  const f = (${focusedElement.toString()})();
  if (f && (f.tagName === 'IFRAME' || f.tagName === 'FRAME')) return { crossFrame: true };
  return (${judgeElement.toString()})(f, how);
}`;

/** The key a press sends, without modifiers ("Control+Enter" → "Enter"); Space as " ". */
function mainKey(key: unknown): string {
  const k =
    String(key ?? '')
      .split('+')
      .pop() ?? '';
  return k === 'Space' || k === 'Spacebar' ? ' ' : k;
}

/** Which elements a call acts on and how, or undefined when the DOM cannot say (the network hold still watches). */
function targets(call: ActingCall): { uids: string[]; how: string; focus: boolean } | undefined {
  const { tool, input } = call;
  const uid = typeof input.uid === 'string' ? input.uid : undefined;
  switch (tool) {
    case 'click':
      return uid ? { uids: [uid], how: 'click', focus: false } : undefined;
    case 'press_key':
    case 'type_text': {
      const key = mainKey(tool === 'press_key' ? input.key : input.submitKey);
      if (key !== 'Enter' && key !== ' ') return undefined;
      return { uids: uid ? [uid] : [], how: `key:${key}`, focus: !uid };
    }
    case 'fill':
    case 'select_option':
      return uid ? { uids: [uid], how: 'change', focus: false } : undefined;
    case 'fill_form': {
      const els = Array.isArray(input.elements) ? (input.elements as Array<{ uid?: unknown }>) : [];
      return { uids: els.map((e) => e.uid).filter((u): u is string => typeof u === 'string'), how: 'change', focus: false };
    }
    default:
      return undefined;
  }
}

async function judgeFocus(page: Page, how: string): Promise<PageJudgement | null> {
  for (const sessionId of page.frames.sessions()) {
    const { result } = await page.send('Runtime.evaluate', { expression: 'globalThis' }, sessionId || undefined);
    if (!result.objectId) continue;
    const out = await page.send(
      'Runtime.callFunctionOn',
      { objectId: result.objectId, functionDeclaration: ON_FOCUS, arguments: [{ value: how }], returnByValue: true },
      sessionId || undefined,
    );
    const j = out.result.value as PageJudgement | null;
    if (j && !j.crossFrame) return j;
  }
  return null;
}

function toEffect(j: PageJudgement): Effect | undefined {
  if (j.namedAct) {
    // what it sends is not known before acting (a GET, a script call): the approval records no request
    const kind = classifyKind({ method: 'GET', url: j.action || 'about:blank', fields: {} }, `${j.namedAct} ${j.pageText}`);
    return { kind, source: 'page', reason: `its name or address says it acts ("${j.namedAct}"), whatever method it uses`, requests: [] };
  }
  const method = (j.method || 'get').toUpperCase();
  if (method !== 'POST') return undefined; // a GET submission only reads; a dialog form sends nothing
  if (!j.submits && !j.changeWithHandlers) return undefined;
  const raw = Object.fromEntries(j.fields);
  const request = { method, url: j.action, type: 'Document', fields: maskFields(raw) };
  const kind = classifyKind({ method, url: j.action, fields: raw }, `${j.hints} ${j.pageText}`);
  return { kind, source: 'page', reason: `${j.why}: it would send ${method} ${j.action}`, requests: [request] };
}

/**
 * Before acting: what the live DOM says the call does. A submit control of a POST form (by its
 * type, a `form=` attribute or its own formaction/formmethod), Enter in a field of such a form,
 * Enter/Space on a submit control, or a select/checkbox change in a POST form with handler
 * attributes (a change whose script listener submits is caught by the network hold as it sends) —
 * found in any frame (the uid's own frame session, or the frame that has focus) and through
 * shadow roots. Undefined when nothing on the page says the action changes server state.
 */
export async function judgeCall(driver: BrowserDriver, call: ActingCall): Promise<Effect | undefined> {
  const t = targets(call);
  if (!t) return undefined;
  const page = driver.page(typeof call.input.pageId === 'string' ? call.input.pageId : undefined);
  if (t.focus) {
    const j = await judgeFocus(page, t.how);
    return j ? toEffect(j) : undefined;
  }
  const typing = call.tool === 'fill' || call.tool === 'type_text';
  for (const uid of t.uids) {
    // the judging call checks the element is still in the page itself (no round trip of its own)
    const el = await resolveNode(page, uid);
    const j = typing ? await judgeTyped(el, t.how, call.input) : await callOn<PageJudgement | null | 'gone'>(el, ON_ELEMENT, [t.how]);
    if (j === 'gone') throw removedFromPage(uid);
    const effect = j ? toEffect(j) : undefined;
    if (effect) return effect;
  }
  return undefined;
}

async function judgeTyped(el: ResolvedElement, how: string, input: Record<string, unknown>): Promise<PageJudgement | null | 'gone'> {
  const r = await callOn<{ judged: PageJudgement | null; suggests: boolean } | 'gone'>(el, ON_TYPED, [how]);
  if (r === 'gone') return r;
  suggesting.set(input, r.suggests === true);
  return r.judged;
}

/**
 * Whether a typing call (fill/type_text) types into a field that offers suggestions — the only
 * typing whose small same-origin POSTs count as reads. False when it cannot be told (it asks).
 * Read with the call's judgement when it was judged (nothing acted in between).
 */
export async function typesIntoSuggestionField(driver: BrowserDriver, call: ActingCall): Promise<boolean> {
  if (call.tool !== 'fill' && call.tool !== 'type_text') return false;
  const known = suggesting.get(call.input);
  suggesting.delete(call.input); // once: a call tried again is read again
  if (known !== undefined) return known;
  try {
    const page = driver.page(typeof call.input.pageId === 'string' ? call.input.pageId : undefined);
    const uid = typeof call.input.uid === 'string' ? call.input.uid : undefined;
    if (uid)
      return (
        (await callOn<boolean>(
          await resolveNode(page, uid),
          `function() { return this.isConnected && (${offersSuggestions.toString()})(this); }`,
        )) === true
      );
    const { result } = await page.send('Runtime.evaluate', {
      expression: `(${offersSuggestions.toString()})((${focusedElement.toString()})())`,
      returnByValue: true,
    });
    return result.value === true;
  } catch {
    return false;
  }
}
