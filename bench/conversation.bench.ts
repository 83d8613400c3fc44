/**
 * Conversation part: per-turn latency of the orchestrator without a browser — offline parser,
 * sanitiser, session machine, pack decisions, audit events committed to a real SQLite store —
 * over scripted conversations: OrderChange (each turn calls the shop MCP twin through the tool
 * runtime) and FlightSearch slot collection (tool-free turns). Median and p95 per turn.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession } from '../src/main/conversation/session.ts';
import { loadPacks } from '../src/main/packs/index.ts';
import { openStore } from '../src/main/store/index.ts';
import { mcpRuntimeTools } from '../src/main/tools/mcp/source.ts';
import { ToolRuntime } from '../src/main/tools/runtime.ts';
import { startShopMcp } from '../tests/fixtures/shop-mcp/server.ts';
import { type Metrics, median, metric, percentile } from './report.ts';

const NOW = new Date('2026-11-22T10:00:00+09:00');

export async function run(): Promise<Metrics> {
  const dir = mkdtempSync(join(tmpdir(), 'steward-bench-conv-'));
  const shop = await startShopMcp();
  const packs = await loadPacks();
  const store = openStore(join(dir, 'bench.db'));
  const runtime = new ToolRuntime({ store });
  runtime.register(...(await mcpRuntimeTools(shop.client, 'shop')));
  const toolTurns: number[] = [];
  const plainTurns: number[] = [];
  const memoryTurns: number[] = [];
  const memory = openStore(':memory:');
  const time = async (into: number[], fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    into.push(performance.now() - t);
  };
  try {
    for (let i = 0; i < 25; i++) {
      shop.store.reset();
      const conv = createSession({ store, packs, runtime, understanding: 'offline', now: () => NOW, tz: 'Asia/Seoul' });
      await time(toolTurns, () => conv.send('배송지 바꿔줘'));
      await time(toolTurns, () => conv.send('010-2222-3333'));
      const code = shop.store.inbox('01022223333')[0]?.code ?? '';
      await time(toolTurns, () => conv.send(code));
      await time(toolTurns, () => conv.send('세종대로 110'));
      const r = await conv.send('네');
      if (r.stage !== 'DONE') throw new Error(`order change did not finish: ${r.stage} ${r.reply}`);
      conv.close();

      const trip = createSession({ store, packs, understanding: 'offline', now: () => NOW, tz: 'Asia/Seoul' });
      await time(plainTurns, () => trip.send('I need a flight to Tokyo Narita'));
      await time(plainTurns, () => trip.send('from Incheon'));
      await time(plainTurns, () => trip.send('서울에서 출발해요'));
      trip.close();

      const light = createSession({ store: memory, packs, understanding: 'offline', now: () => NOW, tz: 'Asia/Seoul' });
      await time(memoryTurns, () => light.send('I need a flight to Tokyo Narita'));
      await time(memoryTurns, () => light.send('from Incheon'));
      await time(memoryTurns, () => light.send('서울에서 출발해요'));
      light.close();
    }
    return {
      turn_with_tools_median: metric(
        median(toolTurns),
        'ms',
        null,
        `${toolTurns.length} OrderChange turns, shop MCP twin in process, SQLite store`,
      ),
      turn_with_tools_p95: metric(percentile(toolTurns, 95), 'ms'),
      turn_without_tools_median: metric(median(plainTurns), 'ms', null, `${plainTurns.length} FlightSearch collecting turns`),
      turn_without_tools_p95: metric(percentile(plainTurns, 95), 'ms'),
      turn_without_tools_memory_store_median: metric(median(memoryTurns), 'ms', null, 'same turns, store in memory (no fsync per event)'),
      turn_without_tools_memory_store_p95: metric(percentile(memoryTurns, 95), 'ms'),
    };
  } finally {
    store.close();
    memory.close();
    await shop.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
