import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { stepHash } from '../../../src/main/tools/step-hash.ts';
import { type Plan, Plan as PlanSchema, type StepInput } from '../../../src/shared/plan.ts';
import { ACTING, RecordingBrowser } from './recording-browser.ts';

/**
 * Thousands of random plans, policies and event orders (run, approve, reject, edit a step,
 * crash mid-step, resume, hand-over done) against the real runtime + store (in-memory SQLite):
 * no gated step ever executes without an approval of its own current content. Which steps are
 * gated is the test's own ground truth (the table below, written from the product's rules),
 * never the policy code under test.
 */
const WORDS = [
  'Search',
  'Next',
  '다음',
  'Pay now',
  '결제하기',
  'Submit',
  '제출하기',
  '배송지 변경',
  'Place order',
  'Password',
  'Details',
  'Buy now',
];
const VALUES = ['ICN', 'Kim', '4111 1111 1111 1111', '900101-1234567', 'hello', '2026-12-20'];

/** Ground truth, per the product's rules: what each label asks for when acted on (payments are handed over). */
const GATED: Record<string, { kind: string; mode: 'execute' | 'hand_over' }> = {
  'Pay now': { kind: 'payment', mode: 'hand_over' },
  결제하기: { kind: 'payment', mode: 'hand_over' },
  'Place order': { kind: 'payment', mode: 'hand_over' },
  'Buy now': { kind: 'payment', mode: 'hand_over' },
  Submit: { kind: 'submission', mode: 'execute' },
  제출하기: { kind: 'submission', mode: 'execute' },
  '배송지 변경': { kind: 'account_change', mode: 'execute' },
};
/** Input the engine never types: a card number, a resident number, anything into a password field. */
const NEVER_TYPED_VALUES = new Set(['4111 1111 1111 1111', '900101-1234567']);

type Expected = { action: 'allow' } | { action: 'forbidden' } | { action: 'approval'; mode: 'execute' | 'hand_over' };
function expected(step: Plan['steps'][number]): Expected {
  const name = 'target' in step && step.target ? String(step.target.name ?? '') : '';
  const word = WORDS.find((w) => name.startsWith(`${w} `) || name === w);
  if (step.type === 'fill' && (NEVER_TYPED_VALUES.has(step.value) || word === 'Password')) return { action: 'forbidden' };
  if (step.type === 'approve') return { action: 'approval', mode: step.approval?.mode ?? 'execute' };
  if (step.approval) return { action: 'approval', mode: step.approval.mode };
  const gated = word && ['click', 'fill', 'select', 'press'].includes(step.type) ? GATED[word] : undefined;
  return gated ? { action: 'approval', mode: gated.mode } : { action: 'allow' };
}
const APPROVALS = [
  undefined,
  { kind: 'payment', mode: 'execute' },
  { kind: 'payment', mode: 'hand_over' },
  { kind: 'submission', mode: 'execute' },
  { kind: 'account_change', mode: 'execute' },
] as const;

const arbStep = (i: number) =>
  fc
    .record({
      type: fc.constantFrom('click', 'fill', 'select', 'press', 'approve', 'navigate', 'extract'),
      word: fc.constantFrom(...WORDS),
      value: fc.constantFrom(...VALUES),
      approval: fc.constantFrom(...APPROVALS),
    })
    .map(({ type, word, value, approval }): StepInput => {
      const id = `s${i}`;
      const target = {
        role: type === 'fill' ? 'textbox' : type === 'select' ? 'combobox' : 'button',
        name: RecordingBrowser.elementName(word, id),
      };
      const gate = approval ? { approval: { ...approval } } : {};
      switch (type) {
        case 'navigate':
          return { id, type, url: `http://127.0.0.1:9/${i}` };
        case 'extract':
          return { id, type, fields: ['price'] };
        case 'approve':
          return { id, type, kind: approval?.kind ?? 'payment', summary: `approve ${word}`, ...gate };
        case 'fill':
          return { id, type, target, value, ...gate };
        case 'select':
          return { id, type, target, option: value, ...gate };
        case 'press':
          return { id, type, target, key: 'Enter', ...gate };
        default:
          return { id, type: 'click', target, ...gate };
      }
    });

const arbPlan = fc.integer({ min: 1, max: 7 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbStep(i))));

type Op =
  | { op: 'run' }
  | { op: 'approve' | 'reject' | 'done'; pick: number }
  | { op: 'edit'; pick: number; word: string }
  | { op: 'crash'; at: number };
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ op: 'run' }),
  fc.record({ op: fc.constantFrom('approve' as const, 'reject' as const, 'done' as const), pick: fc.nat(9) }),
  fc.record({ op: fc.constant('edit' as const), pick: fc.nat(9), word: fc.constantFrom(...WORDS) }),
  fc.record({ op: fc.constant('crash' as const), at: fc.integer({ min: 1, max: 6 }) }),
);

async function scenario(steps: StepInput[], ops: Op[]): Promise<void> {
  const store: Store = openStore(':memory:');
  const browser = new RecordingBrowser();
  const abandoned: Array<Promise<unknown>> = [];
  let plan: Plan = PlanSchema.parse({ plan_id: 'p', intent: 'Test', created_at: new Date().toISOString(), steps });
  const history = new Map<string, Plan['steps'][number]>(); // content of each step at each acting call
  try {
    const fresh = (hangAt?: number) => {
      const runtime = new ToolRuntime({ store, backoffMs: () => 0, timeoutMs: hangAt ? 2_000_000_000 : 5_000 });
      return runtime.register(...browser.tools(hangAt ? { hangAt } : {}));
    };
    let runtime = fresh();
    for (const o of [...ops, { op: 'run' } as Op]) {
      const pending = store.runs
        .approvals('s')
        .filter((a) => a.status === 'pending' || (o.op === 'done' && a.mode === 'hand_over' && a.status === 'granted'));
      const chosen = 'pick' in o ? pending[o.pick % Math.max(1, pending.length)] : undefined;
      if (o.op === 'approve' && chosen?.status === 'pending') runtime.gate.approve(chosen.id, 'person');
      else if (o.op === 'reject' && chosen?.status === 'pending') runtime.gate.reject(chosen.id, 'person', 'no');
      else if (o.op === 'done' && chosen) runtime.gate.markDone(chosen.id, 'person');
      else if (o.op === 'edit') {
        const i = o.pick % plan.steps.length;
        const s = plan.steps[i] as Plan['steps'][number];
        if ('target' in s && s.target) {
          const edited = { ...s, target: { ...s.target, name: RecordingBrowser.elementName(o.word, s.id) } };
          plan = { ...plan, steps: plan.steps.map((x, j) => (j === i ? edited : x)) as Plan['steps'] };
        }
      } else if (o.op === 'run' || o.op === 'crash') {
        browser.plan = plan;
        const before = browser.calls.length;
        const r = o.op === 'crash' ? fresh(o.at) : runtime;
        const run = runPlan(plan, { runtime: r, sessionId: 's', approvals: 'return', screenshots: false });
        if (o.op === 'crash') {
          // the engine dies mid-step (or finishes first); a new runtime takes over the same store
          const settled = await Promise.race([run.then(() => true), new Promise<false>((res) => setTimeout(() => res(false), 10))]);
          if (!settled) abandoned.push(run.catch(() => undefined));
          runtime = fresh();
        } else await run;
        for (const c of browser.calls.slice(before))
          if (c.step_id) history.set(`${c.seq}`, plan.steps.find((s) => s.id === c.step_id) as Plan['steps'][number]);
      }
    }
    // ── the property ────────────────────────────────────────────────────────
    const approvals = store.runs.approvals('s');
    for (const c of browser.calls) {
      if (!ACTING.has(c.tool) || !c.step_id) continue;
      const step = history.get(`${c.seq}`);
      expect(step).toBeDefined();
      if (!step) continue;
      const d = expected(step);
      expect(d.action, `forbidden step ${step.id} was acted on`).not.toBe('forbidden');
      if (d.action !== 'approval') continue;
      expect(d.mode, `hand-over step ${step.id} was performed by the engine`).toBe('execute');
      const hash = stepHash('p', step);
      // granted by the person for exactly this content before the call (it may be used or invalidated since)
      const own = approvals.find(
        (a) => a.step_id === step.id && a.step_hash === hash && a.approved_at !== null && a.decided_by === 'person' && a.mode === 'execute',
      );
      expect(own, `gated step ${step.id} ran without an approval of its content`).toBeDefined();
      expect((own?.approved_at ?? '') <= c.at).toBe(true);
    }
    // approve steps pass only with their own approval
    for (const e of store.runs.executions('p').filter((x) => x.action === 'approve' && x.status === 'succeeded')) {
      const step = plan.steps.find((s) => s.id === e.step_id);
      if (!step) continue;
      expect(approvals.some((a) => a.step_id === step.id && a.step_hash === stepHash('p', step) && a.decided_by === 'person')).toBe(true);
    }
    // every acting call left an audit row (nothing bypassed the runtime)
    const rows = store.runs.toolCalls('s').filter((t) => ACTING.has(t.tool) && t.status !== 'skipped');
    expect(rows.length).toBe(browser.calls.filter((c) => ACTING.has(c.tool)).length);
    expect(store.integrityCheck()).toBe('ok');
  } finally {
    store.close();
  }
}

describe('approval gate (property)', () => {
  it('no gated step ever executes without its own approval', async () => {
    await fc.assert(fc.asyncProperty(arbPlan, fc.array(arbOp, { minLength: 1, maxLength: 14 }), scenario), {
      numRuns: Number(process.env.PROPERTY_RUNS ?? 2000),
    });
  }, 600_000);
});
