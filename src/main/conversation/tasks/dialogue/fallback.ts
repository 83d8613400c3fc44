/**
 * A failed call with a fallback: first the same tool on each other server that offers it (the
 * person's approval of this exact call is carried over, on the record), then a hand-off to
 * support staff. Each attempt is audited; the hand-off is an outcome the person is told about
 * with its id, never a silent drop.
 */
import { type ErrorValue, reasonOf } from '../../../../shared/errors.ts';
import type { ToolRule } from '../../../packs/types.ts';
import type { TurnAudit } from '../../audit.ts';
import type { SupportDesk } from '../../support.ts';
import type { ToolPort } from '../../tool-port.ts';

export type FallbackResult =
  | { kind: 'alternate'; tool: string; data: Record<string, unknown> }
  | { kind: 'handed_off'; handoffId: string }
  | { kind: 'none' };

export interface FallbackDeps {
  tools: ToolPort;
  audit: TurnAudit;
  support?: SupportDesk;
  /** Carries the approval the person gave for `from` over to the same call of `to` (another server). */
  carryApproval(from: string, to: string, args: Record<string, unknown>): void;
}

/** Refusals by the engine itself (policy, gate): the call was never made, so nothing falls back around them. */
const REFUSALS = new Set(['APPROVAL_REQUIRED', 'APPROVAL_DENIED', 'POLICY_FORBIDDEN', 'STATE_CONFLICT']);
const refused = (e: ErrorValue) => REFUSALS.has(e.code);

export async function runFallback(
  rule: ToolRule,
  args: Record<string, unknown>,
  error: ErrorValue,
  deps: FallbackDeps,
): Promise<FallbackResult> {
  if (!rule.fallback || refused(error)) return { kind: 'none' };
  const { audit, tools } = deps;
  let last = error;
  for (const alt of tools.alternates?.(rule.tool) ?? []) {
    audit.emit('POLICY_DECISION', `${rule.tool} failed (${reasonOf(last)}) → the same call on ${alt}`, {
      stage: 'fallback',
      action: 'alternate_server',
      reason: reasonOf(last),
      tool: alt,
    });
    deps.carryApproval(rule.tool, alt, args);
    const r = await tools.call(alt, args, {
      sessionId: audit.sessionId,
      turnId: audit.turnId,
      purpose: `${rule.purpose} (another server)`,
    });
    if (r.ok) return { kind: 'alternate', tool: alt, data: r.data };
    audit.emit('TOOL_FAILED', `${alt} failed: ${reasonOf(r.error)} ${r.error.message}`, { tool: alt, error: r.error }, 'warn');
    last = r.error;
  }
  if (!deps.support) return { kind: 'none' };
  const h = deps.support.handOff({
    sessionId: audit.sessionId,
    turnId: audit.turnId,
    tool: rule.tool,
    error: { code: reasonOf(error), message: error.message },
    request: args,
  });
  audit.emit('POLICY_DECISION', `${rule.tool} could not be carried out → hand-off ${h.id} to support staff`, {
    stage: 'fallback',
    action: 'hand_off',
    reason: reasonOf(error),
    handoff_id: h.id,
    tool: rule.tool,
  });
  return { kind: 'handed_off', handoffId: h.id };
}
