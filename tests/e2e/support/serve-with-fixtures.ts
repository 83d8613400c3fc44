/**
 * The E2E web server: C2's fixture sites (each its own 127.0.0.1 origin) and the headless host
 * (the same startHost as `npm run serve`) with the pack recipes pointed at those sites and the
 * shop MCP twin configured as an external MCP server. Writes the site URLs to
 * $STEWARD_HOME/sites.json for the tests; prints the host URL as the first stdout line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startHost } from '../../../src/cli/host/start-host.ts';
import { startFixtureSites } from '../../fixtures/sites/server.ts';

const home = resolve(process.env.STEWARD_HOME ?? 'test-results/e2e-home');
mkdirSync(home, { recursive: true });
const sites = await startFixtureSites({ apiDelayMs: 50 });
writeFileSync(join(home, 'sites.json'), JSON.stringify(sites.urls, null, 2));
writeFileSync(
  join(home, 'settings.json'),
  JSON.stringify({
    language: 'ko',
    provider: { name: 'offline', model: '' },
    formProfiles: [],
    mcpServers: [
      {
        name: 'shop',
        command: process.execPath,
        args: ['tests/fixtures/shop-mcp/stdio.ts'],
        env: { SHOP_ACCOUNT_URL: sites.urls.account },
      },
    ],
    policyOverrides: [],
  }),
);
const host = await startHost({
  port: Number(process.env.PORT ?? 4179),
  dataDir: home,
  rendererDir: resolve('out/renderer'),
  // The hotels recipe points at the hostile site, so a stay search fails for real: the error-path test.
  sites: { ...sites.urls, hotels: sites.urls.hostile },
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(`${host.url}\n`);
const stop = async () => {
  await host.close();
  await sites.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
