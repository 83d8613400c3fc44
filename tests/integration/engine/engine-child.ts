// An engine process for the kill -9 tests: connects to a running Chromium over WebSocket, opens
// the store file and runs (or resumes) one plan. After each event is committed it prints
// `ACK <event id>` — an acknowledged event. Usage:
//   node_modules/.bin/node tests/integration/engine/engine-child.ts <db> <ws endpoint> <plan.json> <session id> <artifacts dir>
// STEWARD_FAULT=<point>:<step id> stops the process with SIGKILL at that fault point of that step
// (points: before-action, after-action, after-action-before-commit, after-commit);
// STEWARD_APPROVALS=return returns at an approval instead of waiting for it. An approval the gate by
// effect asks for (a step the plan did not mark, seen to POST) is granted at once, as the person would.
import { readFileSync } from 'node:fs';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { type FaultPoint, runPlan } from '../../../src/main/plan/executor/index.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';

const [db, ws, planFile, sessionId, artifactsDir] = process.argv.slice(2) as [string, string, string, string, string];
const [faultPoint, faultStep] = (process.env.STEWARD_FAULT ?? '').split(':');
const driver = await BrowserDriver.connect(ws);
const store = openStore(db);
const runtime = new ToolRuntime({ store, timeoutMs: 20_000 });
runtime.register(...browserRuntimeTools({ driver, artifactsDir }));
const planJson = JSON.parse(readFileSync(planFile, 'utf8')) as { steps: Array<{ id: string; approval?: unknown }> };
const unmarked = new Set(planJson.steps.filter((s) => !s.approval).map((s) => s.id));
const out = await runPlan(planJson, {
  runtime,
  sessionId,
  artifactsDir,
  approvals: process.env.STEWARD_APPROVALS === 'return' ? 'return' : 'wait',
  onEvent: (e) => {
    process.stdout.write(`ACK ${e.id} ${e.type}\n`);
    const d = e.data as { approval_id?: string; step_id?: string; mode?: string };
    if (e.type === 'approval_requested' && d.mode === 'execute' && unmarked.has(String(d.step_id)))
      runtime.gate.approve(String(d.approval_id), 'person');
  },
  fault: (point: FaultPoint, stepId: string) => {
    if (point === faultPoint && stepId === faultStep) {
      process.stdout.write(`FAULT ${point} ${stepId}\n`);
      process.kill(process.pid, 'SIGKILL');
    }
  },
});
process.stdout.write(`DONE ${out.status} ${out.error?.code ?? ''} ${out.error?.message ?? ''}\n`);
store.close();
await driver.close();
process.exit(0);
