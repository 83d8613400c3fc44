import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runBrowserTool } from '../../../../src/main/browser/tools/index.ts';
import { runPlan } from '../../../../src/main/plan/executor/index.ts';
import type { StepInput } from '../../../../src/shared/plan.ts';
import { type StaticServer, serveFolder } from '../../../helpers/static-server.ts';
import { type Engine, startEngine } from '../../engine/engine-harness.ts';
import { plan } from '../../engine/site-plans.ts';

/**
 * For an executor test file: the given pages served from a temporary folder and an engine, started
 * before its tests and closed after; a plan run on them, and a script's answer read in the page.
 */
export function planSite(prefix: string, files: Record<string, string>) {
  let dir = '';
  let site: StaticServer | undefined;
  let engine: Engine | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `steward-${prefix}-`));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    site = await serveFolder(dir);
    engine = await startEngine();
  });
  afterAll(async () => {
    await engine?.close();
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!site || !engine) throw new Error('the site and the engine start before the tests');
    return { site, engine };
  };
  return {
    get url() {
      return started().site.url;
    },
    get engine() {
      return started().engine;
    },
    run(title: string, steps: StepInput[], sessionId: string, screenshots = false) {
      const { engine: e } = started();
      return runPlan(plan(title, steps), { runtime: e.runtime, sessionId, artifactsDir: e.artifactsDir, screenshots });
    },
    async evaluate(fn: string): Promise<unknown> {
      const { engine: e } = started();
      const ctx = { driver: e.driver, artifactsDir: e.artifactsDir, timeoutMs: 10_000 };
      return (await runBrowserTool(ctx, 'evaluate_script', { function: fn })).data.result;
    },
  };
}
