/**
 * The E2E web server: the headless host with the pack recipes pointed at the fixture sites (each its
 * own 127.0.0.1 origin) and the shop MCP twin as an external MCP server. Writes the site URLs to
 * $STEWARD_HOME/sites.json for the tests; prints the host URL as the first stdout line. The host is
 * locked like `npm run serve`: the tests get its secret from STEWARD_HOST_SECRET (playwright.config.ts
 * sets it for this server and for the test workers) and present it as the cookie the first load sets.
 */
import { resolve } from 'node:path';
import { installCrashGuard } from '../../../src/cli/host/crash-guard.ts';
import { startHostWithFixtureSites } from '../../fixtures/host-with-sites.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
installCrashGuard(log);

const host = await startHostWithFixtureSites({
  port: Number(process.env.PORT ?? 4179),
  home: process.env.STEWARD_HOME ?? 'test-results/e2e-home',
  rendererDir: resolve('out/renderer'),
  // The hotels recipe points at the hostile site, so a stay search fails for real: the error-path test.
  siteOverrides: (urls) => ({ ...urls, hotels: urls.hostile as string }),
  secret: process.env.STEWARD_HOST_SECRET,
  log,
});
process.stdout.write(`${host.url}\n`);
const stop = async () => {
  await host.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
