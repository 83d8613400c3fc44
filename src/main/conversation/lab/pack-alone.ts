/**
 * The `domain_agent` route: the pack alone. Understanding picks the pack; then only the pack
 * decides — a dialogue pack runs its flow over the facts (tool calls, confirmations as stored
 * approvals, recovery), a browse pack collects its slots and builds its plan — with no session
 * machine around it (no stages, no task switch rules, no sanitiser). The approval gate still
 * holds every gated call.
 */
import { randomUUID } from 'node:crypto';
import { fill } from '../../packs/text.ts';
import type { Facts, Locale, Pack } from '../../packs/types.ts';
import { gateDesk } from '../approvals.ts';
import { TurnAudit } from '../audit.ts';
import { applyCommands } from '../commands.ts';
import { emptyDebug } from '../debug.ts';
import { heldSlots } from '../input.ts';
import { storeSupportDesk } from '../support.ts';
import { buildPlan } from '../tasks/browse/plan.ts';
import { runDialogueTurn } from '../tasks/dialogue/flow.ts';
import { auditedToolPort, runtimeToolPort } from '../tool-port.ts';
import { offlineUnderstand, withPackUnderstanding } from '../understanding.ts';
import type { LabEnv, RouteRunner, RouteTurn } from './runner.ts';

const T = {
  none: { ko: '이 메시지를 맡을 팩이 없어요.', en: 'No pack takes this message.' },
  ask: { ko: '{task}: {slot} 값을 알려 주세요.', en: '{task}: please tell me the {slot}.' },
  planned: { ko: '{task}: 플랜 {plan} ({n}단계)이 준비됐어요.', en: '{task}: plan {plan} ({n} steps) is ready.' },
  noPlan: { ko: '{task}: 플랜을 만들 수 없어요 ({message}).', en: '{task}: no plan ({message}).' },
};

export async function packAloneRoute(env: LabEnv): Promise<RouteRunner> {
  const runtime = await env.runtime('domain_agent');
  const sessionId = `lab_domain_${randomUUID().slice(0, 8)}`;
  env.store.records.createSession({ id: sessionId, goal: 'laboratory: domain_agent' });
  const understand = withPackUnderstanding(offlineUnderstand, env.packs);
  const now = env.now ?? (() => new Date());
  const sink = (e: Parameters<typeof runtime.audit.emit>[0]) => void runtime.audit.emit(e);
  const tools = auditedToolPort(runtimeToolPort(runtime), sink, now);
  const approvals = gateDesk(runtime);
  const support = storeSupportDesk(env.store);
  let pack: Pack | undefined;
  let facts: Facts = {};
  let expecting: string | undefined;
  let pending: string | undefined;
  let spoken: Locale | undefined;

  const turnOf = async (text: string, turnId: string, audit: TurnAudit): Promise<Omit<RouteTurn, 'turnId'>> => {
    const u = await understand(text, {
      now: now(),
      tz: env.tz ?? 'Asia/Seoul',
      state: { ...(pack ? { activeIntent: pack.intent, slots: heldSlots(pack, facts) } : {}), ...(expecting ? { expecting } : {}) },
    });
    // a bare answer (a number, a code) keeps the language the person has been using
    const locale: Locale = /[가-힣A-Za-z]{2}/.test(text) || !spoken ? u.locale : spoken;
    spoken = locale;
    const start = u.commands.find((c) => c.type === 'start_task');
    const next = start?.type === 'start_task' ? env.packs.byIntent(start.intent) : undefined;
    if (next && next !== pack) {
      pack = next;
      facts = {};
      expecting = undefined;
      pending = undefined;
    }
    if (!pack) return { stage: 'CHAT_COLLECTING', reply: T.none[locale] };
    const applied = applyCommands(pack, facts, u.commands, audit);
    audit.emit('SLOT_EXTRACTED', `${applied.changed.length} slot(s) applied`, {
      intent: u.intent,
      derived: u.slots,
      resolved: Object.fromEntries(applied.changed.map((k) => [k, facts[k]])),
      rejected: applied.rejected,
      expected_input: expecting ?? null,
    });
    const task = fill(pack.title, locale);
    if (pack.kind === 'dialogue') {
      const kinds = pack.approval.kinds ?? {};
      const r = await runDialogueTurn(
        pack,
        facts,
        { turnId, confirmed: applied.confirmed, denied: applied.denied, changed: applied.changed, ...(expecting ? { expecting } : {}) },
        locale,
        {
          tools,
          audit,
          debug: emptyDebug(),
          support,
          confirmations: {
            ask: (rule, args, summary) => {
              const kind = rule ? kinds[rule.tool] : undefined;
              const a = approvals.requestCall(rule?.tool ?? pack?.id ?? 'confirm', args, {
                sessionId,
                turnId,
                summary,
                ...(kind ? { kind } : {}),
              });
              pending = a.approvalId;
              return a;
            },
            decided: (yes, reason) => {
              if (pending)
                approvals.decide(sessionId, pending, yes ? { approve: true } : { reject: true, reason }, 'person (said so in chat)');
            },
            carry: (from, to, args) => {
              const a = approvals.requestCall(to, args, { sessionId, turnId, summary: `${from} → ${to}` });
              approvals.decide(sessionId, a.approvalId, { approve: true }, `person (approved ${from}; the same call on another server)`);
            },
          },
        },
      );
      expecting = r.expecting;
      return {
        stage: r.stage,
        reply: r.reply,
        flowState: r.flowState,
        ...(r.expecting ? { expecting: r.expecting } : {}),
        ...(r.outcome ? { outcome: r.outcome } : {}),
        ...(r.failure ? { failure: r.failure.code } : {}),
      };
    }
    const missing = pack.slots.filter((s) => s.required && (facts[s.name] === undefined || facts[s.name] === '')).map((s) => s.name);
    if (missing[0]) {
      expecting = missing[0];
      const question = pack.slots.find((s) => s.name === missing[0])?.question;
      return {
        stage: 'CHAT_COLLECTING',
        expecting,
        reply: question ? fill(question, locale) : fill(T.ask, locale, { task, slot: missing[0] }),
      };
    }
    expecting = undefined;
    if (pack.kind !== 'browse') return { stage: 'BRIEF_READY', reply: task };
    const built = buildPlan(pack, facts, env.sites ?? {}, now());
    if (!built.ok) return { stage: 'FAILED', reply: fill(T.noPlan, locale, { task, message: built.message }), failure: built.code };
    env.store.records.savePlan(sessionId, built.plan, 'created');
    return { stage: 'BRIEF_READY', reply: fill(T.planned, locale, { task, plan: built.plan.plan_id, n: built.plan.steps.length }) };
  };

  return {
    route: 'domain_agent',
    sessionId,
    async send(text) {
      const turnId = randomUUID();
      env.store.records.startTurn(sessionId, text, { id: turnId, route: 'domain_agent' });
      const audit = new TurnAudit(sessionId, turnId, sink, now);
      audit.emit('turn_started', 'turn started', { route: 'domain_agent' });
      const turn = await turnOf(text, turnId, audit);
      audit.emit(
        'FINAL_ANSWER_READY',
        turn.reply,
        { answer: turn.reply, stage: turn.stage, route: 'domain_agent' },
        turn.failure ? 'error' : 'info',
      );
      audit.emit('turn_finished', 'turn finished', { stage: turn.stage, flow_state: turn.flowState ?? null });
      env.store.records.finishTurn(turnId, turn.reply);
      return { turnId, ...turn };
    },
    close: () => undefined,
  };
}
