/**
 * The conversation's side of the approval gate. Every approval the person decides is a stored
 * row of the gate, and the UI, the CLI and a typed "yes" all name it by its id:
 * - a browse plan's gated step is requested by the executor (the plan runner reports its id);
 * - a dialogue pack's confirmation requests one for the exact tool call it will make, so the
 *   runtime lets exactly that call through once the person said yes.
 * Deciding goes through the gate, which refuses an unknown or already decided approval; the
 * runtime checks the stored approval again before the gated call runs.
 */
import { StewardError } from '../../shared/errors.ts';
import type { ApprovalKind } from '../../shared/plan.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import { bindCall } from '../tools/step-hash.ts';

/** What the person is asked to decide now. */
export interface PendingApproval {
  /** The gate's stored approval id. */
  approvalId: string;
  /** The plan step (browse) or the confirmation state (dialogue) it belongs to. */
  stepId: string;
  summary: string;
  mode: 'execute' | 'hand_over';
  /** The policy's kind (payment, submission, account_change), when the gate knows it. */
  kind?: string;
}

/** A decision on a pending approval; a rejection carries the person's own reason when they gave one. */
export type Decision = { approve: true } | { reject: true; reason?: string } | { handOverDone: true };

/** Recorded with a rejection the person gave no reason for (never an invented reason). */
export const NO_REASON = 'the person said no';

export interface ApprovalDesk {
  /** A stored approval request for one direct tool call (a dialogue confirmation). */
  requestCall(
    tool: string,
    args: Record<string, unknown>,
    ctx: { sessionId: string; turnId: string; summary: string; kind?: ApprovalKind },
  ): { approvalId: string; kind: string };
  /** Records the person's decision; throws STATE_CONFLICT for an approval that is not this session's or not open. */
  decide(sessionId: string, approvalId: string, decision: Decision, by: string): void;
}

/** The desk over a tool runtime's gate. */
export function gateDesk(runtime: ToolRuntime): ApprovalDesk {
  return {
    requestCall(tool, args, ctx) {
      const decided = runtime.has(tool) ? runtime.decide(tool, args) : undefined;
      const kind = decided?.action === 'approval' ? decided.kind : (ctx.kind ?? 'account_change');
      const a = runtime.gate.request(
        ctx.sessionId,
        bindCall(ctx.sessionId, tool, args),
        { kind, mode: 'execute', summary: ctx.summary },
        ctx.turnId,
        { fresh: true },
      );
      return { approvalId: a.id, kind };
    },
    decide(sessionId, approvalId, decision, by) {
      const a = runtime.store.runs.approval(approvalId);
      if (!a || a.session_id !== sessionId) {
        throw new StewardError('STATE_CONFLICT', `No approval ${approvalId} in this conversation.`, {
          details: { approval_id: approvalId },
          suggestions: ['Decide the approval shown now.'],
        });
      }
      if ('approve' in decision) runtime.gate.approve(approvalId, by);
      else if ('reject' in decision) runtime.gate.reject(approvalId, by, decision.reason?.trim() || NO_REASON);
      else if (!runtime.gate.markDone(approvalId, by) && runtime.store.runs.approval(approvalId)?.status !== 'completed') {
        throw new StewardError('STATE_CONFLICT', `Approval ${approvalId} is not a hand-over waiting for the person.`, {
          details: { approval_id: approvalId, status: a.status },
          suggestions: ['Continue the conversation.'],
        });
      }
    },
  };
}

/** A cancelled task's open approval or hand-over is closed in the gate too (never left open for the plan view). */
export function closeOnCancel(desk: ApprovalDesk, sessionId: string, open: PendingApproval | undefined): void {
  if (!open) return;
  try {
    desk.decide(sessionId, open.approvalId, { reject: true, reason: 'cancelled by the person' }, 'person');
  } catch {
    // already decided or finished: nothing is left open
  }
}
