/**
 * Browse packs for one turn: ask for the first missing required slot (one question at a time),
 * then BRIEF_READY → PLANNING (the pack's site recipes become one validated plan) → EXECUTING
 * (the plan runner, i.e. C1's executor) ⇄ AWAITING_APPROVAL → VERIFYING (results exist, the
 * pack's rules) → DONE with the ranked results, or FAILED with the error class and next action.
 */
import { randomUUID } from 'node:crypto';
import { CODE_INFO, type ErrorCode } from '../../../shared/errors.ts';
import { type Plan, validatePlan } from '../../../shared/plan.ts';
import type { PackRegistry } from '../../packs/registry.ts';
import { fill } from '../../packs/text.ts';
import type { BrowsePack, Facts, FollowUp, Stage } from '../../packs/types.ts';
import type { TurnAudit } from '../audit.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import type { TurnDebug } from './dialogue.ts';
import { drive, type TaskTurnResult } from './drive.ts';
import type { TurnContext } from './task.ts';

export type Rows = Array<Record<string, unknown>>;

/** What running (or resuming) a plan came to. */
export type PlanRunOutcome =
  | { status: 'completed'; extracted: Record<string, Rows> }
  | { status: 'awaiting_approval'; stepId: string; summary: string; mode: 'execute' | 'hand_over'; extracted: Record<string, Rows> }
  | { status: 'failed'; error: { code: string; message: string; suggestions?: string[] }; extracted: Record<string, Rows> }
  | { status: 'cancelled'; extracted: Record<string, Rows> }
  /** The person rejected a gated step: the plan ended there (the step did not run). */
  | { status: 'rejected'; stepId: string; reason: string; extracted: Record<string, Rows> };

export type PlanDecision = { approve: string } | { reject: string; reason: string } | { handOverDone: true };

/** The executor behind a port (an adapter over runPlan in the app; see session-runner.ts). */
export interface PlanRunnerPort {
  run(plan: Plan, ctx: { sessionId: string; turnId: string }): Promise<PlanRunOutcome>;
  resume(planId: string, decision: PlanDecision, ctx: { sessionId: string; turnId: string }): Promise<PlanRunOutcome>;
}

export interface BrowseDeps {
  runner: PlanRunnerPort;
  /** Base URL of each site a recipe names (`--site flights=http://…`). */
  sites: Record<string, string>;
  now?: () => Date;
  /** Facts packs may read but that are not the person's slots (saved profiles for forms). */
  context?: Facts;
  /** The reason the person gave with a rejection in this turn (the UI's reject with a reason), if any. */
  rejectionReason?: () => string | undefined;
}

/** Recorded when the person says no without giving a reason. */
export const NO_REASON = 'the person said no';

/** A task turn as browsing sees it: without the text, with the turn's audit, packs and debug. */
export interface BrowseTurn extends Omit<TurnContext, 'text'> {
  audit: TurnAudit;
  registry: PackRegistry;
  debug: TurnDebug;
}

const stageOf = (t: BrowseTurn) => String(t.actor.getSnapshot().value) as Stage;

export async function runBrowseTurn(deps: BrowseDeps, t: BrowseTurn): Promise<TaskTurnResult> {
  const pack = t.pack as BrowsePack;
  const ctx = { sessionId: t.audit.sessionId, turnId: t.turnId };
  const stage = stageOf(t);
  const held = t.actor.getSnapshot().context;

  if (stage === 'AWAITING_APPROVAL' && held.pendingApproval && held.planId && !t.applied.changed.length) {
    const step = held.pendingApproval.stepId;
    if (held.pendingApproval.mode === 'hand_over') {
      if (t.applied.handOverDone || t.applied.confirmed) return resumePlan(deps, t, pack, held.planId, { handOverDone: true });
      return { stage, reply: fill(ENGINE_TEXTS.handOver, t.locale) };
    }
    if (t.applied.confirmed || t.applied.denied) {
      const decision: PlanDecision = t.applied.confirmed
        ? { approve: step }
        : { reject: step, reason: deps.rejectionReason?.()?.trim() || NO_REASON };
      return resumePlan(deps, t, pack, held.planId, decision);
    }
    return { stage, reply: fill(ENGINE_TEXTS.approvalAsk, t.locale, { summary: held.pendingApproval.summary }) };
  }
  if (stage === 'EXECUTING' || stage === 'VERIFYING' || stage === 'PLANNING') {
    // A correction while a plan is held: plan again from the new slots.
    drive(t.actor, t.audit, { type: 'ASK', flowState: 'collect' });
  }

  const missing = t.registry.missingRequired(pack.id, t.facts);
  if (missing.length) {
    const slot = missing[0] as string;
    const spec = pack.slots.find((s) => s.name === slot);
    t.audit.emit('POLICY_DECISION', `ask for ${slot}`, {
      stage: 'CHAT_COLLECTING',
      action: 'ask',
      reason: `required slot ${slot} is missing`,
      missing,
    });
    t.debug.policy.input_rules.push(`required:${missing.join(',')}`);
    drive(t.actor, t.audit, { type: 'ASK', flowState: 'collect', expecting: slot });
    return { stage: stageOf(t), reply: spec?.question ? fill(spec.question, t.locale) : slot };
  }

  drive(t.actor, t.audit, { type: 'BRIEF' });
  const view = { ...(deps.context ?? {}), ...t.facts };
  const brief = fill(ENGINE_TEXTS.briefReady, t.locale, { brief: pack.brief(view, t.locale) });
  drive(t.actor, t.audit, { type: 'PLAN' });
  const built = buildPlan(pack, view, deps.sites, deps.now?.() ?? new Date());
  if (!built.ok) return failWith(t, { code: built.code, message: built.message }, brief);
  t.audit.emit('POLICY_DECISION', `plan ${built.plan.plan_id}: ${built.plan.steps.length} steps over ${built.sites.join(', ')}`, {
    stage: 'PLANNING',
    action: 'plan',
    reason: 'every required slot is held',
    plan_id: built.plan.plan_id,
    sites: built.sites,
  });
  t.audit.emit('PRE_TOOL_DECISION', `${pack.intent}: run plan ${built.plan.plan_id}`, {
    intent: pack.intent,
    pack: pack.id,
    state: 'PLANNING',
    forced_calls: [],
    candidate_calls: pack.recipes.map((r) => `recipe:${r.site}`),
    final_calls: built.plan.steps.map((s) => `${s.id}:${s.type}`),
    skipped: pack.recipes.filter((r) => !built.sites.includes(r.site)).map((r) => `recipe:${r.site}:NO_SITE_URL`),
    entity: Object.fromEntries(pack.slots.filter((sl) => t.facts[sl.name] !== undefined).map((sl) => [sl.name, t.facts[sl.name]])),
  });
  drive(t.actor, t.audit, { type: 'PLANNED', planId: built.plan.plan_id });
  const outcome = await deps.runner.run(built.plan, ctx);
  return settle(t, pack, built.plan.plan_id, outcome, brief, deps);
}

/** A follow-up on held results (e.g. booking the chosen flight up to the payment hand-over). */
export async function runFollowUp(deps: BrowseDeps, t: BrowseTurn, followUp: FollowUp, patch: Facts): Promise<TaskTurnResult> {
  const pack = t.pack as BrowsePack;
  Object.assign(t.facts, patch, { follow_up: followUp.id });
  t.audit.emit('POLICY_DECISION', `follow-up ${followUp.id}`, {
    stage: 'DONE',
    action: 'follow_up',
    reason: 'the person asked to act on a presented result',
    patch,
  });
  drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  drive(t.actor, t.audit, { type: 'FOLLOW_UP' });
  const view = { ...(deps.context ?? {}), ...t.facts };
  const built = buildPlan({ ...pack, recipes: [followUp.recipe] }, view, deps.sites, deps.now?.() ?? new Date());
  if (!built.ok) return failWith(t, { code: built.code, message: built.message }, '');
  drive(t.actor, t.audit, { type: 'PLANNED', planId: built.plan.plan_id });
  const outcome = await deps.runner.run(built.plan, { sessionId: t.audit.sessionId, turnId: t.turnId });
  return settle(t, pack, built.plan.plan_id, outcome, '', deps);
}

async function resumePlan(
  deps: BrowseDeps,
  t: BrowseTurn,
  pack: BrowsePack,
  planId: string,
  decision: PlanDecision,
): Promise<TaskTurnResult> {
  const ctx = { sessionId: t.audit.sessionId, turnId: t.turnId };
  if ('reject' in decision) {
    t.audit.emit('POLICY_DECISION', `step ${decision.reject} rejected`, {
      stage: 'AWAITING_APPROVAL',
      action: 'reject',
      reason: decision.reason,
    });
    const outcome = await deps.runner.resume(planId, decision, ctx);
    return declined(t, outcome.status === 'rejected' && outcome.reason ? outcome.reason : decision.reason);
  }
  t.audit.emit('POLICY_DECISION', 'approved; the plan continues', {
    stage: 'AWAITING_APPROVAL',
    action: 'approve',
    reason: 'the person said yes',
  });
  drive(t.actor, t.audit, { type: 'APPROVED' });
  let outcome = await deps.runner.resume(planId, decision, ctx);
  // The site's own confirmation of the step just approved (a "Submit this application?" dialog) is
  // covered by the same yes: it is recorded as an approval of that exact step, through the gate.
  const approved = 'approve' in decision ? localId(decision.approve) : undefined;
  for (let n = 0; n < 3 && approved && outcome.status === 'awaiting_approval' && outcome.mode === 'execute'; n++) {
    const covered = pack.approval.sameApproval?.[localId(outcome.stepId)];
    if (covered !== approved) break;
    t.audit.emit('POLICY_DECISION', `step ${outcome.stepId} approved with ${approved}`, {
      stage: 'AWAITING_APPROVAL',
      action: 'approve',
      reason: `the site's own confirmation of ${approved}, which the person approved in this turn`,
      step_id: outcome.stepId,
      covered_by: approved,
    });
    outcome = await deps.runner.resume(planId, { approve: outcome.stepId }, ctx);
  }
  return settle(t, pack, planId, outcome, '', deps);
}

/** The plan ended at a rejected step: DONE as declined, saying why (the person's own words when given). */
function declined(t: BrowseTurn, reason: string): TaskTurnResult {
  drive(t.actor, t.audit, stageOf(t) === 'AWAITING_APPROVAL' ? { type: 'DECLINED' } : { type: 'CANCEL' });
  const reply =
    reason === NO_REASON
      ? fill(ENGINE_TEXTS.rejected, t.locale)
      : `${fill(ENGINE_TEXTS.rejected, t.locale)} ${fill(ENGINE_TEXTS.rejectedReason, t.locale, { reason })}`;
  return { stage: stageOf(t), reply, outcome: 'declined' };
}

/** A recipe's own step id (plan step ids are prefixed with the site: "form.submit" → "submit"). */
const localId = (stepId: string) => stepId.slice(stepId.indexOf('.') + 1);

/** Resumes a plan from the session runner's approve/reject/hand-over buttons. */
export async function decideStep(deps: BrowseDeps, t: BrowseTurn, decision: PlanDecision): Promise<TaskTurnResult> {
  const held = t.actor.getSnapshot().context;
  if (stageOf(t) !== 'AWAITING_APPROVAL' || !held.planId || !held.pendingApproval) {
    return { stage: stageOf(t), reply: fill(ENGINE_TEXTS.nothingPending, t.locale) };
  }
  return resumePlan(deps, t, t.pack as BrowsePack, held.planId, decision);
}

function settle(t: BrowseTurn, pack: BrowsePack, planId: string, outcome: PlanRunOutcome, lead: string, deps: BrowseDeps): TaskTurnResult {
  const sites = deps.sites;
  const prior = (t.facts.extracted as Record<string, Rows> | undefined) ?? {};
  t.facts.extracted = { ...prior, ...outcome.extracted };
  t.facts.plan_id = planId;
  drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  if (outcome.status === 'awaiting_approval') {
    drive(t.actor, t.audit, { type: 'NEED_APPROVAL', stepId: outcome.stepId, summary: outcome.summary, mode: outcome.mode });
    const text = outcome.mode === 'hand_over' ? ENGINE_TEXTS.handOver : ENGINE_TEXTS.approvalAsk;
    return { stage: stageOf(t), reply: [lead, fill(text, t.locale, { summary: outcome.summary })].filter(Boolean).join('\n') };
  }
  if (outcome.status === 'failed') return failWith(t, outcome.error, lead);
  if (outcome.status === 'rejected') return declined(t, outcome.reason || NO_REASON);
  if (outcome.status === 'cancelled') {
    drive(t.actor, t.audit, { type: 'CANCEL' });
    return {
      stage: stageOf(t),
      reply: fill(ENGINE_TEXTS.cancelledAfterChange, t.locale, { task: fill(pack.title, t.locale) }),
      outcome: 'cancelled',
    };
  }
  drive(t.actor, t.audit, { type: 'EXECUTED' });
  const followUp = pack.followUps?.find((f) => f.id === t.facts.follow_up);
  if (followUp) {
    delete t.facts.follow_up;
    drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
    drive(t.actor, t.audit, { type: 'VERIFIED', outcome: 'handed_over' });
    return { stage: stageOf(t), reply: followUp.done({ ...(deps.context ?? {}), ...t.facts }, t.locale), outcome: 'handed_over' };
  }
  const rowsBySite: Record<string, Rows> = {};
  for (const r of pack.recipes) {
    const rows = Object.entries(t.facts.extracted as Record<string, Rows>)
      .filter(([step]) => step.startsWith(`${r.site}.`))
      .flatMap(([, v]) => v);
    if (rows.length || sites[r.site]) rowsBySite[r.site] = rows;
  }
  const presented = pack.present(rowsBySite, { ...(deps.context ?? {}), ...t.facts }, sites);
  t.facts.results = presented.items;
  drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  for (const rule of pack.verification) {
    const miss = rule.check(t.facts);
    if (miss) {
      t.audit.emit('verification_failed', `${rule.id}: expected ${miss.expected}, saw ${miss.seen}`, { rule: rule.id, ...miss }, 'warn');
      return failWith(t, { code: 'VERIFICATION_FAILED', message: `${rule.id}: expected ${miss.expected}, saw ${miss.seen}` }, lead);
    }
    t.audit.emit('verification_passed', rule.id, { rule: rule.id });
  }
  drive(t.actor, t.audit, { type: 'VERIFIED', outcome: 'done' });
  return {
    stage: stageOf(t),
    reply: [lead, fill(presented.answer, t.locale)].filter(Boolean).join('\n'),
    outcome: 'done',
    results: presented.items,
  };
}

function failWith(t: BrowseTurn, error: { code: string; message: string; suggestions?: string[] }, lead: string): TaskTurnResult {
  const known = (CODE_INFO as Record<string, { suggestion: string } | undefined>)[error.code as ErrorCode];
  const next = error.suggestions?.[0] ?? known?.suggestion ?? (t.locale === 'ko' ? '잠시 후 다시 시도해 주세요.' : 'Try again later.');
  const failure = { code: error.code, message: error.message, next };
  t.audit.emit('POLICY_DECISION', `stop: ${error.code}`, { stage: 'FAILED', action: 'end', reason: error.code });
  drive(t.actor, t.audit, { type: 'FAIL', failure });
  return {
    stage: stageOf(t),
    reply: [lead, `${error.code}: ${error.message}`, next].filter(Boolean).join('\n'),
    outcome: 'failed',
    failure,
  };
}

/** One plan over every recipe whose site has a base URL; step ids are prefixed by the site. */
export function buildPlan(
  pack: BrowsePack,
  facts: Facts,
  sites: Record<string, string>,
  now: Date,
): { ok: true; plan: Plan; sites: string[] } | { ok: false; code: string; message: string } {
  const usable = pack.recipes.filter((r) => sites[r.site]);
  if (!usable.length) {
    return {
      ok: false,
      code: 'USAGE_ERROR',
      message: `no site URL for ${pack.recipes.map((r) => r.site).join(' or ')} (pass --site name=url)`,
    };
  }
  const steps = usable.flatMap((r) => r.build(facts, sites[r.site] as string).steps.map((s) => ({ ...s, id: `${r.site}.${s.id}` })));
  const slots = Object.fromEntries(Object.entries(facts).filter(([k]) => pack.slots.some((s) => s.name === k)));
  const v = validatePlan({
    plan_id: `plan_${randomUUID().slice(0, 8)}`,
    intent: pack.intent,
    pack: pack.id,
    created_at: now.toISOString(),
    slots,
    steps,
  });
  if (!v.ok) return { ok: false, code: 'VALIDATION_ERROR', message: v.error.message };
  return { ok: true, plan: v.plan, sites: usable.map((r) => r.site) };
}
