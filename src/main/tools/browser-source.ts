import type { BrowserToolContext } from '../browser/context.ts';
import type { BrowserDriver } from '../browser/driver.ts';
import type { Page } from '../browser/page.ts';
import { browserTools, runBrowserTool } from '../browser/tools/index.ts';
import { snapshotLineKey, UID_PATTERN } from '../browser/uids.ts';
import { browserEffectGuard } from './effects/browser-guard.ts';
import type { RuntimeTool, SentRequest } from './types.ts';

/** Tools that give the same state when repeated with the same input (safe to retry after a timeout). */
const IDEMPOTENT = new Set([
  'navigate_page',
  'fill',
  'fill_form',
  'select_option',
  'select_page',
  'resize_page',
  'emulate',
  'emulation_reset',
  'wait_for',
  'wait_for_url',
  'wait_for_selector',
]);

/** Tools that act on the browser itself, not on a page's content: nothing to judge or hold. */
const NOT_ACTING = new Set([
  'resize_page',
  'emulate',
  'emulation_reset',
  'select_page',
  'close_page',
  'performance_start_trace',
  'performance_stop_trace',
]);

/**
 * The browser operations (browser/tools: one object per operation) as runtime tools. The
 * runtime's timeout signal is passed down; `describe` gives the policy the snapshot line of a
 * uid, so a click on a uid whose element reads "결제하기 Pay" is recognised as a payment.
 */
export function browserRuntimeTools(opts: { driver: BrowserDriver; artifactsDir: string; timeoutMs?: number }): RuntimeTool[] {
  // the requests of the selected page (and its out-of-process frames) that went on the wire — not one
  // failed before it left the browser (held by the approval gate) — and not other tabs' requests
  const watchRequests = (onRequest: (r: SentRequest) => void) => {
    let page: Page | undefined;
    try {
      page = opts.driver.selectedPage() as Page;
    } catch {
      page = undefined;
    }
    const mine = (sid: string | undefined) => !page || (sid ?? '') === page.sessionId || page.frames.has(sid ?? '');
    const asked = new Map<string, SentRequest>();
    const onWire = new Set<string>();
    const reported = new Set<string>();
    const report = (key: string) => {
      const r = asked.get(key);
      if (r && onWire.has(key) && !reported.has(key)) {
        reported.add(key);
        onRequest(r);
      }
    };
    const offs = [
      opts.driver.cdp.on('Network.requestWillBeSent', (params, sid) => {
        const p = params as { requestId?: string; request?: { method?: string; url?: string }; type?: string };
        if (!mine(sid) || !p.requestId || !p.request?.url) return;
        const key = `${sid ?? ''}:${p.requestId}`;
        asked.set(key, { method: p.request.method ?? 'GET', url: p.request.url, type: p.type ?? 'Other' });
        report(key);
      }),
      // the browser reports the headers it put on the wire (or a response): the request left the browser
      ...['Network.requestWillBeSentExtraInfo', 'Network.responseReceived'].map((event) =>
        opts.driver.cdp.on(event, (params, sid) => {
          const id = (params as { requestId?: string }).requestId;
          if (!mine(sid) || !id) return;
          onWire.add(`${sid ?? ''}:${id}`);
          report(`${sid ?? ''}:${id}`);
        }),
      ),
    ];
    return () => {
      for (const off of offs) off();
    };
  };
  const effects = browserEffectGuard(opts.driver);
  return browserTools.map((t) => ({
    name: t.name,
    source: 'browser' as const,
    description: t.description,
    // validation happens here with the tool's own schema (it names the field path)
    schema: t.schema,
    readOnly: t.readOnly,
    idempotent: t.readOnly || IDEMPOTENT.has(t.name),
    describe: (input: Record<string, unknown>) =>
      describeUid(opts.driver, input) ?? (KEYBOARD.has(t.name) ? describeFocused(opts.driver, input) : undefined),
    watchRequests,
    // every acting tool is judged and held: a label is never trusted to say what a click does
    ...(t.readOnly || NOT_ACTING.has(t.name) ? {} : { effects }),
    async run(input, ctx) {
      const bctx: BrowserToolContext = {
        driver: opts.driver,
        artifactsDir: opts.artifactsDir,
        timeoutMs: Math.max(1000, ctx.timeoutMs - 500),
        signal: ctx.signal,
      };
      return runBrowserTool(bctx, t.name, input);
    },
  }));
}

const LEADING_UID = new RegExp(`^${UID_PATTERN} `);

/** A snapshot line as what the element says (role, name, states): the uid that leads it is only an id, and its letters are no words. */
function withoutUid(line: string): string {
  return line.replace(LEADING_UID, '');
}

/** Tools that type into whatever has the focus when no uid is given. */
const KEYBOARD = new Set(['type_text', 'press_key']);

/** The last snapshot's line of the focused element (what keys typed without a uid go into), or undefined. */
export function describeFocused(driver: BrowserDriver, input: Record<string, unknown>): string | undefined {
  try {
    const page = driver.page(typeof input.pageId === 'string' ? input.pageId : undefined) as Page;
    for (const line of page.lastSnapshot?.values() ?? []) if (/[[ ]focused[,\]]/.test(line)) return withoutUid(line);
  } catch {
    // no page: nothing to describe
  }
  return undefined;
}

/** The last snapshot's line for `input.uid` (e.g. `button "결제하기 Pay"`), or undefined. */
export function describeUid(driver: BrowserDriver, input: Record<string, unknown>): string | undefined {
  const uids = [input.uid, ...(Array.isArray(input.elements) ? (input.elements as Array<{ uid?: unknown }>).map((e) => e.uid) : [])].filter(
    (u): u is string => typeof u === 'string',
  );
  if (!uids.length) return undefined;
  try {
    const page = driver.page(typeof input.pageId === 'string' ? input.pageId : undefined) as Page;
    const lines = uids.map((uid) => {
      const ref = page.uids.lookup(uid, (frameId) => page.loaders.get(frameId));
      return withoutUid(page.lastSnapshot?.get(snapshotLineKey(ref)) ?? '');
    });
    return lines.join(' | ') || undefined;
  } catch {
    return undefined;
  }
}
