/**
 * Shared by the agent tests that drive `cdt agent run` against a browser they launched: opening
 * a page in a new tab (and waiting until the browser lists it) and running one request on it.
 */
import { PassThrough } from 'node:stream';
import { agentRun } from '../../../src/cli/agent/commands.ts';
import type { launchWithPort } from '../browser/conformance.ts';

type Running = Awaited<ReturnType<typeof launchWithPort>>;

/** Opens `url` in a new tab and waits until the browser lists it there. */
export async function openTab(running: Running, url: string): Promise<void> {
  const { targetId } = await running.browser.session.send('Target.createTarget', { url });
  for (let i = 0; i < 100; i++) {
    const { targetInfos } = await running.browser.session.send('Target.getTargets');
    if (targetInfos.some((t) => t.targetId === targetId && t.url === url)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `cdt agent run` on a Tuesday morning in Seoul (2026-12-01), offline, approving everything. */
export async function runAgent(endpoint: string, url: string, request: string) {
  const stdout = new PassThrough();
  const chunks: string[] = [];
  stdout.on('data', (c) => {
    chunks.push(String(c));
  });
  const args = ['--store', ':memory:', '--no-traces', '--approve', 'all', '--now', '2026-12-01T09:00:00+09:00', '--tz', 'Asia/Seoul'];
  const code = await agentRun([...args, '--browser-endpoint', endpoint, '--page-url', url, request], {
    stdout,
    stderr: new PassThrough(),
    stdin: new PassThrough(),
  });
  const lines = chunks
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  // the requests the page makes after the last step may land a moment after the CLI returns
  await new Promise((r) => setTimeout(r, 300));
  return { code, status: lines.at(-1) as Record<string, unknown>, events: lines.filter((l) => l.kind === 'event') };
}
