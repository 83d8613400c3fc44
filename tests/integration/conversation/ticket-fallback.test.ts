/**
 * When create_ticket fails: the same tool on another configured server, else a hand-off to
 * support staff. The shop twins run as real MCP server processes over stdio, both answering
 * from one account site (the test's ShopStore), so what was filed is read from the shop itself.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../../src/main/conversation/session.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { recordHandlers } from '../../../src/main/services/records-service.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { registerMcpTools } from '../../../src/main/tools/mcp/register.ts';
import { connectMcp, type McpConnection } from '../../../src/main/tools/mcp/source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { ShopStore } from '../../fixtures/shop-mcp/shop-data.ts';
import { createAccountSite } from '../../fixtures/sites/account/site.ts';
import { type RunningSite, startSite } from '../../fixtures/sites/http.ts';

const STDIO = fileURLToPath(new URL('../../fixtures/shop-mcp/stdio.ts', import.meta.url));
const NOW = new Date('2026-11-22T10:00:00+09:00');

interface Rig {
  shop: ShopStore;
  store: Store;
  conv: Session;
  close(): Promise<void>;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** One account site; each server is a stdio twin process over it (`missing` lists the tools it answers 404 for). */
async function start(servers: Array<{ name: string; missing?: string[] }>): Promise<Rig> {
  const shop = new ShopStore();
  const account = createAccountSite(shop);
  const site: RunningSite = await startSite({
    root: fileURLToPath(new URL('../../fixtures/sites/account/', import.meta.url)),
    common: fileURLToPath(new URL('../../fixtures/sites/_common/', import.meta.url)),
    handler: account.handler,
  });
  const store = openStore(':memory:');
  const runtime = new ToolRuntime({ store, timeoutMs: 20_000 });
  const conns: McpConnection[] = [];
  for (const s of servers) {
    const env: Record<string, string> = { SHOP_ACCOUNT_URL: site.url };
    if (s.missing) env.SHOP_MISSING_APIS = s.missing.join(',');
    const conn = await connectMcp(s.name, {
      command: process.execPath,
      args: [STDIO],
      env: { ...(process.env as Record<string, string>), ...env },
    });
    conns.push(conn);
    registerMcpTools(runtime, s.name, conn.tools);
  }
  const conv = createSession({ store, runtime, packs: await loadPacks(), understanding: 'offline', now: () => NOW, tz: 'Asia/Seoul' });
  return {
    shop,
    store,
    conv,
    close: async () => {
      conv.close();
      for (const c of conns) await c.close();
      store.close();
      await site.close();
    },
  };
}

async function toConfirmation(r: Rig, lines: [string, string]) {
  await r.conv.send(lines[0]);
  await r.conv.send(lines[1]);
  const asked = await r.conv.send(r.shop.inbox('01022223333')[0]?.code ?? '');
  expect(asked.flowState).toBe('await_refund_confirm');
}

describe('create_ticket fails', () => {
  it('with no other ticket server: a hand-off record with the conversation, and the person is told its id (ko)', async () => {
    rig = await start([{ name: 'shop', missing: ['create_ticket'] }]);
    const r = rig;
    await toConfirmation(r, ['환불해 주세요', '010-2222-3333']);
    const done = await r.conv.send('네');

    expect(r.shop.snapshot().tickets).toHaveLength(0); // the shop filed nothing
    const handoffs = r.store.handoffs.list();
    expect(handoffs).toHaveLength(1);
    const h = handoffs[0];
    expect(h).toMatchObject({ session_id: r.conv.sessionId, status: 'open', tool: 'create_ticket', error: { code: 'NO_API_FOUND' } });
    expect(h?.request).toMatchObject({ order_id: 'ORD-20261115-0004' });
    // the conversation attached: what the person said, and what they were told before the failing turn
    expect(h?.conversation.map((m) => m.text)).toContain('환불해 주세요');
    expect(h?.conversation.some((m) => m.role === 'assistant' && m.text.includes('ORD-20261115-0004'))).toBe(true);

    expect(done.stage).toBe('FAILED');
    expect(done.failure?.code).toBe('NO_API_FOUND');
    expect(done.failure?.details.handoff_id).toBe(h?.id);
    expect(done.reply).toContain(h?.id ?? '?');
    expect(done.reply).toContain('상담 직원');
    // no phone number made up for a help line (a 1588-style line or a 0X-XXX-XXXX number)
    expect(done.reply).not.toMatch(/(?<![\w-])(?:1[56]\d{2}-\d{4}|0\d{1,2}-\d{3,4}-\d{4})(?![\w-])/);

    // support staff see it in the log explorer's queue, with the conversation
    const queue = await recordHandlers(r.store)['logs.handoffs']({});
    expect(queue.map((q) => q.id)).toEqual([h?.id]);
    expect(queue[0]?.conversation.length).toBeGreaterThan(3);
    // staff mark it handled: it leaves the open queue and says who closed it
    const closed = await recordHandlers(r.store)['logs.closeHandoff']({ id: h?.id ?? '' });
    expect(closed.status).toBe('closed');
    expect(await recordHandlers(r.store)['logs.handoffs']({ status: 'open' })).toEqual([]);
    expect(r.store.handoffs.get(h?.id ?? '')?.closed_by).toContain('support staff');
  }, 60_000);

  it('with another server offering create_ticket: the ticket is filed there under the carried approval (en)', async () => {
    rig = await start([{ name: 'shop', missing: ['create_ticket'] }, { name: 'helpdesk' }]);
    const r = rig;
    await toConfirmation(r, ['I want a refund for my order', '01022223333']);
    const done = await r.conv.send('yes');

    const tickets = r.shop.snapshot().tickets as Array<{ ticket_id: string; order_id: string }>;
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.order_id).toBe('ORD-20261115-0004');
    expect(done).toMatchObject({ stage: 'DONE', outcome: 'done' });
    expect(done.reply).toContain(tickets[0]?.ticket_id ?? '?');
    expect(r.store.handoffs.list()).toHaveLength(0);
    // the second server's call ran under an approval carried from the person's own, on the record
    const carried = r.store.runs.approvals(r.conv.sessionId).filter((a) => a.decided_by?.includes('another server'));
    expect(carried.map((a) => [a.status, a.action])).toEqual([['completed', 'submission']]);
    const calls = r.store.runs.toolCalls(r.conv.sessionId).map((c) => [c.tool, c.status]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['create_ticket', 'error'],
        ['helpdesk/create_ticket', 'ok'],
      ]),
    );
  }, 60_000);

  it('when the other server fails too, the request is handed off once (en)', async () => {
    rig = await start([
      { name: 'shop', missing: ['create_ticket'] },
      { name: 'helpdesk', missing: ['create_ticket'] },
    ]);
    const r = rig;
    await toConfirmation(r, ['I want a refund for my order', '01022223333']);
    const done = await r.conv.send('yes');
    expect(r.shop.snapshot().tickets).toHaveLength(0);
    const handoffs = r.store.handoffs.list();
    expect(handoffs).toHaveLength(1);
    expect(done.reply).toContain(`hand-off number is ${handoffs[0]?.id}`);
    const failed = r.store.runs
      .toolCalls(r.conv.sessionId)
      .filter((c) => c.status === 'error')
      .map((c) => c.tool);
    expect(failed).toEqual(expect.arrayContaining(['create_ticket', 'helpdesk/create_ticket']));
  }, 60_000);
});
