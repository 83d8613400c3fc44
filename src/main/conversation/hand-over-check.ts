/**
 * Whether a handed-over step is really finished, read from the page the person worked on: the
 * step's completion predicate (an address, the words of a confirmation) when it has one, and
 * otherwise the absence of a complaint on the page (an alert such as "Required: …"). The
 * person's "I did it" is checked against this; what the page says back is quoted to them.
 * The same reading tells a person what the page said when a plan failed (`pageComplaints`).
 */
import type { Plan } from '../../shared/plan.ts';
import { pageShows, readPage } from '../plan/executor/page.ts';
import type { ToolRuntime } from '../tools/runtime.ts';

export interface HandOverReading {
  done: boolean;
  /** What the page shows that says it is not finished (its own words, a few lines). */
  says: string[];
}

// how a page reports a problem to the person: an alert (the accessible way to say a form was refused)
const ALERT_ROLES = new Set(['alert', 'alertdialog']);

export async function readHandOver(
  runtime: ToolRuntime,
  plan: Plan | undefined,
  approvalId: string,
  ctx: { sessionId: string; turnId: string },
): Promise<HandOverReading> {
  const approval = runtime.store.runs.approval(approvalId);
  if (!approval || !runtime.has('take_snapshot')) return { done: true, says: [] };
  const step = plan?.steps.find((s) => s.id === approval.step_id);
  const completion = step?.approval?.completion;
  let view: Awaited<ReturnType<typeof readPage>>;
  try {
    view = await readPage(
      { runtime, ctx: { session_id: ctx.sessionId, turn_id: ctx.turnId, ...(plan ? { plan_id: plan.plan_id } : {}) }, artifactsDir: '' },
      { once: true },
    );
  } catch {
    // no page to read: the person's word stands, as before a browser was attached
    return { done: !completion, says: [] };
  }
  const says = complaints(view.nodes);
  if (completion) {
    const holds = Boolean(
      (completion.url_includes && view.url.includes(completion.url_includes)) || (completion.text && pageShows(view, completion.text)),
    );
    return holds ? { done: true, says: [] } : { done: false, says };
  }
  return { done: says.length === 0, says };
}

/** What the page's alerts say now (its own error or "required" messages), or none when no page can be read. */
export async function pageComplaints(runtime: ToolRuntime, ctx: { sessionId: string; turnId: string; planId?: string }): Promise<string[]> {
  if (!runtime.has('take_snapshot')) return [];
  try {
    const view = await readPage(
      {
        runtime,
        ctx: { session_id: ctx.sessionId, turn_id: ctx.turnId, ...(ctx.planId ? { plan_id: ctx.planId } : {}) },
        artifactsDir: '',
      },
      { once: true },
    );
    return complaints(view.nodes);
  } catch {
    return [];
  }
}

/** The words of every alert on the page (with the lines inside it), a few at most. */
function complaints(nodes: Awaited<ReturnType<typeof readPage>>['nodes']): string[] {
  const out: string[] = [];
  nodes.forEach((n, i) => {
    if (!ALERT_ROLES.has(n.role) || out.length >= 3) return;
    const parts = [n.name, n.text];
    for (let j = i + 1; j < nodes.length && (nodes[j]?.depth ?? 0) > n.depth; j++) parts.push(nodes[j]?.name ?? '', nodes[j]?.text ?? '');
    const words = [...new Set(parts.map((p) => p.trim()).filter(Boolean))].join(' ').slice(0, 200);
    if (words && !out.includes(words)) out.push(words);
  });
  return out;
}
