/**
 * Research evidence from the browser: the pages the person named, and a search page they chose
 * with the words to search. Each page is opened and read through the tool runtime (audited like
 * every other call); the search form is filled and sent by the agent loop, which finds the
 * field on a page it has never seen; the results page and the first results are read too.
 * Every page read is a source with its URL, title, the date it was seen and what it says; a
 * page that could not be read is a note with its cause, never a made-up source.
 */
import { toErrorValue } from '../../../../shared/errors.ts';
import { runAgentTask } from '../../../agent/loop/task.ts';
import { PageObserver } from '../../../agent/page-model/observe.ts';
import type { Page } from '../../../browser/page.ts';
import type { ToolRuntime } from '../../../tools/runtime.ts';
import type { SourcePage } from '../contracts/research.ts';
import type { CollectEvidence, Collected } from '../pipeline.ts';
import { excerptsOf } from './read.ts';

export interface BrowserResearch {
  runtime: ToolRuntime;
  /** The page the research drives (the browser view in the app). */
  page: () => Page | Promise<Page>;
  now?: () => Date;
  /** How many search results are opened and read (default 3). */
  results?: number;
  signal?: AbortSignal;
}

const isWeb = (u: string) => /^https?:\/\//i.test(u);

export function browserCollector(b: BrowserResearch): CollectEvidence {
  return async ({ locale, sources, sessionId }): Promise<Collected> => {
    const now = b.now ?? (() => new Date());
    const page = await b.page();
    const ctx = { session_id: sessionId, ...(b.signal ? { signal: b.signal } : {}) };
    const read: SourcePage[] = [];
    const notes: string[] = [];
    const failed = (url: string, e: unknown) => {
      const v = toErrorValue(e);
      notes.push(`${url}: ${v.code} — ${v.message}`);
    };
    const readHere = async (via: SourcePage['via']): Promise<SourcePage> => {
      const snap = await b.runtime.call('take_snapshot', {}, ctx);
      const url = String(snap.data.url ?? page.url());
      return {
        url,
        title: String(snap.data.title ?? ''),
        observed_at: now().toISOString().slice(0, 10),
        via,
        excerpts: excerptsOf(String(snap.data.snapshot ?? '')),
      };
    };
    const open = async (url: string, via: SourcePage['via']): Promise<SourcePage | undefined> => {
      try {
        await b.runtime.call('navigate_page', { url }, ctx);
        const status = await httpStatus(page);
        if (status >= 400) {
          notes.push(`${url}: HTTP ${status} — the page was not found or refused`);
          return undefined;
        }
        const source = await readHere(via);
        if (!source.excerpts.length) {
          notes.push(`${url}: the page shows no readable text`);
          return undefined;
        }
        return source;
      } catch (e) {
        failed(url, e);
        return undefined;
      }
    };

    for (const url of sources.urls) {
      if (!isWeb(url)) {
        notes.push(`${url}: only http(s) pages are read`);
        continue;
      }
      const s = await open(url, 'named');
      if (s) read.push(s);
    }

    const search = sources.search;
    if (search) {
      try {
        await b.runtime.call('navigate_page', { url: search.url }, ctx);
        const r = await runAgentTask({
          runtime: b.runtime,
          page,
          goal: { slots: { query: search.query }, submit: true, locale, now: now() },
          session_id: sessionId,
          budget: { steps: 8 },
          ...(b.signal ? { signal: b.signal } : {}),
        });
        if (r.status !== 'done') {
          notes.push(
            `${search.url}: the search for "${search.query}" did not go through (${r.error?.code ?? r.status}: ${r.error?.message ?? ''})`,
          );
        } else {
          const results = await readHere('search');
          read.push(results);
          for (const link of (await resultLinks(page)).slice(0, b.results ?? 3)) {
            const s = await open(link, 'search_result');
            if (s) read.push(s);
          }
        }
      } catch (e) {
        failed(search.url, e);
      }
    }
    // one source per URL (a named page may also be a search result)
    const unique = [...new Map(read.map((s) => [s.url, s])).values()];
    return { sources: unique, notes };
  };
}

/**
 * The links of the results the page shows, in order (absolute, web only, each once, not the page
 * itself): the links of its result records, then — for a page whose few results are not a list
 * of records — the other links on the page.
 */
async function resultLinks(page: Page): Promise<string[]> {
  const model = await new PageObserver(page).observe();
  const base = page.url();
  const links: string[] = [];
  const add = (href: string) => {
    try {
      const abs = new URL(href, base).toString();
      if (isWeb(abs) && !links.includes(abs) && abs.replace(/#.*$/, '') !== base.replace(/#.*$/, '')) links.push(abs);
    } catch {
      // not a URL
    }
  };
  for (const list of model.lists)
    for (const rec of list.records) {
      const href = rec.actions.find((a) => a.href)?.href;
      if (href) add(href);
    }
  if (!links.length) for (const b of model.buttons) if (b.kind === 'link' && b.href) add(b.href);
  return links;
}

/** The HTTP status of the document the page shows (0 when the browser does not say), read from the page's own navigation timing. */
async function httpStatus(page: Page): Promise<number> {
  try {
    const r = await page.send('Runtime.evaluate', {
      expression: "(performance.getEntriesByType('navigation')[0] || {}).responseStatus || 0",
      returnByValue: true,
    });
    return typeof r.result.value === 'number' ? r.result.value : 0;
  } catch {
    return 0;
  }
}
