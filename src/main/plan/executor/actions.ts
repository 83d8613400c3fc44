import { StewardError } from '../../../shared/errors.ts';
import type { ExtractedRow, Step, Target } from '../../../shared/plan.ts';
import { extractSpec, typeRows } from '../extract.ts';
import { describeTarget, norm, parseSnapshot, resolveTarget, type SnapshotNode, shownValue } from '../target-resolver.ts';
import { aheadNodes } from './ahead.ts';
import { call } from './call.ts';
import { pageShows, readPage, waitForTarget, waitForWords } from './page.ts';
import { LOOK_AGAIN, type QuietView, reusableFor, setNothingInMotion } from './reuse.ts';
import type { StepIO, StepOutcome } from './types.ts';

export type { StepIO, StepOutcome } from './types.ts';

/**
 * What each step type does, expressed as browser tool calls through the runtime (never around
 * it): targets are resolved against a fresh snapshot, the CSS hint is a fallback, and every
 * call carries the step so the approval gate can check it.
 */
export async function snapshot(io: StepIO): Promise<{ nodes: SnapshotNode[]; url: string }> {
  const r = await call(io, 'take_snapshot', {});
  const text = String(r.data.snapshot ?? r.lines?.join('\n') ?? '');
  return { nodes: parseSnapshot(text), url: String(r.data.url ?? '') };
}

/**
 * The uid of a target in a fresh snapshot (or one read during the last step's hold, or a kept
 * quiet view), or undefined when only the CSS hint can find it.
 */
async function locate(io: StepIO, target: Target, kept?: QuietView): Promise<Located> {
  const index = io.ctx.step_index;
  const ahead = index === undefined ? undefined : await aheadNodes(io, index - 1);
  io.ahead = undefined;
  const seen = ahead ?? kept?.nodes;
  const nodes = seen ?? (await snapshot(io)).nodes;
  try {
    const node = resolveTarget(nodes, target);
    return { ...(node.uid ? { uid: node.uid } : {}), node, nodes, ...(seen ? { seen: true } : {}) };
  } catch (e) {
    if (seen) return locate(io, target);
    if (target.selector) return { nodes };
    throw e;
  }
}

interface Located {
  uid?: string;
  node?: SnapshotNode;
  nodes: SnapshotNode[];
  /** Found in a view read before (during the last step's hold, or kept): an element gone by now is looked up again. */
  seen?: boolean;
}

const nextIndex = (io: StepIO) => (io.ctx.step_index === undefined ? undefined : io.ctx.step_index + 1);

/**
 * A fill or select by uid; keeps the view for the next one when this one set nothing in motion.
 * On a kept view, an element gone by now is looked up again in a fresh snapshot.
 */
async function setByUid(
  io: StepIO,
  tool: 'fill' | 'select_option',
  target: Target,
  input: (uid: string) => Record<string, unknown>,
  kept: QuietView | undefined,
): Promise<{ uid?: string; node?: SnapshotNode }> {
  const found = await locate(io, target, kept);
  if (!found.uid) return found;
  try {
    const r = await call(io, tool, input(found.uid));
    if (reusableFor(target) && setNothingInMotion(r.data)) io.quiet = { nodes: found.nodes, forStep: nextIndex(io) };
    return found;
  } catch (e) {
    if (found.seen && e instanceof StewardError && LOOK_AGAIN.has(e.code)) return setByUid(io, tool, target, input, undefined);
    throw e;
  }
}

/** The CSS-hint fallback: act on the element the selector finds, inside the page. */
async function bySelector(io: StepIO, selector: string, action: 'click' | 'fill' | 'value', value?: string): Promise<unknown> {
  const fn = `(sel, action, value) => {
    const el = document.querySelector(sel);
    if (!el) return { found: false };
    if (action === 'value') return { found: true, value: el.value ?? el.textContent ?? '' };
    el.scrollIntoView({ block: 'center' });
    if (action === 'click') { el.click(); return { found: true }; }
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { found: true };
  }`;
  const r = await call(io, 'evaluate_script', {
    function: `() => (${fn})(${JSON.stringify(selector)}, ${JSON.stringify(action)}, ${JSON.stringify(value ?? null)})`,
  });
  const out = (r.data.result ?? r.data.value ?? r.data) as { found?: boolean; value?: string };
  if (!out?.found) {
    throw new StewardError('ELEMENT_NOT_FOUND', `Neither the description nor the CSS hint ${selector} finds an element.`, {
      details: { selector },
      suggestions: ['Check the page shows the expected screen; update the site recipe.'],
    });
  }
  return out;
}

async function clickTarget(io: StepIO, target: Target): Promise<Record<string, unknown>> {
  const { uid, node, seen } = await locate(io, target);
  if (uid) {
    try {
      await call(io, 'click', { uid });
    } catch (e) {
      // found in a view read before: an element gone by now (nothing was clicked) is looked up again
      if (seen && e instanceof StewardError && LOOK_AGAIN.has(e.code)) return clickTarget(io, target);
      throw e;
    }
    return { uid, clicked: `${node?.role} "${node?.name}"` };
  }
  await bySelector(io, target.selector as string, 'click');
  return { selector: target.selector };
}

async function fillTarget(io: StepIO, target: Target, value: string, kept?: QuietView): Promise<Record<string, unknown>> {
  const { uid } = await setByUid(io, 'fill', target, (id) => ({ uid: id, value }), kept);
  if (uid) return { uid };
  await bySelector(io, target.selector as string, 'fill', value);
  return { selector: target.selector };
}

/** Polls a condition through read-only snapshots until it holds or time runs out. */
async function until<T>(io: StepIO, timeoutMs: number, probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end || io.ctx.signal?.aborted) {
      throw new StewardError('TIMEOUT', `Waited ${timeoutMs} ms for ${what}.`, {
        details: { what, last: last instanceof Error ? last.message : undefined },
      });
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function performStep(step: Step, io: StepIO): Promise<StepOutcome> {
  const timeoutMs = step.timeout_ms ?? 15_000;
  // a view kept by the previous step serves only an immediately following fill or select
  const fits = io.quiet?.forStep !== undefined && io.quiet.forStep === io.ctx.step_index;
  const kept = fits && (step.type === 'fill' || step.type === 'select') && reusableFor(step.target) ? io.quiet : undefined;
  io.quiet = undefined;
  switch (step.type) {
    case 'navigate': {
      const r = await call(io, 'navigate_page', { type: 'url', url: step.url });
      return { result: { url: (r.data.page as { url?: string } | undefined)?.url ?? step.url }, changesPage: true };
    }
    case 'click':
      return { result: await clickTarget(io, step.target), changesPage: true };
    case 'fill': {
      const result = await fillTarget(io, step.target, step.value, kept);
      if (step.pick_suggestion) {
        io.quiet = undefined;
        const want = step.pick_suggestion;
        const option = await until(
          io,
          timeoutMs,
          async () => {
            const { nodes } = await snapshot(io);
            return nodes.find((n) => n.uid && n.role === 'option' && !n.states.includes('disabled') && norm(n.name).includes(norm(want)));
          },
          `a suggestion "${want}"`,
        );
        await call(io, 'click', { uid: option.uid });
        result.picked = option.name;
      }
      return { result, changesPage: true };
    }
    case 'select': {
      const { uid, node } = await setByUid(io, 'select_option', step.target, (id) => ({ uid: id, values: [step.option] }), kept);
      if (!uid) await bySelector(io, step.target.selector as string, 'fill', step.option);
      return { result: { uid, option: step.option, field: node?.name }, changesPage: true };
    }
    case 'wait': {
      if (step.ms !== undefined) await new Promise((r) => setTimeout(r, step.ms));
      if (step.url_includes) await call(io, 'wait_for_url', { url: `*${step.url_includes}*`, timeout: timeoutMs });
      if (step.text) await waitForWords(io, step.text, timeoutMs);
      if (step.target) await waitForTarget(io, step.target, timeoutMs);
      return { result: {}, changesPage: false };
    }
    case 'extract': {
      const rows = await extractRows(io, step);
      return { result: { rows, count: rows.length }, changesPage: false };
    }
    case 'screenshot':
      return { result: await screenshot(io, `${step.id}`, step.full_page), changesPage: false };
    case 'press': {
      if (step.target) {
        const { uid } = await locate(io, step.target);
        if (uid) await call(io, 'click', { uid });
      }
      await call(io, 'press_key', { key: step.key });
      return { result: { key: step.key }, changesPage: true };
    }
    case 'scroll': {
      const by = step.direction === 'up' ? -step.amount : step.amount;
      await call(io, 'evaluate_script', { function: `() => { window.scrollBy(0, ${by}); return window.scrollY; }` });
      return { result: { by }, changesPage: true };
    }
    case 'assert':
      return { result: await assertStep(io, step), changesPage: false };
    case 'approve':
      return { result: {}, changesPage: false };
  }
}

async function extractRows(io: StepIO, step: Extract<Step, { type: 'extract' }>): Promise<ExtractedRow[]> {
  const c = step.container;
  const spec = extractSpec(
    step.fields,
    step.row_selector,
    step.limit,
    c
      ? {
          ...(c.selector ? { selector: c.selector } : {}),
          ...(c.name || c.label ? { name: (c.name ?? c.label) as string } : {}),
          ...(c.role ? { role: c.role } : {}),
        }
      : undefined,
  );
  // a read-only tool: reading the rows waits on no approval gate and holds no request
  const r = await call(io, 'observe_rows', spec);
  const raw = r.data.rows as Array<Record<string, string | null>> | null | undefined;
  if (!Array.isArray(raw)) {
    throw new StewardError('ELEMENT_NOT_FOUND', `The results list ${c ? describeTarget(c) : ''} is not on the page.`, {
      details: { container: c ?? null, seen: r.data.container ?? null },
      suggestions: ['Check the search ran and the results page is shown; update the container or its CSS hint.'],
    });
  }
  return typeRows(raw, step.fields);
}

export async function screenshot(io: StepIO, _name: string, fullPage = false): Promise<Record<string, unknown>> {
  const r = await call(io, 'take_screenshot', fullPage ? { fullPage: true } : {});
  const shot = (r.data.screenshot ?? {}) as { path?: string; sha256?: string; bytes?: number; format?: string };
  const file = r.files?.[0];
  const path = shot.path ?? file?.path;
  if (!path)
    throw new StewardError('FILE_ACCESS', 'The screenshot tool wrote no file.', {
      suggestions: ['Check the artifacts folder is writable.'],
    });
  return {
    path,
    mime: file?.mimeType ?? `image/${shot.format ?? 'png'}`,
    bytes: shot.bytes ?? file?.bytes ?? null,
    sha256: shot.sha256 ?? file?.sha256 ?? null,
  };
}

/** Checks an assertion against the page; VERIFICATION_FAILED names what was expected and what was seen. */
export async function assertStep(io: StepIO, step: Extract<Step, { type: 'assert' }>): Promise<Record<string, unknown>> {
  const { nodes, url, ...view } = await readPage(io);
  const fail = (expected: unknown, seen: unknown, what: string) =>
    new StewardError('VERIFICATION_FAILED', `${what}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(seen)}.`, {
      details: { expected, seen, step_id: step.id, ...(step.slot ? { slot: step.slot } : {}) },
      suggestions: ['Compare expected and seen; the slot may not have been applied on the page.'],
    });
  if (step.url_includes && !url.includes(step.url_includes)) throw fail(step.url_includes, url, 'The address');
  if (step.text && !pageShows({ url, nodes, ...view }, step.text)) throw fail(step.text, 'not on the page', 'The page text');
  if (step.target && step.value !== undefined) {
    const node = resolveTarget(nodes, step.target, { needUid: false });
    const seen = shownValue(node) || node.text;
    if (!norm(seen).includes(norm(step.value))) throw fail(step.value, seen, `The field ${node.name || step.target.name}`);
    return { field: node.name, seen };
  }
  return { url };
}

/**
 * After a crash, is a step that was started (and may have half-run) already done on the page?
 * Only checks that are reliable answer yes; everything else is repeated (or refused, if gated).
 */
export async function alreadyDone(step: Step, io: StepIO): Promise<boolean> {
  try {
    if (step.type === 'navigate') {
      const { url } = await snapshot(io);
      return url === step.url || url.startsWith(step.url);
    }
    if (step.type === 'fill' || step.type === 'select') {
      const { nodes } = await snapshot(io);
      const node = resolveTarget(nodes, step.target, { needUid: false });
      if (
        step.type === 'fill' &&
        /^(true|false)$/.test(step.value) &&
        ['checkbox', 'radio', 'switch', 'menuitemcheckbox'].includes(node.role)
      ) {
        return node.states.includes('checked') === (step.value === 'true');
      }
      const shown = norm(shownValue(node));
      // a suggestion was picked only if the field shows more than what was typed
      if (step.type === 'fill' && step.pick_suggestion) return shown !== norm(step.value) && shown.includes(norm(step.pick_suggestion));
      return shown.includes(norm(step.type === 'fill' ? step.value : step.option));
    }
  } catch {
    return false;
  }
  return false;
}
