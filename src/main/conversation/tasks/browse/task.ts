/**
 * Browse packs for one turn: ask for the first missing required slot (one question at a time),
 * then BRIEF_READY → PLANNING (the pack's site recipes become one validated plan; a site the
 * person chose that no recipe knows runs through the agent loop instead) → EXECUTING ⇄
 * AWAITING_APPROVAL → VERIFYING (plausible values, the pack's rules) → DONE with the ranked
 * results, or FAILED with the error class and next action.
 */
import { StewardError } from '../../../../shared/errors.ts';
import { fill } from '../../../packs/text.ts';
import type { BrowsePack, Facts, FollowUp } from '../../../packs/types.ts';
import { type Decision, NO_REASON } from '../../approvals.ts';
import { currentStage, drive } from '../../machine.ts';
import type { PlanRunOutcome, Rows } from '../../plan-runner.ts';
import { ENGINE_TEXTS } from '../../texts.ts';
import type { BrowseSetup, TaskDeps, TaskTurnResult, TurnContext } from '../types.ts';
import { failToPlan, failWith } from './fail.ts';
import { newLoopId } from './loop-run.ts';
import { runOnSites } from './on-site.ts';
import { buildPlan } from './plan.ts';
import { presentResults } from './results.ts';
import { chosenSites, recipeSiteOf, siteSaid } from './sites.ts';
import { CONTINUE_YOURSELF, NO_LOOP, NOTHING_TO_OPEN } from './texts.ts';

/** A browse turn: the task's deps (with the browse setup) and the turn. */
interface BrowseTurn extends TurnContext {
  deps: TaskDeps;
  audit: TaskDeps['audit'];
  browse: BrowseSetup;
}

const stageOf = (t: BrowseTurn) => currentStage(t.actor);

export function runBrowseTask(deps: TaskDeps, t: TurnContext, browse: BrowseSetup): Promise<TaskTurnResult> {
  return runBrowseTurn({ ...t, deps, audit: deps.audit, browse });
}

export function runBrowseFollowUp(deps: TaskDeps, t: TurnContext, browse: BrowseSetup, f: FollowUp, patch: Facts): Promise<TaskTurnResult> {
  return runFollowUp({ ...t, deps, audit: deps.audit, browse }, f, patch);
}

async function runBrowseTurn(t: BrowseTurn): Promise<TaskTurnResult> {
  const deps = t.browse;
  const pack = t.pack as BrowsePack;
  const ctx = { sessionId: t.audit.sessionId, turnId: t.turnId };
  const stage = stageOf(t);
  const held = t.actor.getSnapshot().context;

  const pending = held.pendingApproval;
  if (stage === 'AWAITING_APPROVAL' && pending && held.planId && !t.applied.changed.length) {
    if (pending.mode === 'hand_over') {
      if (t.applied.handOverDone || t.applied.confirmed) {
        const reading = await deps.runner.handOver?.(held.planId, pending.approvalId, ctx);
        if (reading && !reading.done) {
          t.audit.emit('POLICY_DECISION', `hand-over of ${pending.stepId} not finished on the page`, {
            stage,
            action: 'keep_waiting',
            reason: 'the page does not show the step finished',
            page_says: reading.says,
          });
          const says = reading.says.map((w) => `"${w}"`).join(', ');
          return {
            stage,
            reply: says ? fill(ENGINE_TEXTS.handOverNotYetSays, t.locale, { says }) : fill(ENGINE_TEXTS.handOverNotYet, t.locale),
          };
        }
        t.deps.approvals.decide(t.audit.sessionId, pending.approvalId, { handOverDone: true }, 'person');
        return resumePlan(t, pack, held.planId, { handOverDone: true });
      }
      // the person may refuse a hand-over too: the step is not done and the plan ends there
      if (t.applied.denied) return resumePlan(t, pack, held.planId, record(t, { reject: true, reason: t.reason?.trim() || NO_REASON }));
      return { stage, reply: fill(ENGINE_TEXTS.handOver, t.locale) };
    }
    if (t.applied.confirmed || t.applied.denied) {
      const decision: Decision = t.applied.confirmed ? { approve: true } : { reject: true, reason: t.reason?.trim() || NO_REASON };
      return resumePlan(t, pack, held.planId, record(t, decision));
    }
    return { stage, reply: fill(ENGINE_TEXTS.approvalAsk, t.locale, { summary: pending.summary }) };
  }
  if (stage === 'EXECUTING' || stage === 'VERIFYING' || stage === 'PLANNING') {
    // A correction while a plan is held: plan again from the new slots.
    drive(t.actor, t.audit, { type: 'ASK', flowState: 'collect' });
  }

  const said = siteSaid(t.text, deps.pageUrl?.());
  if (said) t.facts.site = said;
  const chosen = chosenSites(t.facts, deps.savedSites?.(pack.id) ?? [], pack.anySite?.one, t.text);
  const siteSlot = pack.anySite?.siteSlot;
  if (siteSlot && t.facts[siteSlot] === undefined && chosen[0] && deps.loop) t.facts[siteSlot] = chosen[0].name;
  if (said || siteSlot) drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  const missing = t.deps.registry.missingRequired(pack.id, t.facts);
  if (missing.length) {
    const slot = missing[0] as string;
    const spec = pack.slots.find((s) => s.name === slot);
    t.audit.emit('POLICY_DECISION', `ask for ${slot}`, {
      stage: 'CHAT_COLLECTING',
      action: 'ask',
      reason: `required slot ${slot} is missing`,
      missing,
    });
    t.deps.debug.policy.input_rules.push(`required:${missing.join(',')}`);
    drive(t.actor, t.audit, { type: 'ASK', flowState: 'collect', expecting: slot });
    return { stage: stageOf(t), reply: spec?.question ? fill(spec.question, t.locale) : slot };
  }

  drive(t.actor, t.audit, { type: 'BRIEF' });
  const view = { ...(deps.context ?? {}), ...t.facts };
  // a chosen site a recipe knows (same origin) runs on the recipe's own base, not on the address as said ("…/" gave "//search")
  const recipeSites = Object.fromEntries(
    chosen.flatMap((c) => ((k) => (k ? [[k, deps.sites[k] ?? c.url.replace(/\/+$/, '')]] : []))(recipeSiteOf(c.url, deps.sites))),
  );
  const onLoop = chosen.length > 0 && Object.keys(recipeSites).length < chosen.length;
  const briefOf = (onLoop && pack.anySite?.brief) || pack.brief;
  const brief = fill(pack.briefLead ?? ENGINE_TEXTS.briefReady, t.locale, { brief: briefOf(view, t.locale) });
  drive(t.actor, t.audit, { type: 'PLAN' });
  if (onLoop) {
    const anySite = pack.anySite;
    if (!anySite || !deps.loop) {
      const failure = new StewardError('USAGE_ERROR', 'no agent loop for a chosen site without a recipe').toValue();
      return failWith(t, failure, brief, { says: fill(NO_LOOP, t.locale), next: fill(ENGINE_TEXTS.noSiteNext, t.locale) });
    }
    t.audit.emit('POLICY_DECISION', `run on ${chosen.map((c) => c.url).join(', ')} through the agent loop`, {
      stage: 'PLANNING',
      action: 'plan',
      reason: 'a site the person chose has no recipe',
      sites: chosen,
    });
    const planId = newLoopId();
    drive(t.actor, t.audit, { type: 'PLANNED', planId });
    t.facts.via_loop = true;
    const r = await runOnSites(deps.loop, { ...pack, anySite }, view, chosen, t.locale, ctx, planId);
    return settle(t, pack, r.planId, r.outcome, brief, deps);
  }
  delete t.facts.via_loop;
  const built = buildPlan(pack, view, chosen.length ? recipeSites : deps.sites, deps.now?.() ?? new Date(), t.locale);
  if (!built.ok) return failToPlan(t, built, brief);
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
async function runFollowUp(t: BrowseTurn, followUp: FollowUp, patch: Facts): Promise<TaskTurnResult> {
  const deps = t.browse;
  const pack = t.pack as BrowsePack;
  if (t.facts.via_loop === true && deps.loop) {
    // results from a site no recipe knows: its booking pages are the person's; the engine opens the chosen one
    const chosen = Object.values(patch).find((v): v is { url: string } => typeof (v as { url?: unknown } | null)?.url === 'string');
    t.audit.emit('POLICY_DECISION', `follow-up ${followUp.id} handed to the person`, {
      stage: 'DONE',
      action: 'hand_over',
      reason: 'no recipe books on this site; the person continues on the page',
      url: chosen?.url ?? null,
    });
    if (chosen) await deps.loop.open(chosen.url, { sessionId: t.audit.sessionId, turnId: t.turnId });
    return { stage: stageOf(t), reply: fill(chosen ? CONTINUE_YOURSELF : NOTHING_TO_OPEN, t.locale, { url: chosen?.url ?? '' }) };
  }
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
  const built = buildPlan({ ...pack, recipes: [followUp.recipe] }, view, deps.sites, deps.now?.() ?? new Date(), t.locale);
  if (!built.ok) return failToPlan(t, built, '');
  drive(t.actor, t.audit, { type: 'PLANNED', planId: built.plan.plan_id });
  const outcome = await deps.runner.run(built.plan, { sessionId: t.audit.sessionId, turnId: t.turnId });
  return settle(t, pack, built.plan.plan_id, outcome, '', deps);
}

/** Records a decision the person typed (a button's decision is recorded by the session already). */
function record(t: BrowseTurn, decision: Decision): Decision {
  const pending = t.actor.getSnapshot().context.pendingApproval;
  if (!t.decided && pending) t.deps.approvals.decide(t.audit.sessionId, pending.approvalId, decision, 'person');
  return decision;
}

async function resumePlan(t: BrowseTurn, pack: BrowsePack, planId: string, decision: Decision): Promise<TaskTurnResult> {
  const deps = t.browse;
  const ctx = { sessionId: t.audit.sessionId, turnId: t.turnId };
  const step = t.actor.getSnapshot().context.pendingApproval?.stepId ?? '';
  if ('reject' in decision) {
    t.audit.emit('POLICY_DECISION', `step ${step} rejected`, {
      stage: 'AWAITING_APPROVAL',
      action: 'reject',
      reason: decision.reason ?? NO_REASON,
    });
    const outcome = deps.loop?.has(planId) ? await deps.loop.resume(planId) : await deps.runner.resume(planId, ctx);
    return declined(t, outcome.status === 'rejected' && outcome.reason ? outcome.reason : (decision.reason ?? NO_REASON));
  }
  t.audit.emit('POLICY_DECISION', 'approved; the plan continues', {
    stage: 'AWAITING_APPROVAL',
    action: 'approve',
    reason: 'the person said yes',
  });
  drive(t.actor, t.audit, { type: 'APPROVED' });
  let outcome = deps.loop?.has(planId) ? await deps.loop.resume(planId) : await deps.runner.resume(planId, ctx);
  // The site's own confirmation of the step just approved (a "Submit this application?" dialog) is
  // covered by the same yes: it is recorded as an approval of that exact step, through the gate.
  const approved = 'approve' in decision ? localId(step) : undefined;
  for (let n = 0; n < 3 && approved && outcome.status === 'awaiting_approval' && outcome.approval.mode === 'execute'; n++) {
    const next = outcome.approval;
    const covered = pack.approval.sameApproval?.[localId(next.stepId)];
    if (covered !== approved) break;
    t.audit.emit('POLICY_DECISION', `step ${next.stepId} approved with ${approved}`, {
      stage: 'AWAITING_APPROVAL',
      action: 'approve',
      reason: `the site's own confirmation of ${approved}, which the person approved in this turn`,
      step_id: next.stepId,
      covered_by: approved,
    });
    t.deps.approvals.decide(t.audit.sessionId, next.approvalId, { approve: true }, 'person');
    outcome = await deps.runner.resume(planId, ctx);
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

async function settle(
  t: BrowseTurn,
  pack: BrowsePack,
  planId: string,
  outcome: PlanRunOutcome,
  lead: string,
  deps: BrowseSetup,
): Promise<TaskTurnResult> {
  const prior = (t.facts.extracted as Record<string, Rows> | undefined) ?? {};
  t.facts.extracted = { ...prior, ...outcome.extracted };
  t.facts.plan_id = planId;
  drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  if (outcome.status === 'awaiting_approval') {
    drive(t.actor, t.audit, { type: 'NEED_APPROVAL', approval: outcome.approval });
    const text = outcome.approval.mode === 'hand_over' ? ENGINE_TEXTS.handOver : ENGINE_TEXTS.approvalAsk;
    return { stage: stageOf(t), reply: [lead, fill(text, t.locale, { summary: outcome.approval.summary })].filter(Boolean).join('\n') };
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
  return presentResults(t, pack, deps, lead);
}
