import { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import { ArtifactStore } from '../artifacts.ts';
import type { BrowserToolContext } from '../context.ts';
import { TraceInsights } from '../insights.ts';
import type { PageHandle } from '../page.ts';
import { pageServices } from '../page-services.ts';
import type { ToolResponse } from '../tool.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage, timeout, timeoutOf } from './common.ts';

/** How long an auto-stopped trace keeps recording after the load event, to catch late shifts and tasks. */
const AUTO_STOP_TAIL_MS = 2000;

async function stopAndAnalyse(ctx: BrowserToolContext, page: PageHandle, response: ToolResponse, timeoutMs: number): Promise<void> {
  const { trace } = await pageServices(ctx.driver, page);
  const recorded = await trace.stop(new ArtifactStore(ctx.artifactsDir), { timeoutMs });
  response.set('trace', { path: recorded.path, sha256: recorded.sha256, bytes: recorded.bytes, durationMs: recorded.durationMs });
  response.attach({ path: recorded.path, mimeType: 'application/json', sha256: recorded.sha256, bytes: recorded.bytes });
  response.line(`Trace (${recorded.events.length} events, ${recorded.durationMs} ms): ${recorded.path}`);
  const insights = await TraceInsights.fromEvents(recorded.events);
  page.extensions.set('traceInsights', insights);
  const { navigations, longTasks, available } = insights.analysis;
  response.set(
    'navigations',
    navigations.map((n) => ({
      ...n,
      insights: n.insights.map(({ details: _d, description: _t, ...brief }) => brief),
    })),
  );
  response.set('longTasks', longTasks);
  response.set('availableInsights', available);
  for (const n of navigations) {
    const m = n.metrics;
    response.line(`${n.url}: LCP ${m.lcpMs ?? '—'} ms, CLS ${m.cls ?? '—'}${m.inpMs !== undefined ? `, INP ${m.inpMs} ms` : ''}`);
    for (const i of n.insights.filter((x) => x.state !== 'pass'))
      response.line(`  ${i.state === 'fail' ? '✗' : 'i'} ${i.name}: ${i.title}`);
  }
  if (longTasks.length) response.line(`Long tasks: ${longTasks.map((t) => `${t.durationMs} ms @${t.startMs}`).join(', ')}`);
}

export const performanceStartTrace = defineTool({
  name: 'performance_start_trace',
  cli: { resource: 'trace', verb: 'start' },
  category: 'trace',
  description:
    'Start recording a performance trace of a page, optionally reloading it first. With autoStop the trace stops shortly after the load event and the insights (LCP breakdown, CLS culprits, render-blocking requests, long tasks, …) are returned.',
  schema: z
    .object({
      pageId,
      reload: z.boolean().default(false).describe('Reload the page after recording starts.'),
      autoStop: z.boolean().default(false).describe('Stop 2 s after the load event and return the insights (needs reload).'),
      timeout,
    })
    .refine((i) => !i.autoStop || i.reload, { message: 'autoStop needs reload: true', path: ['autoStop'] }),
  readOnly: false,
  example: { reload: true, autoStop: true },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { trace } = await pageServices(ctx.driver, page);
    await trace.start({ reload: input.reload, timeoutMs: timeoutOf(ctx, input) });
    if (!input.autoStop) {
      response.set('recording', true);
      response.line(`Recording a trace of page ${page.id}${input.reload ? ' (reloaded)' : ''}; stop it with performance_stop_trace.`);
      return;
    }
    await new Promise((r) => setTimeout(r, AUTO_STOP_TAIL_MS));
    await stopAndAnalyse(ctx, page, response, timeoutOf(ctx, input));
  },
});

export const performanceStopTrace = defineTool({
  name: 'performance_stop_trace',
  cli: { resource: 'trace', verb: 'stop' },
  category: 'trace',
  description:
    'Stop the trace being recorded on a page, write it to the artifacts folder and return the metrics (LCP, CLS, INP), the insights with their state, and the long tasks.',
  schema: z.object({ pageId, timeout }),
  readOnly: false,
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    await stopAndAnalyse(ctx, page, response, timeoutOf(ctx, input));
  },
});

export const performanceAnalyzeInsight = defineTool({
  name: 'performance_analyze_insight',
  cli: { resource: 'trace', verb: 'insight' },
  category: 'trace',
  description: 'Details of one insight of the last trace of a page, by name (e.g. LCPBreakdown, CLSCulprits, RenderBlocking).',
  schema: z.object({ pageId, insightName: z.string().min(1).describe('Insight name from the stopped trace, e.g. LCPBreakdown.') }),
  readOnly: true,
  example: { insightName: 'LCPBreakdown' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const insights = page.extensions.get('traceInsights') as TraceInsights | undefined;
    if (!insights) {
      throw new StewardError('STATE_CONFLICT', `Page ${page.id} has no stopped trace to analyse.`, {
        suggestions: ['Record one: performance_start_trace {"reload":true,"autoStop":true}.'],
      });
    }
    const insight = insights.insight(input.insightName);
    response.set('insight', insight);
    response.line(`${insight.name} (${insight.state}): ${insight.title}`);
    if (insight.description) response.line(insight.description);
  },
});

export const traceTools = [performanceStartTrace, performanceStopTrace, performanceAnalyzeInsight];
