/**
 * The laboratory: the same scripted conversation through two configurations
 * (offline parser vs a model, or two pack versions) side by side, compared turn by turn on
 * what decides behaviour — stage, flow state, expected input, outcome, failure class, the tool
 * calls made and skipped, the audit event types and the slots resolved — with each side's
 * event bundle (by turn_id) kept for the log explorer.
 */
import { reasonOf } from '../../shared/errors.ts';
import { AUDIT_EVENT_TYPES, type EngineEvent } from '../../shared/events.ts';
import type { Session } from './session.ts';
import type { TurnResult } from './turn/types.ts';

export interface LabConfig {
  label: string;
  /** A fresh conversation for this configuration (its own store/session, its own tools). */
  start(): Promise<Session> | Session;
  /** Called after the run (close stores, servers). */
  stop?(): Promise<void> | void;
}

/** A line of the script: fixed text, or text computed from the previous turn of this side (e.g. the OTP just sent). */
export type ScriptLine = string | ((previous: TurnResult | undefined, side: string) => string);

export interface TurnView {
  stage: string;
  flowState: string | null;
  expecting: string | null;
  outcome: string | null;
  failure: string | null;
  tools: string[];
  skipped: string[];
  audit: string[];
  resolved: Record<string, unknown>;
  reply: string;
}

export interface LabTurn {
  index: number;
  text: { a: string; b: string };
  a: TurnView;
  b: TurnView;
  same: boolean;
  differences: string[];
}

export interface LabReport {
  labels: { a: string; b: string };
  turns: LabTurn[];
  summary: { turns: number; identical: number; differing: number; firstDifference: number | null };
  bundles: { a: EngineEvent[][]; b: EngineEvent[][] };
}

const AUDIT = new Set<string>(AUDIT_EVENT_TYPES);

export function viewOf(r: TurnResult, events: EngineEvent[]): TurnView {
  const mine = events.filter((e) => e.turn_id === r.turnId);
  const slot = mine.find((e) => e.type === 'SLOT_EXTRACTED');
  return {
    stage: r.stage,
    flowState: r.flowState ?? null,
    expecting: r.expecting ?? null,
    outcome: r.outcome ?? null,
    failure: r.failure ? reasonOf(r.failure) : null,
    tools: mine.filter((e) => e.type === 'tool_call_finished').map((e) => String(e.data.tool)),
    skipped: mine.filter((e) => e.type === 'TOOL_CALL_SKIPPED').map((e) => `${String(e.data.tool)}:${String(e.data.reason)}`),
    audit: [...new Set(mine.filter((e) => AUDIT.has(e.type)).map((e) => e.type))].sort(),
    resolved: (slot?.data.resolved as Record<string, unknown> | undefined) ?? {},
    reply: r.reply,
  };
}

const KEYS: Array<keyof TurnView> = ['stage', 'flowState', 'expecting', 'outcome', 'failure', 'tools', 'skipped', 'audit', 'resolved'];

export function compareTurns(a: TurnView, b: TurnView): string[] {
  const out: string[] = [];
  for (const k of KEYS) {
    const x = JSON.stringify(a[k]);
    const y = JSON.stringify(b[k]);
    if (x !== y) out.push(`${k}: ${x} ≠ ${y}`);
  }
  return out;
}

export async function runLaboratory(script: ScriptLine[], a: LabConfig, b: LabConfig): Promise<LabReport> {
  const sides = [a, b] as const;
  const convs: Session[] = [];
  const events: EngineEvent[][] = [[], []];
  const bundles: EngineEvent[][][] = [[], []];
  try {
    for (const [i, side] of sides.entries()) {
      const conv = await side.start();
      conv.onEvent((e) => events[i]?.push(e));
      convs.push(conv);
    }
    const last: Array<TurnResult | undefined> = [undefined, undefined];
    const turns: LabTurn[] = [];
    for (const [index, line] of script.entries()) {
      const views: TurnView[] = [];
      const texts: string[] = [];
      for (const [i, conv] of convs.entries()) {
        const text = typeof line === 'function' ? line(last[i], sides[i]?.label ?? '') : line;
        const r = await conv.send(text);
        last[i] = r;
        texts.push(text);
        views.push(viewOf(r, events[i] ?? []));
        bundles[i]?.push((events[i] ?? []).filter((e) => e.turn_id === r.turnId));
      }
      const [va, vb] = views as [TurnView, TurnView];
      const differences = compareTurns(va, vb);
      turns.push({ index, text: { a: texts[0] ?? '', b: texts[1] ?? '' }, a: va, b: vb, same: differences.length === 0, differences });
    }
    const differing = turns.filter((t) => !t.same);
    return {
      labels: { a: a.label, b: b.label },
      turns,
      summary: {
        turns: turns.length,
        identical: turns.length - differing.length,
        differing: differing.length,
        firstDifference: differing[0]?.index ?? null,
      },
      bundles: { a: bundles[0] ?? [], b: bundles[1] ?? [] },
    };
  } finally {
    for (const c of convs) c.close();
    for (const s of sides) await s.stop?.();
  }
}

/** A short text table of a report (CLI, logs). */
export function formatLabReport(r: LabReport): string {
  const lines = [`laboratory: ${r.labels.a} vs ${r.labels.b} — ${r.summary.identical}/${r.summary.turns} turns identical`];
  for (const t of r.turns) {
    lines.push(
      `${t.same ? '=' : '≠'} ${t.index + 1}. "${t.text.a}" → ${t.a.stage}/${t.a.flowState ?? '-'} | ${t.b.stage}/${t.b.flowState ?? '-'}`,
    );
    for (const d of t.differences) lines.push(`    ${d}`);
  }
  return lines.join('\n');
}
