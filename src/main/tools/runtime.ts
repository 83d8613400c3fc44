import { logError, StewardError } from '../../shared/errors.ts';
import { issuePath } from '../../shared/plan.ts';
import type { Store } from '../store/index.ts';
import { ApprovalGate } from './approval-gate.ts';
import { Audit } from './audit.ts';
import { loggableInput, sleep, summarise } from './call-record.ts';
import { describeRequests, networkEffect } from './effects/classify.ts';
import type { EffectWatch, OutgoingRequest } from './effects/effect.ts';
import { effectRefusal, HeldByEffect, judgeFailClosed } from './effects/refusal.ts';
import { DEFAULT_POLICY, type Decision, decideCall, type Policy } from './policy.ts';
import { redact } from './redact/index.ts';
import { shouldRetry } from './retry.ts';
import { bindCall, bindStep, type StepBinding } from './step-hash.ts';
import { runWithTimeout } from './timeout.ts';
import type { CallContext, CallResult, RuntimeTool } from './types.ts';

export interface RuntimeOptions {
  store: Store;
  policy?: Policy;
  /** Default per-call timeout (ms). */
  timeoutMs?: number;
  /** Back-off before retry n (1-based); default 150 ms × 2^(n−1). */
  backoffMs?: (attempt: number) => number;
  /** The gate by effect (judge the page, hold the network) for tools that carry one; default on. */
  effects?: boolean;
}

/**
 * The one door for every action: validate input → policy → approval gate → timeout →
 * retry by error class → redaction → an audit row before and after (tool_calls) and events.
 * Nothing in the engine calls a tool's `run` except this class.
 */
export class ToolRuntime {
  readonly store: Store;
  readonly audit: Audit;
  readonly gate: ApprovalGate;
  policy: Policy;
  readonly #tools = new Map<string, RuntimeTool>();
  readonly #timeoutMs: number;
  readonly #backoff: (attempt: number) => number;
  /** Whether acting calls are judged by their effect and held at the network (tools with `effects`). */
  readonly guarded: boolean;

  constructor(opts: RuntimeOptions) {
    this.store = opts.store;
    this.audit = new Audit(opts.store);
    this.gate = new ApprovalGate(opts.store, this.audit);
    this.policy = opts.policy ?? DEFAULT_POLICY;
    this.#timeoutMs = opts.timeoutMs ?? 30_000;
    this.#backoff = opts.backoffMs ?? ((n) => 150 * 2 ** (n - 1));
    this.guarded = opts.effects ?? true;
  }

  register(...tools: RuntimeTool[]): this {
    for (const t of tools) this.#tools.set(t.name, t);
    return this;
  }

  unregister(source: RuntimeTool['source'], prefix = ''): void {
    for (const [name, t] of this.#tools) if (t.source === source && name.startsWith(prefix)) this.#tools.delete(name);
  }

  tools(): RuntimeTool[] {
    return [...this.#tools.values()];
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** What the policy would decide for this call, without running it. */
  decide(name: string, input: Record<string, unknown>, ctx: Pick<CallContext, 'step'> = {}): Decision {
    return this.#decide(name, this.#require(name), input, ctx.step);
  }

  #decide(name: string, tool: RuntimeTool, input: Record<string, unknown>, step: CallContext['step']): Decision {
    return decideCall(this.policy, {
      tool: name,
      readOnly: tool.readOnly,
      input,
      described: tool.describe?.(input),
      step,
      ...(tool.approval ? { approval: tool.approval } : {}),
    });
  }

  async call(name: string, rawInput: unknown, ctx: CallContext): Promise<CallResult> {
    const tool = this.#require(name, ctx);
    const parsed = tool.schema.safeParse(rawInput ?? {});
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      const path = issuePath(i?.path ?? []);
      throw this.#refuse(
        tool,
        rawInput,
        ctx,
        new StewardError(tool.source === 'mcp' ? 'INVALID_ARG' : 'VALIDATION_ERROR', `${name}: ${path}: ${i?.message}`, {
          details: { tool: name, field: path },
          suggestions: [`Fix ${path} and call ${name} again.`],
        }),
      );
    }
    const input = parsed.data as Record<string, unknown>;
    const decision = this.#decide(name, tool, input, ctx.step);
    let approvalId: string | undefined;
    let approvedRequests: OutgoingRequest[] | undefined;
    if (decision.action === 'forbidden') {
      throw this.#refuse(
        tool,
        input,
        ctx,
        new StewardError('POLICY_FORBIDDEN', `${name}: ${decision.reason}`, {
          details: { tool: name, rule: decision.rule, step_id: ctx.step?.id },
          suggestions: ['Hand over: the person types it in the browser view.'],
        }),
      );
    }
    const binding = ctx.step && ctx.plan_id ? bindStep(ctx.plan_id, ctx.step) : bindCall(ctx.session_id, name, input);
    const effects = this.guarded && !tool.readOnly ? tool.effects : undefined;
    // an approval of this exact content: asked by the policy, or by an earlier call the gate by effect stopped
    const earlier = effects && decision.action !== 'approval' ? this.gate.latest(binding) : undefined;
    if (decision.action === 'approval' || earlier?.status === 'granted') {
      try {
        const granted = this.gate.requireGranted(binding, decision.action === 'approval' ? decision.kind : String(earlier?.action));
        approvalId = granted.id;
        approvedRequests = Array.isArray(granted.what.requests) ? (granted.what.requests as OutgoingRequest[]) : undefined;
      } catch (e) {
        throw this.#refuse(tool, input, ctx, e as StewardError, { decision, binding });
      }
    } else if (effects) {
      // before acting: the live page says what the call does, whatever its label says (unknown asks)
      const effect = await judgeFailClosed(effects, { tool: name, input }).catch((e: unknown) => {
        throw this.#refuse(tool, input, ctx, e as StewardError, { binding });
      });
      if (effect) throw this.#refuse(tool, input, ctx, effectRefusal(this, name, input, ctx, binding, effect), { binding, effect });
    }
    return this.#execute(tool, input, ctx, approvalId, !ctx.step, effects ? binding : undefined, approvedRequests);
  }

  async #execute(
    tool: RuntimeTool,
    input: Record<string, unknown>,
    ctx: CallContext,
    approvalId: string | undefined,
    consume: boolean,
    held?: StepBinding,
    approved?: OutgoingRequest[],
  ): Promise<CallResult> {
    const maxAttempts = Math.max(1, ctx.maxAttempts ?? 3);
    const logged = loggableInput(tool, input, ctx);
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const callId = this.store.runs.toolCallStarted({
        session_id: ctx.session_id,
        tool: tool.name,
        source: tool.source,
        input: logged,
        attempt,
        ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
        ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
        ...(ctx.step ? { step_id: ctx.step.id } : {}),
        ...(approvalId ? { approval_id: approvalId } : {}),
      });
      const t0 = performance.now();
      try {
        // while acting: state-changing requests of an unapproved call are failed in the browser; an approved call's pass, recorded
        // (a hold that cannot be set up ends the call before it acts, and is not retried)
        const watch: EffectWatch | undefined = held
          ? await tool.effects?.watch({ tool: tool.name, input }, approvalId ? 'pass' : 'hold', approved).catch((e: unknown) => {
              throw new HeldByEffect(e instanceof StewardError ? e : new StewardError('PROTOCOL_ERROR', String(e)));
            })
          : undefined;
        const out = await runWithTimeout(tool, input, ctx, this.#timeoutMs, watch !== undefined).finally(() =>
          this.#afterWatch(tool, input, ctx, watch, held, approvalId, approved),
        );
        this.store.runs.toolCallFinished(callId, { status: 'ok', output: summarise(out), duration_ms: performance.now() - t0 });
        if (approvalId && consume) this.gate.complete(approvalId);
        const hold = watch?.ended;
        return {
          ...out,
          tool: tool.name,
          call_id: callId,
          attempts: attempt,
          duration_ms: performance.now() - started,
          ...(hold ? { hold } : {}),
        };
      } catch (caught) {
        const e = caught instanceof HeldByEffect ? caught.error : caught;
        const err = logError(e);
        this.store.runs.toolCallFinished(callId, { status: 'error', error: err, duration_ms: performance.now() - t0 });
        if (caught instanceof HeldByEffect) throw e;
        const retry = attempt < maxAttempts && !approvalId && !ctx.signal?.aborted && shouldRetry(err.code, tool);
        this.audit.emit({
          session_id: ctx.session_id,
          ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
          type: 'TOOL_FAILED',
          level: retry ? 'warn' : 'error',
          message: `${tool.name} failed (${err.class}): ${err.message}${retry ? ` — retrying (${attempt + 1}/${maxAttempts})` : ''}`,
          data: {
            tool: tool.name,
            source: tool.source,
            call_id: callId,
            attempt,
            retry,
            error: err,
            ...(ctx.step ? { step_id: ctx.step.id } : {}),
            ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
          },
        });
        if (!retry) throw e instanceof StewardError ? e : new StewardError(err.code, err.message, { details: err.details, cause: e });
        await sleep(this.#backoff(attempt), ctx.signal);
      }
    }
  }

  /** After a watched call: a held request turns the call into an approval request (never retried); passed ones are recorded. */
  async #afterWatch(
    tool: RuntimeTool,
    input: Record<string, unknown>,
    ctx: CallContext,
    watch: EffectWatch | undefined,
    binding: StepBinding | undefined,
    approvalId: string | undefined,
    approved: OutgoingRequest[] = [],
  ): Promise<void> {
    if (!watch || !binding || !tool.effects) return;
    const sent = await watch.finish(ctx.whileHeld ? { whileCalm: ctx.whileHeld } : undefined);
    if (!sent.length) return;
    const effect = networkEffect(sent, tool.effects.pageText());
    if (!approvalId) throw new HeldByEffect(effectRefusal(this, tool.name, input, ctx, binding, effect));
    if (sent.some((r) => r.held)) {
      // the approved call tried to send something its approval did not cover (another item, page or origin): that
      // was held; the approval is used up, and the person is asked again with everything the call sends
      this.gate.complete(approvalId);
      const asked = networkEffect(
        [
          ...approved,
          ...sent.filter((r) => !approved.some((a) => a.url === r.url && JSON.stringify(a.fields) === JSON.stringify(r.fields))),
        ],
        tool.effects.pageText(),
      );
      throw new HeldByEffect(effectRefusal(this, tool.name, input, ctx, binding, asked, { fresh: true }));
    }
    this.audit.emit({
      session_id: ctx.session_id,
      ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
      type: 'POLICY_DECISION',
      message: `${tool.name}: approved, sent ${describeRequests(sent)}`,
      data: { tool: tool.name, rule: 'effect.approved', approval_id: approvalId, effect, ...(ctx.step ? { step_id: ctx.step.id } : {}) },
    });
  }

  /** A call that does not run: audit row (skipped), TOOL_CALL_SKIPPED event, and the error to throw. */
  #refuse(tool: RuntimeTool, input: unknown, ctx: CallContext, error: StewardError, extra: Record<string, unknown> = {}): StewardError {
    const callId = this.store.runs.toolCallStarted({
      session_id: ctx.session_id,
      tool: tool.name,
      source: tool.source,
      input: loggableInput(tool, input, ctx, error.code === 'POLICY_FORBIDDEN'),
      attempt: 0,
      ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
      ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
      ...(ctx.step ? { step_id: ctx.step.id } : {}),
    });
    const err = logError(error);
    this.store.runs.toolCallFinished(callId, { status: 'skipped', error: err, duration_ms: 0 });
    this.audit.emit({
      session_id: ctx.session_id,
      ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
      type: 'TOOL_CALL_SKIPPED',
      level: 'warn',
      message: `${tool.name} not run: ${error.message}`,
      data: {
        tool: tool.name,
        call_id: callId,
        error: err,
        ...redact(extra),
        ...(ctx.step ? { step_id: ctx.step.id } : {}),
        ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
      },
    });
    return error;
  }

  #require(name: string, ctx?: CallContext): RuntimeTool {
    const tool = this.#tools.get(name);
    if (tool) return tool;
    const e = new StewardError('NO_API_FOUND', `No tool named "${name}" is registered.`, {
      details: { tool: name },
      suggestions: ['Check the tool name, or connect the MCP server that provides it.'],
    });
    if (ctx) {
      this.audit.emit({
        session_id: ctx.session_id,
        type: 'TOOL_CALL_SKIPPED',
        level: 'warn',
        message: e.message,
        data: { tool: name, error: logError(e) },
      });
    }
    throw e;
  }
}
