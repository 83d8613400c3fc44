/**
 * `npm run serve`: the headless host. Plain Node, the same engine as the desktop app: a Chromium
 * it launches (or attaches to with STEWARD_CDP_URL=ws://…), the built React UI (built on first use)
 * and the IPC map over a WebSocket, the automated browser shown as a CDP screencast.
 * The FIRST line on stdout is the URL; everything else goes to stderr. Honours PORT.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSites } from '../main/services/sites.ts';
import { ensureRendererBuilt } from './host/ensure-built.ts';
import { startHost } from './host/start-host.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const dataDir = resolve(process.env.STEWARD_HOME ?? join(homedir(), '.steward'));
mkdirSync(dataDir, { recursive: true });
const host = await startHost({
  port: Number(process.env.PORT ?? 4310),
  dataDir,
  rendererDir: ensureRendererBuilt(log),
  cdpUrl: process.env.STEWARD_CDP_URL,
  headless: process.env.STEWARD_HEADFUL !== '1',
  sites: parseSites(process.env.STEWARD_SITES, log),
  log,
});
process.stdout.write(`${host.url}\n`);

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  await host.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
