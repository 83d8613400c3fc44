// An engine process for the kill -9 test: connects to a running Chromium over WebSocket, opens
// the store file and runs (or resumes) one plan. After each event is committed it prints
// `ACK <event id>` — an acknowledged event. Usage:
//   node_modules/.bin/node tests/integration/engine/engine-child.ts <db> <ws endpoint> <plan.json> <session id> <artifacts dir>
import { readFileSync } from 'node:fs';
import { runPlan } from '../../../src/main/agent/executor.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';

const [db, ws, planFile, sessionId, artifactsDir] = process.argv.slice(2) as [string, string, string, string, string];
const driver = await BrowserDriver.connect(ws);
const store = openStore(db);
const runtime = new ToolRuntime({ store, timeoutMs: 20_000 });
runtime.register(...browserRuntimeTools({ driver, artifactsDir }));
const out = await runPlan(JSON.parse(readFileSync(planFile, 'utf8')), {
  runtime,
  sessionId,
  artifactsDir,
  onEvent: (e) => process.stdout.write(`ACK ${e.id} ${e.type}\n`),
});
process.stdout.write(`DONE ${out.status} ${out.error?.message ?? ''}\n`);
store.close();
await driver.close();
process.exit(0);
