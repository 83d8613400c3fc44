import { StewardError } from '../../../shared/errors.ts';
import type { CompletionPredicate, Target } from '../../../shared/plan.ts';
import { norm, parseSnapshot, resolveTarget, type SnapshotNode } from '../target-resolver.ts';
import type { StepIO } from './types.ts';

/**
 * The one way the engine reads what a page shows: a full (untruncated) snapshot, every line of it
 * — controls, containers and plain text lines — and the page's address. A completion predicate,
 * an `assert {text}` and a `wait {text}` all answer from this reading, so what one of them sees
 * the others see too.
 */
export interface PageView {
  url: string;
  nodes: SnapshotNode[];
  /** Every word the page shows (names, text, values), one node a line. */
  text: string;
}

export async function readPage(io: StepIO, opts: { once?: boolean } = {}): Promise<PageView> {
  const ctx = opts.once ? { ...io.ctx, maxAttempts: 1, timeoutMs: 5000 } : io.ctx;
  const r = await io.runtime.call('take_snapshot', { verbose: true }, ctx);
  const nodes = parseSnapshot(String(r.data.snapshot ?? r.lines?.join('\n') ?? ''));
  const text = nodes.map((n) => [n.name, n.text, n.value ?? ''].filter(Boolean).join(' ')).join('\n');
  return { url: String(r.data.url ?? ''), nodes, text };
}

/** Whether the page shows these words (case, width and spacing do not matter). */
export function pageShows(view: PageView, words: string): boolean {
  const want = norm(words);
  return want.length > 0 && norm(view.text).includes(want);
}

/** Whether a completion predicate (address or words) holds on the page, read once. */
export async function completionHolds(io: StepIO, c: CompletionPredicate): Promise<boolean> {
  const view = await readPage(io, { once: true });
  if (c.url_includes && view.url.includes(c.url_includes)) return true;
  return Boolean(c.text && pageShows(view, c.text));
}

/** Polls the page (the same reading) until `probe` answers, or TIMEOUT. */
export async function waitOnPage<T>(io: StepIO, timeoutMs: number, what: string, probe: (v: PageView) => T | undefined): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = probe(await readPage(io, { once: true }));
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end || io.ctx.signal?.aborted) {
      throw new StewardError('TIMEOUT', `Waited ${timeoutMs} ms for ${what}.`, {
        details: { what, last: last instanceof Error ? last.message : undefined },
        suggestions: ['Check the page shows what the step waits for; wait longer if the site is slow.'],
      });
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Waits until the page shows the words. */
export function waitForWords(io: StepIO, words: string, timeoutMs: number): Promise<true> {
  return waitOnPage(io, timeoutMs, `the text "${words}"`, (v) => (pageShows(v, words) ? true : undefined));
}

/** Waits until the target is on the page (a plain text line counts for a text target). */
export function waitForTarget(io: StepIO, target: Target, timeoutMs: number): Promise<SnapshotNode> {
  return waitOnPage(io, timeoutMs, 'the target to appear', (v) => resolveTarget(v.nodes, target, { needUid: false }));
}
