import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightSummary, LongTask, NavigationInsights } from '../../../src/main/browser/insights.ts';
import type { PageHandle } from '../../../src/main/browser/page.ts';
import { performanceAnalyzeInsight, performanceStartTrace, performanceStopTrace } from '../../../src/main/browser/tools/trace.ts';
import { type ExtrasHarness, startExtrasHarness } from '../../helpers/browser-extras.ts';

describe('performance traces and insights from the DevTools trace engine', () => {
  let h: ExtrasHarness;
  let page: PageHandle;

  beforeAll(async () => {
    h = await startExtrasHarness();
    page = await h.driver.newPage(`${h.site.url}/perf.html`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses to analyse or stop before a trace exists', async () => {
    await expect(h.run(performanceAnalyzeInsight, { pageId: page.id, insightName: 'LCPBreakdown' })).rejects.toMatchObject({
      code: 'STATE_CONFLICT',
    });
    await expect(h.run(performanceStopTrace, { pageId: page.id })).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
  });

  it('records a reload, writes the trace file and reports LCP, CLS culprits, render-blocking requests and long tasks', async () => {
    await h.run(performanceStartTrace, { pageId: page.id, reload: true });
    // The fixture shifts the layout and runs a 150 ms task 100 ms after load: wait until the page itself has
    // recorded the layout shift (a rendered frame after the banner), not only until the banner is in the DOM.
    await h.evaluate(
      page,
      `new Promise((r) => new PerformanceObserver((list, obs) => {
        if (list.getEntries().some((e) => e.value > 0)) { obs.disconnect(); requestAnimationFrame(() => requestAnimationFrame(() => r(true))); }
      }).observe({ type: 'layout-shift', buffered: true }))`,
    );
    await expect(h.run(performanceStartTrace, { pageId: page.id })).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
    const r = await h.run(performanceStopTrace, { pageId: page.id, timeout: 60_000 });
    const trace = r.data.trace as { path: string; sha256: string; bytes: number };
    const written = JSON.parse(readFileSync(trace.path, 'utf8')) as { traceEvents: unknown[] };
    expect(written.traceEvents.length).toBeGreaterThan(100);
    expect(r.files[0]).toMatchObject({ path: trace.path, mimeType: 'application/json' });

    const navigations = r.data.navigations as NavigationInsights[];
    const nav = navigations.findLast((n) => n.id.startsWith('NAVIGATION_') && n.url.endsWith('/perf.html'));
    expect(nav?.metrics.lcpMs).toBeGreaterThan(0);
    expect(nav?.metrics.cls).toBeGreaterThan(0.05);
    const byName = (name: string) => nav?.insights.find((i) => i.name === name);
    expect(byName('CLSCulprits')?.state).toBe('fail');
    expect(byName('RenderBlocking')?.state).toBe('fail');
    expect(byName('LCPBreakdown')).toBeDefined();
    const longTasks = r.data.longTasks as LongTask[];
    expect(longTasks.some((t) => t.durationMs >= 140)).toBe(true);
    expect(r.data.availableInsights).toEqual(expect.arrayContaining(['LCPBreakdown', 'CLSCulprits', 'RenderBlocking']));
  });

  it('analyses one insight by name in depth', async () => {
    const rb = (await h.run(performanceAnalyzeInsight, { pageId: page.id, insightName: 'renderblocking' })).data.insight as InsightSummary;
    const urls = (rb.details.renderBlockingRequests as Array<{ url: string }>).map((x) => x.url);
    expect(urls).toEqual(expect.arrayContaining([`${h.site.url}/perf.css`, `${h.site.url}/perf-blocking.js`]));
    const lcp = (await h.run(performanceAnalyzeInsight, { pageId: page.id, insightName: 'LCPBreakdown' })).data.insight as InsightSummary;
    expect(lcp.title).toBe('LCP breakdown');
    expect(Object.keys(lcp.details.subparts as object)).toContain('ttfb');
    await expect(h.run(performanceAnalyzeInsight, { pageId: page.id, insightName: 'NoSuchInsight' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      suggestions: [expect.stringContaining('LCPBreakdown')],
    });
  });

  it('records a reload and stops by itself with autoStop', async () => {
    const r = await h.run(performanceStartTrace, { pageId: page.id, reload: true, autoStop: true, timeout: 60_000 });
    expect((r.data.navigations as NavigationInsights[]).length).toBeGreaterThan(0);
    expect(performanceStartTrace.schema.safeParse({ autoStop: true }).success).toBe(false);
  });
});
