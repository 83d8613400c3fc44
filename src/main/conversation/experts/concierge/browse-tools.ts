/**
 * The travel experts' browser tools, over sites the person chose (their route site and their
 * tourism site, from the configured sites): each opens the site in a new page and hands the
 * errand to the agent loop (its public API, runAgentTask), then returns the result rows the
 * page shows — what the page said, never a made-up route or place.
 */
import { z } from 'zod';
import { StewardError } from '../../../../shared/errors.ts';
import { runAgentTask } from '../../../agent/loop/task.ts';
import type { Page } from '../../../browser/page.ts';
import type { ToolRuntime } from '../../../tools/runtime.ts';
import type { RuntimeTool } from '../../../tools/types.ts';

export interface ConciergeBrowser {
  /** Opens a page at the URL in the browser the agent drives; close() when done with it. */
  open(url: string): Promise<{ page: Page; close(): Promise<void> }>;
}

const ROWS = 3;

/** The site and browser an errand needs, or the error saying which is missing and how to set it. */
function ready(
  o: { browser?: ConciergeBrowser },
  url: string | undefined,
  kind: 'routes' | 'tourism',
): { browser: ConciergeBrowser; url: string } {
  if (!url) {
    const name = kind === 'routes' ? { ko: '길찾기', en: 'route' } : { ko: '관광 안내', en: 'tourism' };
    throw new StewardError('CONTEXT_NOT_FOUND', `No ${name.en} site is chosen yet. / ${name.ko} 사이트가 아직 정해지지 않았어요.`, {
      details: { site: kind },
      suggestions: [`Choose one in Settings → Sites per task → ${kind === 'routes' ? 'Routes' : 'Tourism'}.`],
    });
  }
  if (!o.browser) {
    throw new StewardError(
      'BROWSER_LAUNCH_FAILED',
      'No browser is attached, so the site cannot be opened. / 브라우저가 연결되지 않아 사이트를 열 수 없어요.',
      {
        suggestions: ['Start Steward with a browser (the app, or npm run serve with Chromium installed).'],
      },
    );
  }
  return { browser: o.browser, url };
}

async function errand(
  o: { runtime: ToolRuntime; browser?: ConciergeBrowser; sessionId: string },
  site: string | undefined,
  kind: 'routes' | 'tourism',
  task: { request?: string; slots?: Record<string, string> },
) {
  const { browser, url } = ready(o, site, kind);
  const { page, close } = await browser.open(url);
  try {
    const r = await runAgentTask({
      runtime: o.runtime,
      page,
      session_id: o.sessionId,
      ...(task.request ? { request: task.request } : {}),
      ...(task.slots ? { goal: { slots: task.slots } } : {}),
      budget: { steps: 8, ms: 25_000 },
    });
    if (r.status !== 'done') {
      throw new StewardError(r.error?.code ?? 'VERIFICATION_FAILED', r.error?.message ?? `The site did not show results (${r.status}).`, {
        details: { url: page.url(), status: r.status },
        suggestions: ['Open the site yourself and check it answers this search.'],
      });
    }
    const rows = r.model.lists
      .flatMap((l) => l.records)
      .slice(0, ROWS)
      .map((rec) => rec.text.replace(/\s+/g, ' ').trim());
    return { site: new URL(url).host, url: page.url(), title: r.model.title ?? '', rows };
  } finally {
    await close().catch(() => undefined);
  }
}

export function browseTools(o: {
  runtime: ToolRuntime;
  browser?: ConciergeBrowser;
  sessionId: string;
  sites: { routes?: string; tourism?: string };
}): RuntimeTool[] {
  // always there, so a question without a chosen site is told how to choose one
  const tools: RuntimeTool[] = [];
  const { routes, tourism } = o.sites;
  tools.push({
    name: 'find_route',
    source: 'pack',
    description: 'Routes between two places on the route site the person chose',
    schema: z.strictObject({ from: z.string().trim().min(1).max(200), to: z.string().trim().min(1).max(200) }),
    readOnly: true,
    idempotent: true,
    run: async (input) => ({
      data: await errand(o, routes, 'routes', { slots: { origin: String(input.from), destination: String(input.to) } }),
    }),
  });
  tools.push({
    name: 'search_tourism',
    source: 'pack',
    description: 'Places and tips on the tourism site the person chose',
    schema: z.strictObject({ query: z.string().trim().min(1).max(200) }),
    readOnly: true,
    idempotent: true,
    run: async (input) => {
      const q = String(input.query);
      const request = /[가-힣]/.test(q) ? `검색창에 ${q} 넣고 검색 눌러` : `type ${q} into the search box and click Search`;
      return { data: await errand(o, tourism, 'tourism', { request }) };
    },
  });
  return tools;
}
