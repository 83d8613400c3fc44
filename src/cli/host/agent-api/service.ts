/**
 * The agent API over the same engine the app runs: the offline understanding for /intent, the
 * intent's pack (or the caller's own steps) validated as a plan for /plan, runPlan through the
 * ToolRuntime and its approval gate for /execute, the plan's verification for /verify, and the
 * gate's stored approvals for /approve. A run stops at an approval and returns it; /approve
 * answers that stored approval and resumes the plan where it stopped.
 */
import { randomUUID } from 'node:crypto';
import { parseUtterance } from '../../../main/agent/nlu/index.ts';
import { buildPlan } from '../../../main/conversation/tasks/browse/plan.ts';
import type { PackRegistry } from '../../../main/packs/registry.ts';
import { runPlan } from '../../../main/plan/executor/index.ts';
import type { PlanOutcome } from '../../../main/plan/executor/types.ts';
import type { Store } from '../../../main/store/index.ts';
import type { ToolRuntime } from '../../../main/tools/runtime.ts';
import { StewardError } from '../../../shared/errors.ts';
import { type Plan, validatePlan } from '../../../shared/plan.ts';
import type { ApproveInput, ExecuteOutput, IntentInput, LogLine, PendingApproval, PlanInput } from './schemas.ts';

export interface AgentApiDeps {
  store: Store;
  /** A runtime with the browser tools registered (absent when the host has no browser). */
  runtime: ToolRuntime | undefined;
  packs: () => Promise<PackRegistry>;
  sites: Record<string, string>;
  artifactsDir: string;
  now?: () => Date;
}

interface Held {
  plan: Plan;
  sessionId: string;
  outcome?: PlanOutcome;
  running?: Promise<ExecuteOutput>;
}

const BY = 'api:/api/agent/approve';

function notFound(planId: string): StewardError {
  return new StewardError('VALIDATION_ERROR', `No plan has the id "${planId}". / "${planId}" 플랜이 없습니다.`, {
    details: { field: 'plan_id', plan_id: planId },
    suggestions: ['Create the plan with POST /api/agent/plan and use the plan_id it returns. / /api/agent/plan으로 플랜을 먼저 만드세요.'],
  });
}

export class AgentApi {
  readonly #d: AgentApiDeps;
  readonly #plans = new Map<string, Held>();

  constructor(d: AgentApiDeps) {
    this.#d = d;
  }

  intent(input: IntentInput) {
    const r = parseUtterance(input.text, {
      now: this.#d.now?.() ?? new Date(),
      tz: input.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      ...(input.locale ? { locale: input.locale } : {}),
    });
    return { intent: r.intent?.name ?? 'None', confidence: r.intent?.confidence ?? 0, slots: r.slots, locale: r.locale };
  }

  async plan(input: PlanInput) {
    const now = this.#d.now?.() ?? new Date();
    let plan: Plan;
    if (input.steps) {
      const v = validatePlan({
        plan_id: `plan_${randomUUID().slice(0, 8)}`,
        intent: input.intent,
        created_at: now.toISOString(),
        slots: input.slots,
        steps: input.steps,
      });
      if (!v.ok) throw new StewardError('VALIDATION_ERROR', v.error.message, { details: { issues: v.error.issues } });
      plan = v.plan;
    } else {
      const packs = await this.#d.packs();
      const pack = packs.byIntent(input.intent);
      if (pack?.kind !== 'browse') {
        const browsable = packs
          .all()
          .filter((p) => p.kind === 'browse')
          .map((p) => p.intent);
        throw new StewardError(
          'VALIDATION_ERROR',
          `No pack plans "${input.intent}" from slots. / "${input.intent}" 의도는 슬롯만으로 플랜을 만들 수 없습니다.`,
          {
            details: { field: 'intent', intent: input.intent, plannable: browsable },
            suggestions: [`Use one of ${browsable.join(', ')}, or send your own "steps".`],
          },
        );
      }
      const missing = pack.slots
        .filter((s) => s.required && (input.slots[s.name] === undefined || input.slots[s.name] === ''))
        .map((s) => s.name);
      if (missing.length)
        throw new StewardError(
          'VALIDATION_ERROR',
          `Missing slots for ${input.intent}: ${missing.join(', ')}. / 필요한 슬롯이 없습니다: ${missing.join(', ')}.`,
          {
            details: { issues: missing.map((m) => ({ path: `slots.${m}`, message: 'required' })) },
            suggestions: ['Send the missing slots (POST /api/agent/intent reads them from a sentence).'],
          },
        );
      const built = buildPlan(pack, input.slots, this.#d.sites, now);
      if (!built.ok)
        throw new StewardError(built.code === 'VALIDATION_ERROR' ? 'VALIDATION_ERROR' : 'USAGE_ERROR', built.message, {
          suggestions: ['Start the host with the site URLs this pack needs (sites.json next to the store).'],
        });
      plan = built.plan;
    }
    const sessionId = randomUUID();
    this.#d.store.db.tx(() => {
      this.#d.store.records.createSession({
        id: sessionId,
        goal: `api: ${plan.intent}`,
        intent: plan.intent,
        ...(plan.pack ? { pack: plan.pack } : {}),
      });
      this.#d.store.records.savePlan(sessionId, plan, 'created');
    });
    this.#plans.set(plan.plan_id, { plan, sessionId });
    return { plan_id: plan.plan_id, session_id: sessionId, intent: plan.intent, steps: plan.steps };
  }

  #held(planId: string): Held {
    const held = this.#plans.get(planId);
    if (held) return held;
    const stored = this.#d.store.records.getPlan(planId);
    if (!stored) throw notFound(planId);
    const again: Held = { plan: stored.plan, sessionId: stored.session_id };
    this.#plans.set(planId, again);
    return again;
  }

  #runtime(): ToolRuntime {
    if (this.#d.runtime) return this.#d.runtime;
    throw new StewardError('BROWSER_LAUNCH_FAILED', 'The host has no browser. / 호스트에 브라우저가 없습니다.', {
      suggestions: ['Restart the host with Chromium installed or with --cdp-url pointing at a running browser.'],
    });
  }

  /** Runs (or resumes) the plan; stops at an approval and says which one. One run per plan at a time. */
  execute(planId: string): Promise<ExecuteOutput> {
    const held = this.#held(planId);
    if (held.running) return held.running;
    const runtime = this.#runtime();
    const logs: LogLine[] = [];
    const run = (async (): Promise<ExecuteOutput> => {
      const outcome = await runPlan(held.plan, {
        runtime,
        sessionId: held.sessionId,
        approvals: 'return',
        artifactsDir: this.#d.artifactsDir,
        onEvent: (e) => {
          if (e.level === 'debug') return;
          const step = typeof e.data.step_id === 'string' ? { step_id: e.data.step_id } : {};
          logs.push({ at: e.ts, type: e.type, level: e.level, message: e.message, ...step });
        },
      });
      held.outcome = outcome;
      this.#d.store.records.updateSession(held.sessionId, { status: outcome.status });
      const pending = runtime.gate.pending(held.sessionId)[0];
      return {
        status: outcome.status,
        plan_id: planId,
        logs,
        results: outcome.results,
        ...(pending ? { approval: pendingOf(pending) } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      };
    })();
    held.running = run.finally(() => {
      held.running = undefined;
    });
    return held.running;
  }

  verify(planId: string) {
    const held = this.#held(planId);
    const o = held.outcome;
    if (!o)
      return {
        ok: false,
        plan_id: planId,
        status: 'not_run',
        issues: [
          {
            message: 'The plan has not run yet. / 플랜이 아직 실행되지 않았습니다.',
            expected: 'a run (POST /api/agent/execute)',
            seen: 'none',
          },
        ],
      };
    if (o.verification)
      return { ok: o.verification.ok, plan_id: planId, status: o.status, checked: o.verification.checked, issues: o.verification.issues };
    return {
      ok: false,
      plan_id: planId,
      status: o.status,
      issues: [
        {
          message: `The run did not finish (${o.status}); nothing to verify yet. / 실행이 끝나지 않았습니다 (${o.status}).`,
          expected: 'completed',
          seen: o.status,
          ...(o.step_id ? { step_id: o.step_id } : {}),
        },
      ],
    };
  }

  /** Answers one stored approval of the plan through the gate, then resumes the plan (approve/done). */
  async approve(input: ApproveInput) {
    const held = this.#held(input.plan_id);
    const runtime = this.#runtime();
    if (held.running) await held.running.catch(() => undefined);
    const pending = runtime.gate.pending(held.sessionId);
    const target = input.approval_id ? pending.find((a) => a.id === input.approval_id) : pending[0];
    if (!target) {
      const known = input.approval_id ? runtime.store.runs.approval(input.approval_id) : undefined;
      throw new StewardError(
        'STATE_CONFLICT',
        input.approval_id
          ? `Approval ${input.approval_id} is not pending for this plan (${known?.status ?? 'unknown'}).`
          : 'This plan has no pending approval. / 이 플랜에는 대기 중인 승인이 없습니다.',
        {
          details: {
            plan_id: input.plan_id,
            ...(input.approval_id ? { approval_id: input.approval_id, status: known?.status ?? null } : {}),
          },
          suggestions: ['Run POST /api/agent/execute; when it stops for approval it returns approval.approval_id.'],
        },
      );
    }
    if (input.action === 'reject') runtime.gate.reject(target.id, BY, input.reason ?? 'refused through the API');
    else if (input.action === 'done') {
      if (target.mode !== 'hand_over')
        throw new StewardError('STATE_CONFLICT', `Approval ${target.id} is not a hand-over; approve or reject it.`, {
          details: { approval_id: target.id, mode: target.mode },
          suggestions: ['Send action "approve" or "reject".'],
        });
      runtime.gate.markDone(target.id, BY);
    } else {
      if (target.mode === 'hand_over')
        throw new StewardError(
          'APPROVAL_REQUIRED',
          `Step ${target.step_id} is one the person does in the browser; it cannot be granted here. / 이 단계는 직접 하셔야 합니다.`,
          {
            details: { approval_id: target.id, mode: target.mode },
            suggestions: ['Do the step in the browser, then send action "done".'],
          },
        );
      runtime.gate.approve(target.id, BY, input.reason);
    }
    const after = await this.execute(input.plan_id);
    return { status: after.status, plan_id: input.plan_id, approval_id: target.id, decision: input.action, run: after };
  }
}

function pendingOf(a: { id: string; step_id: string; action: string; mode: string; what: Record<string, unknown> }): PendingApproval {
  return { approval_id: a.id, step_id: a.step_id, kind: a.action, mode: a.mode, summary: String(a.what.summary ?? a.step_id) };
}
