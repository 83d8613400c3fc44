/**
 * Runs one task of the act-on-any-site evaluation set through `cdt agent run` on a browser the
 * test launched, and checks the task's own expectations against what the fixture server received.
 */
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { checkExpectations } from '../../fixtures/sites/anysite-eval/predicates.ts';
import { type EvalSites, startEvalSites } from '../../fixtures/sites/anysite-eval/server.ts';
import { loadTasks } from '../../fixtures/sites/anysite-eval/tasks.ts';
import { launchWithPort } from '../browser/conformance.ts';
import { openTab, runAgent } from './agent-cli.ts';

/**
 * Starts the sites and a browser for the calling test file; returns the runner (with the task's
 * own request, or another said on the same page) and `shows`, what an opened tab shows now.
 */
export function evalTaskRunner() {
  const tasks = loadTasks();
  let sites: EvalSites;
  let running: Awaited<ReturnType<typeof launchWithPort>>;
  let endpoint = '';
  let opened = 0;
  beforeAll(async () => {
    sites = await startEvalSites();
    running = await launchWithPort();
    endpoint = `ws://127.0.0.1:${running.port}${running.browserPath}`;
  });
  let viewer: Browser | undefined;
  afterAll(async () => {
    await viewer?.close();
    await running?.browser.session.close();
    await sites?.close();
  });
  const run = async (id: string, request?: string) => {
    const task = tasks.find((t) => t.id === id);
    if (!task) throw new Error(`no task ${id}`);
    sites.reset();
    const url = `${sites.urls[task.site]}${task.path}${task.path.includes('?') ? '&' : '?'}tab=${++opened}`;
    await openTab(running, url);
    const r = await runAgent(endpoint, url, request ?? task.request);
    // what the page shows is checked on the page itself, when the task expects something of it
    const onPage = task.expect.some((x) => x.kind !== 'request' && x.kind !== 'no_request');
    if (onPage) viewer ??= await chromium.connectOverCDP(endpoint);
    const page = onPage
      ? viewer
          ?.contexts()
          .flatMap((c) => c.pages())
          .find((p) => p.url().startsWith(url))
      : undefined;
    return { r, failed: await checkExpectations(task.expect, sites.log(), page, task.site), log: sites.log(task.site), url };
  };
  /** What the tab opened at `url` shows now: the text of the first element matching `selector`. */
  const shows = async (url: string, selector: string): Promise<string> => {
    const session = running.browser.session;
    const { targetInfos } = await session.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(url));
    if (!target) throw new Error(`no tab at ${url}`);
    const { sessionId } = await session.send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
    const { result } = await session.send(
      'Runtime.evaluate',
      { expression: `document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`, returnByValue: true },
      sessionId,
    );
    return String(result.value ?? '');
  };
  return Object.assign(run, { shows });
}
