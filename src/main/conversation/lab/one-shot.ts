/**
 * The `legacy` route: the one-shot pipeline. Each message on its own — understood, its slots
 * read, and, when its pack plans from slots and they are all there, a plan built (to be run after
 * approval, by hand). Nothing is carried between messages and nothing is asked back: what a
 * message lacks is only listed. Every turn is audited like the app's.
 */
import { randomUUID } from 'node:crypto';
import { fill } from '../../packs/text.ts';
import type { Pack } from '../../packs/types.ts';
import { TurnAudit } from '../audit.ts';
import { applyCommands } from '../commands.ts';
import { buildPlan } from '../tasks/browse/plan.ts';
import { offlineUnderstand, withPackUnderstanding } from '../understanding.ts';
import type { LabEnv, RouteRunner, RouteTurn } from './runner.ts';

const T = {
  none: { ko: '이 메시지에서 할 일을 찾지 못했어요.', en: 'No task was read from this message.' },
  missing: {
    ko: '{task}: 이 메시지에 없는 값 — {slots}. (단일 파이프라인은 되묻지 않아요)',
    en: '{task}: this message lacks {slots}. (The one-shot pipeline does not ask back.)',
  },
  planned: { ko: '{task}: 플랜 {plan} ({n}단계) — 승인 후 실행해요.', en: '{task}: plan {plan} ({n} steps) — runs after approval.' },
  noPlan: { ko: '{task}: 플랜을 만들 수 없어요 ({message}).', en: '{task}: no plan ({message}).' },
};

const missingOf = (pack: Pack, facts: Record<string, unknown>) =>
  pack.slots.filter((s) => s.required && (facts[s.name] === undefined || facts[s.name] === '')).map((s) => s.name);

export async function oneShotRoute(env: LabEnv): Promise<RouteRunner> {
  const runtime = await env.runtime('legacy');
  const sessionId = `lab_legacy_${randomUUID().slice(0, 8)}`;
  env.store.records.createSession({ id: sessionId, goal: 'laboratory: legacy' });
  const understand = withPackUnderstanding(offlineUnderstand, env.packs);
  const now = env.now ?? (() => new Date());
  const sink = (e: Parameters<typeof runtime.audit.emit>[0]) => void runtime.audit.emit(e);
  return {
    route: 'legacy',
    sessionId,
    async send(text): Promise<RouteTurn> {
      const turnId = randomUUID();
      env.store.records.startTurn(sessionId, text, { id: turnId, route: 'legacy' });
      const audit = new TurnAudit(sessionId, turnId, sink, now);
      audit.emit('turn_started', 'turn started', { route: 'legacy' });
      const u = await understand(text, { now: now(), tz: env.tz ?? 'Asia/Seoul', state: {} });
      const locale = u.locale;
      const start = u.commands.find((c) => c.type === 'start_task');
      const pack = start?.type === 'start_task' ? env.packs.byIntent(start.intent) : undefined;
      const facts: Record<string, unknown> = {};
      const applied = applyCommands(pack, facts, u.commands, audit);
      audit.emit('SLOT_EXTRACTED', `${applied.changed.length} slot(s) from this message`, {
        intent: u.intent,
        derived: u.slots,
        resolved: Object.fromEntries(applied.changed.map((k) => [k, facts[k]])),
        rejected: applied.rejected,
        expected_input: null,
      });
      let turn: Omit<RouteTurn, 'turnId'>;
      if (!pack) turn = { stage: 'CHAT_COLLECTING', reply: T.none[locale] };
      else {
        const task = fill(pack.title, locale);
        const missing = missingOf(pack, facts);
        if (missing.length || pack.kind !== 'browse') {
          turn = { stage: 'CHAT_COLLECTING', reply: fill(T.missing, locale, { task, slots: missing.join(', ') || '-' }) };
        } else {
          const built = buildPlan(pack, facts, env.sites ?? {}, now());
          turn = built.ok
            ? { stage: 'BRIEF_READY', reply: fill(T.planned, locale, { task, plan: built.plan.plan_id, n: built.plan.steps.length }) }
            : { stage: 'FAILED', reply: fill(T.noPlan, locale, { task, message: built.message }), failure: built.code };
          if (built.ok) env.store.records.savePlan(sessionId, built.plan, 'created');
        }
      }
      audit.emit('FINAL_ANSWER_READY', turn.reply, { answer: turn.reply, stage: turn.stage, route: 'legacy' });
      audit.emit('turn_finished', 'turn finished', { stage: turn.stage });
      env.store.records.finishTurn(turnId, turn.reply);
      return { turnId, ...turn };
    },
    close: () => undefined,
  };
}
