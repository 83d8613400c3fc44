import { StewardError } from '../../shared/errors.ts';
import type { ApprovalKind, ApprovalMode } from '../../shared/plan.ts';
import type { Approval, Store } from '../store/index.ts';
import type { Audit } from './audit.ts';
import type { StepBinding } from './step-hash.ts';

/**
 * The approval gate. An approval is a stored row (who, when, what, why) bound to one exact
 * step content (its hash). The runtime asks `requireGranted` before any acting call of a
 * gated step; there is no other way to run one. Rejection is final for that content.
 */
export class ApprovalGate {
  readonly #store: Store;
  readonly #audit: Audit;
  readonly #waiters = new Map<string, Set<(a: Approval) => void>>();

  constructor(store: Store, audit: Audit) {
    this.#store = store;
    this.#audit = audit;
  }

  /**
   * Asks the person. Earlier approvals of other content of the same step are invalidated. With
   * `fresh`, content decided before (denied, used) is asked again as a new request — a direct
   * call the person is asked to confirm anew.
   */
  request(
    sessionId: string,
    binding: StepBinding,
    what: {
      kind: ApprovalKind | 'sensitive_input';
      mode: ApprovalMode;
      summary: string;
      step?: unknown;
      /** The requests the gate by effect held (method, URL, masked fields): what the person approves, and all an approved run may send. */
      requests?: Array<{ method: string; url: string; type: string; fields: Record<string, string> }>;
    },
    turnId?: string,
    opts: { fresh?: boolean } = {},
  ): Approval {
    const invalidated = this.#store.runs.invalidateOtherHashes(binding.plan_id, binding.step_id, binding.step_hash);
    if (invalidated) {
      this.#audit.emit({
        session_id: sessionId,
        ...(turnId ? { turn_id: turnId } : {}),
        type: 'approval_invalidated',
        level: 'warn',
        message: `The step ${binding.step_id} changed; ${invalidated} earlier approval(s) no longer apply.`,
        data: { plan_id: binding.plan_id, step_id: binding.step_id, step_hash: binding.step_hash },
      });
    }
    const existing = this.#store.runs.approvalFor(binding.plan_id, binding.step_id, binding.step_hash);
    const reusable = opts.fresh ? existing?.status === 'pending' || existing?.status === 'granted' : existing?.status !== 'invalidated';
    if (existing && reusable) return existing;
    const a = this.#store.runs.requestApproval({
      session_id: sessionId,
      ...binding,
      action: what.kind,
      mode: what.mode,
      what: { summary: what.summary, step: what.step, ...(what.requests ? { requests: what.requests } : {}) },
    });
    this.#audit.emit({
      session_id: sessionId,
      ...(turnId ? { turn_id: turnId } : {}),
      type: 'approval_requested',
      message: `Approval needed (${what.kind}, ${what.mode === 'hand_over' ? 'hand over' : 'execute'}): ${what.summary}`,
      data: {
        approval_id: a.id,
        plan_id: binding.plan_id,
        step_id: binding.step_id,
        kind: what.kind,
        mode: what.mode,
        step_hash: binding.step_hash,
      },
    });
    return a;
  }

  approve(approvalId: string, by: string, reason?: string): Approval {
    return this.#decide(approvalId, true, by, reason);
  }

  reject(approvalId: string, by: string, reason: string): Approval {
    return this.#decide(approvalId, false, by, reason);
  }

  #decide(approvalId: string, granted: boolean, by: string, reason?: string): Approval {
    const a = this.#store.runs.decideApproval(approvalId, { granted, by, ...(reason ? { reason } : {}) });
    if (!a) {
      const cur = this.#store.runs.approval(approvalId);
      throw new StewardError('STATE_CONFLICT', cur ? `Approval ${approvalId} is already ${cur.status}.` : `No approval ${approvalId}.`, {
        details: { approval_id: approvalId, status: cur?.status },
        suggestions: ['Reload the pending approvals and decide the current one.'],
      });
    }
    this.#audit.emit({
      session_id: a.session_id,
      type: granted ? 'approval_granted' : 'approval_denied',
      level: granted ? 'info' : 'warn',
      message: granted
        ? `${by} approved ${a.step_id}${reason ? `: ${reason}` : ''}`
        : `${by} rejected ${a.step_id}: ${reason ?? 'no reason given'}`,
      data: { approval_id: a.id, plan_id: a.plan_id, step_id: a.step_id, by, reason: reason ?? null, mode: a.mode },
    });
    for (const w of [...(this.#waiters.get(approvalId) ?? [])]) w(a);
    return a;
  }

  /** The granted, not yet used approval of this exact content, if any. */
  granted(binding: StepBinding): Approval | undefined {
    const a = this.#store.runs.approvalFor(binding.plan_id, binding.step_id, binding.step_hash);
    return a?.status === 'granted' && a.step_hash === binding.step_hash ? a : undefined;
  }

  /** The latest decision for this exact content (granted, denied, completed) or undefined. */
  latest(binding: StepBinding): Approval | undefined {
    return this.#store.runs.approvalFor(binding.plan_id, binding.step_id, binding.step_hash);
  }

  /** Throws unless this exact content has a granted approval for the engine to execute. */
  requireGranted(binding: StepBinding, kind: string): Approval {
    const a = this.granted(binding);
    if (!a) {
      const latest = this.latest(binding);
      throw new StewardError(
        latest?.status === 'denied' ? 'APPROVAL_DENIED' : 'APPROVAL_REQUIRED',
        `Step ${binding.step_id} (${kind}) has no approval of its current content.`,
        {
          details: { ...binding, kind, status: latest?.status ?? 'none' },
          suggestions: ['Request approval for this exact step and wait for the person to approve it.'],
        },
      );
    }
    if (a.mode === 'hand_over') {
      throw new StewardError(
        'POLICY_FORBIDDEN',
        `Step ${binding.step_id} was approved for hand-over: the person completes it, not the engine.`,
        {
          details: { ...binding, approval_id: a.id },
          suggestions: ['Let the person finish it in the browser view, then mark it done.'],
        },
      );
    }
    return a;
  }

  /** Marks an approval used (after the approved step finished, or the person finished a hand-over). */
  complete(approvalId: string): void {
    this.#store.runs.completeApproval(approvalId);
  }

  /** The person finished a handed-over step (or the page shows it finished). */
  markDone(approvalId: string, by: string): Approval | undefined {
    const a = this.#store.runs.completeHandOver(approvalId, by);
    if (!a) return undefined;
    this.#audit.emit({
      session_id: a.session_id,
      type: 'hand_over_completed',
      message: `Hand-over of ${a.step_id} done (${by}).`,
      data: { approval_id: a.id, plan_id: a.plan_id, step_id: a.step_id, by },
    });
    for (const w of [...(this.#waiters.get(approvalId) ?? [])]) w(a);
    return a;
  }

  /** Resolves on the person's decision (this process) or when another process decided (polled). */
  waitForDecision(approvalId: string, signal?: AbortSignal, pollMs = 250): Promise<Approval> {
    return this.waitFor(approvalId, (a) => a.status !== 'pending', signal, pollMs);
  }

  /** Resolves once the approval satisfies `done` (checked on every change here and by polling the store). */
  waitFor(
    approvalId: string,
    done: (a: Approval) => boolean,
    signal?: AbortSignal,
    pollMs = 250,
    tick?: () => Promise<void>,
  ): Promise<Approval> {
    return new Promise((resolve, reject) => {
      let finished = false;
      const set = this.#waiters.get(approvalId) ?? new Set<(a: Approval) => void>();
      this.#waiters.set(approvalId, set);
      const finish = (a?: Approval, err?: unknown) => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        signal?.removeEventListener('abort', onAbort);
        set.delete(listener);
        if (!set.size) this.#waiters.delete(approvalId);
        if (a) resolve(a);
        else reject(err);
      };
      const check = () => {
        const a = this.#store.runs.approval(approvalId);
        if (a && done(a)) finish(a);
      };
      const listener = (a: Approval) => {
        if (done(a)) finish(a);
      };
      const onAbort = () => finish(undefined, signal?.reason ?? new Error('aborted'));
      let busy = false;
      const timer = setInterval(() => {
        check();
        if (tick && !busy && !finished) {
          busy = true;
          tick()
            .catch(() => undefined)
            .finally(() => {
              busy = false;
              check();
            });
        }
      }, pollMs);
      set.add(listener);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      check();
    });
  }

  pending(sessionId: string): Approval[] {
    return this.#store.runs.approvals(sessionId).filter((a) => a.status === 'pending');
  }
}
