import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';

const NODE = 'node_modules/.bin/node';
let sites: FixtureSites;
beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 0 });
});
afterAll(async () => {
  await sites?.close();
});

/** Runs `cdt agent …`, answering each turn with `answer(turn)`; resolves with the exit code and the JSON lines. */
function cdtAgent(
  args: string[],
  answer: (turn: Record<string, unknown>) => string | undefined,
): Promise<{ code: number; lines: Array<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcessWithoutNullStreams = spawn(NODE, ['src/cli/cdt.ts', 'agent', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: Array<Record<string, unknown>> = [];
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    createInterface({ input: child.stdout }).on('line', (l) => {
      const o = JSON.parse(l) as Record<string, unknown>;
      lines.push(o);
      if (o.kind === 'turn' && o.stage !== 'DONE' && o.stage !== 'FAILED') {
        const a = answer(o);
        if (a === undefined) child.stdin.end();
        else child.stdin.write(`${a}\n`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => (code === null ? reject(new Error(`killed; stderr: ${stderr}`)) : resolve({ code, lines })));
  });
}

describe('cdt agent run', () => {
  it('runs a pack from a folder given with --packs (the restock pack and its stock service) and stops at its gated step', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'steward-cli-packs-'));
    try {
      cpSync(fileURLToPath(new URL('../../fixtures/packs/restock', import.meta.url)), join(dir, 'restock'), { recursive: true });
      const log = join(dir, 'calls.jsonl');
      const mcp = `STOCK_CALLS_FILE=${log} ${NODE} tests/fixtures/packs/stock-stdio.ts`;
      const { code, lines } = await cdtAgent(
        ['run', '에어팟 맥스 재입고 언제 되나요?', '--packs', dir, '--mcp', mcp, '--approve', 'deny'],
        (turn) => (turn.expecting === 'email' ? 'kim@example.com' : undefined),
      );
      expect(lines.at(-1)).toMatchObject({ kind: 'status', status: 'denied', step: 'await_alert_confirm' });
      expect(code).toBe(5);
      const calls = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { tool: string });
      expect(calls.map((c) => c.tool)).toEqual(['check_stock']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('asks questions on stdin and stops at the first gated step with --approve deny', async () => {
    const mcp = `SHOP_ACCOUNT_URL=${sites.urls.account} ${NODE} tests/fixtures/shop-mcp/stdio.ts`;
    const { code, lines } = await cdtAgent(['run', '환불해 주세요', '--mcp', mcp, '--approve', 'deny'], (turn) =>
      turn.expecting === 'phone'
        ? '010-2222-3333'
        : turn.expecting === 'otp'
          ? (sites.shop.inbox('01022223333')[0]?.code ?? '')
          : undefined,
    );
    const status = lines.at(-1);
    expect(status).toMatchObject({ kind: 'status', status: 'denied', step: 'await_refund_confirm' });
    expect(code).toBe(5);
    expect(
      lines.some(
        (l) =>
          l.kind === 'event' && l.type === 'TOOL_CALL_SKIPPED' && (l.data as { reason?: string }).reason === 'DEFERRED_TO_REFUND_CONFIRM',
      ),
    ).toBe(true);
    expect(sites.shop.snapshot().tickets).toHaveLength(0);
  }, 120_000);

  it('stops with awaiting_input when stdin ends before the task is done', async () => {
    const mcp = `SHOP_ACCOUNT_URL=${sites.urls.account} ${NODE} tests/fixtures/shop-mcp/stdio.ts`;
    const { code, lines } = await cdtAgent(['run', '배송지 바꿔줘', '--mcp', mcp], () => undefined);
    expect(lines.at(-1)).toMatchObject({ kind: 'status', status: 'awaiting_input', expecting: 'phone' });
    expect(code).toBe(5);
  }, 120_000);

  it('runs a flight search headless on Chromium and prints events as JSON lines', async () => {
    const { code, lines } = await cdtAgent(
      [
        'run',
        '12월 20일 인천에서 나리타 가는 직항 찾아줘',
        '--site',
        `flights=${sites.urls.flights}`,
        '--now',
        '2026-11-22T10:00:00+09:00',
      ],
      () => undefined,
    );
    expect(lines.at(-1)).toMatchObject({ kind: 'status', status: 'done', stage: 'DONE' });
    expect(code).toBe(0);
    const types = lines.filter((l) => l.kind === 'event').map((l) => l.type);
    expect(types).toEqual(
      expect.arrayContaining(['SLOT_EXTRACTED', 'plan_started', 'step_succeeded', 'plan_completed', 'FINAL_ANSWER_READY']),
    );
  }, 120_000);

  it('rejects an unknown --approve value with a usage error', async () => {
    const { code, lines } = await cdtAgent(['run', 'hello', '--approve', 'yes'], () => undefined);
    expect(code).toBe(2);
    expect(lines.at(-1)).toMatchObject({ kind: 'status', status: 'error', error: { code: 'USAGE_ERROR' } });
  }, 60_000);
});

describe('cdt agent parse', () => {
  it('prints the envelope with commands, intent and normalised slots for a pinned today', async () => {
    const child = spawn(NODE, [
      'src/cli/cdt.ts',
      'agent',
      'parse',
      '--now',
      '2026-11-22T10:00:00+09:00',
      '--tz',
      'Asia/Seoul',
      'find me a direct flight ICN to NRT on 20 Dec',
    ]);
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    const env = JSON.parse(out) as { ok: boolean; data: { intent: { name: string }; slots: Record<string, unknown> } };
    expect(env.ok).toBe(true);
    expect(env.data.intent.name).toBe('FlightSearch');
    expect(env.data.slots).toMatchObject({ from: 'ICN', to: 'NRT', date_start: '2026-12-20', direct_only: true });
  }, 60_000);
});
