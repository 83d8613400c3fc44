/**
 * `npm run serve`: the headless host. Plain Node, the same engine as the desktop app: a Chromium
 * it launches (or attaches to with STEWARD_CDP_URL=ws://…), the built React UI (npm run build)
 * and the IPC map over a WebSocket, the automated browser shown as a CDP screencast.
 * The FIRST line on stdout is the URL; everything else goes to stderr. Honours PORT.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHost } from './host/start-host.ts';

/** STEWARD_SITES='{"flights":"https://…","shopA":"https://…"}': where each pack recipe's site lives. */
function parseSites(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).filter(([, u]) => typeof u === 'string')) as Record<string, string>;
  } catch {
    // fall through
  }
  process.stderr.write('STEWARD_SITES is not a JSON object of site → URL; ignored.\n');
  return {};
}

const dataDir = resolve(process.env.STEWARD_HOME ?? join(homedir(), '.steward'));
mkdirSync(dataDir, { recursive: true });
const host = await startHost({
  port: Number(process.env.PORT ?? 4310),
  dataDir,
  rendererDir: resolve(import.meta.dirname, '../../out/renderer'),
  cdpUrl: process.env.STEWARD_CDP_URL,
  headless: process.env.STEWARD_HEADFUL !== '1',
  sites: parseSites(process.env.STEWARD_SITES),
  log: (line) => process.stderr.write(`${line}\n`),
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
