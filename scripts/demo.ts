/**
 * `npm run demo`: try Steward offline. Starts the local demo sites (a flight search, stays, two
 * shops, a visa form and a shop account with phone + OTP — the same sites the tests use, clearly
 * local, nothing real is booked or bought) and the headless host wired to them. Prints the URL first;
 * it carries a secret made at start (or STEWARD_HOST_SECRET), without which the host answers nothing.
 * Data goes to $STEWARD_HOME (default ~/.steward-demo), kept apart from your real sessions.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { installCrashGuard } from '../src/cli/host/crash-guard.ts';
import { ensureRendererBuilt } from '../src/cli/host/ensure-built.ts';
import { startHostWithFixtureSites } from '../tests/fixtures/host-with-sites.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
installCrashGuard(log);
const host = await startHostWithFixtureSites({
  port: Number(process.env.PORT ?? 4310),
  home: process.env.STEWARD_HOME ?? join(homedir(), '.steward-demo'),
  rendererDir: ensureRendererBuilt(log),
  apiDelayMs: 300,
  secret: process.env.STEWARD_HOST_SECRET,
  log,
});
process.stdout.write(`${host.url}\n`);
log('Local demo sites (the SMS inbox for one-time codes is on the account site at /sms):');
for (const [name, url] of Object.entries(host.sites)) log(`  ${name.padEnd(8)} ${url}`);
log('Try: "12월 20일 인천에서 나리타 가는 직항", "compare prices for AirPods Pro 2", "배송지 바꿔줘" (phone 010-1234-5678).');
const stop = async () => {
  await host.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
