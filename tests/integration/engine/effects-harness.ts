import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { type PlanOutcome, runPlan } from '../../../src/main/plan/executor/index.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { DEFAULT_POLICY } from '../../../src/main/tools/policy.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { StepInput } from '../../../src/shared/plan.ts';
import { type EffectsSite, startEffectsSite } from '../../fixtures/sites/effects/server.ts';

/**
 * The real engine (runPlan + ToolRuntime + SQLite file + headless Chromium) on TrapMart. The
 * policy executes approved steps itself (no hand-over), so "approved" can be checked at the server.
 */
export interface EffectsEngine {
  site: EffectsSite;
  driver: BrowserDriver;
  store: Store;
  runtime: ToolRuntime;
  run(steps: StepInput[], decide: 'approve' | 'reject'): Promise<{ outcome: PlanOutcome; asked: number; sessionId: string }>;
  close(): Promise<void>;
}

let seq = 0;

/** `connect`: the engine drives a browser it did not start, over its WebSocket endpoint (as --browser-endpoint does). */
export async function startEffectsEngine(opts: { connect?: string } = {}): Promise<EffectsEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'steward-effects-'));
  const site = await startEffectsSite();
  const driver = opts.connect ? await BrowserDriver.connect(opts.connect) : await BrowserDriver.launch({ headless: true });
  await driver.newPage('about:blank');
  const store = openStore(join(dir, 'steward.db'));
  const policy = { ...DEFAULT_POLICY, default_mode: { payment: 'execute', submission: 'execute', account_change: 'execute' } as const };
  // NO_EFFECTS=1 runs the same tests without the gate by effect, to see them fail
  const runtime = new ToolRuntime({ store, timeoutMs: 20_000, policy, effects: process.env.NO_EFFECTS !== '1' });
  runtime.register(...browserRuntimeTools({ driver, artifactsDir: join(dir, 'artifacts'), timeoutMs: 15_000 }));
  return {
    site,
    driver,
    store,
    runtime,
    async run(steps, decide) {
      const sessionId = `effects-${++seq}`;
      let asked = 0;
      const plan = { plan_id: sessionId, intent: 'Test', created_at: new Date().toISOString(), steps };
      const outcome = await runPlan(plan, {
        runtime,
        sessionId,
        screenshots: false,
        pollMs: 20,
        onEvent: (e) => {
          if (e.type !== 'approval_requested') return;
          asked++;
          // the person answers a moment later, as a person would (ids come from the store: event data is redacted)
          setTimeout(() => {
            for (const a of runtime.gate.pending(sessionId)) {
              if (decide === 'approve') runtime.gate.approve(a.id, 'person');
              else runtime.gate.reject(a.id, 'person', 'not this');
            }
          }, 10);
        },
      });
      return { outcome, asked, sessionId };
    },
    async close() {
      store.close();
      await driver.close().catch(() => undefined);
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
