import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { stepHash } from '../../../src/main/tools/step-hash.ts';
import { Plan, type StepInput } from '../../../src/shared/plan.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { type Engine, startEngine } from './engine-harness.ts';

/** The approval property on a real Chromium (fewer runs): a gated button is clicked only with its own approval. */
const BUTTONS = ['Search', 'Next', 'Pay now', '결제하기', 'Submit application', 'Change shipping address', 'Details'];
/** Ground truth (the product's rules, not the policy code): labels that ask, and whether the engine may then act (payments are handed over). */
const ASKS: Record<string, 'execute' | 'hand_over'> = {
  'Pay now': 'hand_over',
  결제하기: 'hand_over',
  'Submit application': 'execute',
  'Change shipping address': 'execute',
};
const expected = (step: Plan['steps'][number]): 'allow' | 'execute' | 'hand_over' => {
  if (step.approval) return step.approval.mode;
  return (step.type === 'click' && ASKS[String(step.target.name)]) || 'allow';
};
let server: StaticServer;
let engine: Engine;
beforeAll(async () => {
  server = await serveFolder(new URL('./fixtures/', import.meta.url).pathname);
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await server?.close();
});

const arbStep = (i: number) =>
  fc.record({ button: fc.constantFrom(...BUTTONS), approval: fc.constantFrom(undefined, 'execute', 'hand_over') }).map(
    ({ button, approval }): StepInput => ({
      id: `c${i}`,
      type: 'click',
      target: { role: 'button', name: button },
      ...(approval ? { approval: { kind: 'payment', mode: approval } } : {}),
    }),
  );
type Op = { op: 'run' } | { op: 'approve' | 'reject'; pick: number } | { op: 'edit'; pick: number; button: string };
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ op: 'run' }),
  fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat(5) }),
  fc.record({ op: fc.constant('edit' as const), pick: fc.nat(5), button: fc.constantFrom(...BUTTONS) }),
);

let round = 0;
describe('approval gate on a real Chromium (property, small)', () => {
  it('clicks a gated button only with an approval of that exact step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbStep(i)))),
        fc.array(arbOp, { maxLength: 6 }),
        async (clicks, ops) => {
          const sessionId = `gate-${round++}`;
          const url = `${server.url}/gate.html`;
          let plan = Plan.parse({
            plan_id: sessionId,
            intent: 'Test',
            created_at: new Date().toISOString(),
            steps: [{ id: 'open', type: 'navigate', url }, ...clicks],
          });
          const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
          await runBrowserTool(ctx, 'navigate_page', { type: 'url', url });
          await runBrowserTool(ctx, 'evaluate_script', { function: '() => localStorage.clear()' });
          const executed: Array<{ step: Plan['steps'][number]; at: string }> = [];
          const runtime = engine.runtime;
          for (const o of [...ops, { op: 'run' } as Op]) {
            const pending = engine.store.runs.approvals(sessionId).filter((a) => a.status === 'pending');
            const chosen = 'pick' in o ? pending[o.pick % Math.max(1, pending.length)] : undefined;
            if (o.op === 'approve' && chosen) runtime.gate.approve(chosen.id, 'person');
            else if (o.op === 'reject' && chosen) runtime.gate.reject(chosen.id, 'person', 'no');
            else if (o.op === 'edit') {
              const i = 1 + (o.pick % (plan.steps.length - 1));
              plan = {
                ...plan,
                steps: plan.steps.map((s, j) =>
                  j === i && s.type === 'click' ? { ...s, target: { role: 'button', name: o.button } } : s,
                ) as Plan['steps'],
              };
            } else if (o.op === 'run') {
              const before = new Set(engine.store.runs.toolCalls(sessionId).map((c) => c.id));
              await runPlan(plan, { runtime, sessionId, approvals: 'return', screenshots: false });
              for (const c of engine.store.runs.toolCalls(sessionId)) {
                if (before.has(c.id) || c.tool !== 'click' || c.status !== 'ok') continue;
                executed.push({ step: plan.steps.find((s) => s.id === c.step_id) as Plan['steps'][number], at: c.started_at });
              }
            }
          }
          const approvals = engine.store.runs.approvals(sessionId);
          for (const { step, at } of executed) {
            const d = expected(step);
            if (d === 'allow') continue;
            expect(d, `${step.id} was to be handed over, not clicked by the engine`).toBe('execute');
            const own = approvals.find(
              (a) => a.step_id === step.id && a.step_hash === stepHash(sessionId, step) && a.approved_at !== null && a.approved_at <= at,
            );
            expect(own, `${step.id} clicked without its approval`).toBeDefined();
          }
          // the page saw exactly the clicks the audit rows say ran
          const seen = await runBrowserTool(ctx, 'evaluate_script', {
            function: "() => JSON.parse(localStorage.getItem('clicks') || '[]')",
          });
          expect((seen.data.result as string[]).length).toBe(executed.length);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
