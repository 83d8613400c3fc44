/**
 * `npm run serve`: the headless host. Plain Node, the same engine as the desktop app: a Chromium
 * it launches (or attaches to with STEWARD_CDP_URL=ws://…), the built React UI (built on first use)
 * and the IPC map over a WebSocket, the automated browser shown as a CDP screencast.
 * The FIRST line on stdout is the URL to open: it carries a secret made at start (`?token=…`, or
 * STEWARD_HOST_SECRET when set, e.g. for tests); without it the host answers nothing. Everything
 * else goes to stderr. Honours PORT. Data: $STEWARD_HOME (default ~/.steward), owner-only.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSites } from '../main/services/sites.ts';
import { installCrashGuard } from './host/crash-guard.ts';
import { ensureRendererBuilt } from './host/ensure-built.ts';
import { startHost } from './host/start-host.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
installCrashGuard(log);
const dataDir = resolve(process.env.STEWARD_HOME ?? join(homedir(), '.steward'));
const host = await startHost({
  port: Number(process.env.PORT ?? 4310),
  dataDir,
  rendererDir: ensureRendererBuilt(log),
  cdpUrl: process.env.STEWARD_CDP_URL,
  headless: process.env.STEWARD_HEADFUL !== '1',
  sites: parseSites(process.env.STEWARD_SITES, log),
  secret: process.env.STEWARD_HOST_SECRET,
  log,
});
process.stdout.write(`${host.url}\n`);
log(
  `Open the address above (it carries this run's secret; the first load keeps it in a cookie). 위 주소로 여세요 (이번 실행의 비밀 값이 들어 있습니다).`,
);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await host.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
