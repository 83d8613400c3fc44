import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { connectMcp, mcpRuntimeTools } from '../../../src/main/tools/mcp/source.ts';
import { DEFAULT_POLICY } from '../../../src/main/tools/policy.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { bindCall } from '../../../src/main/tools/step-hash.ts';
import { type ShopMcp, startShopMcp } from '../../fixtures/shop-mcp/server.ts';

let shop: ShopMcp;
let store: Store;
let runtime: ToolRuntime;
const S = { session_id: 's' };

beforeAll(async () => {
  shop = await startShopMcp({ missingApis: ['create_ticket'] });
  store = openStore(':memory:');
  store.records.createSession({ id: 's' });
  // the shop packs gate these tools (their approval kinds); the runtime's policy holds them
  const gated_tools = { update_order_shipping_address: 'account_change' as const, create_ticket: 'submission' as const };
  runtime = new ToolRuntime({ store, backoffMs: () => 1, policy: { ...DEFAULT_POLICY, gated_tools } });
  runtime.register(...(await mcpRuntimeTools(shop.client, 'shop')));
});
afterAll(async () => {
  await shop?.close();
  store?.close();
});

async function token(): Promise<string> {
  await runtime.call('send_otp', { phone: '010-1234-5678' }, S);
  const code = shop.store.inbox('01012345678')[0]?.code as string;
  const r = await runtime.call('verify_otp', { phone: '010-1234-5678', code }, S);
  return String(r.data.customer_verification_token);
}

describe('runtime as an MCP client (shop twin)', () => {
  it('discovers the tools with listTools and keeps their read-only hints', () => {
    const names = runtime.tools().map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'send_otp',
        'verify_otp',
        'list_orders',
        'lookup_order',
        'search_address',
        'update_order_shipping_address',
        'create_ticket',
      ]),
    );
    expect(runtime.tools().find((t) => t.name === 'list_orders')?.readOnly).toBe(true);
  });

  it('maps failures to NO_API_FOUND, INVALID_ARG and AUTH_REQUIRED', async () => {
    const t = await token();
    await expect(runtime.call('list_orders', { customer_verification_token: 'bogus' }, S)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(runtime.call('search_address', { query: '없는로 99999' }, S)).rejects.toMatchObject({ code: 'INVALID_ARG' });
    await expect(runtime.call('list_orders', {}, S)).rejects.toMatchObject({ code: 'INVALID_ARG' });
    const ticket = { customer_verification_token: t, order_id: 'ORD-20261118-0001', type: 'refund', reason: '단순 변심' };
    const a = runtime.gate.request('s', bindCall('s', 'create_ticket', ticket), {
      kind: 'submission',
      mode: 'execute',
      summary: 'refund ticket',
    });
    runtime.gate.approve(a.id, 'tester');
    await expect(runtime.call('create_ticket', ticket, S)).rejects.toMatchObject({ code: 'NO_API_FOUND' });
    const failed = store.events
      .forSession('s')
      .filter((e) => e.type === 'TOOL_FAILED')
      .map((e) => (e.data.error as { class: string }).class);
    expect(failed).toEqual(expect.arrayContaining(['AUTH_REQUIRED', 'INVALID_ARG', 'NO_API_FOUND']));
  });

  it('changes a shipping address only with an approval of that exact change, and logs no OTP or token', async () => {
    const t = await token();
    const change = {
      customer_verification_token: t,
      order_id: 'ORD-20261118-0001',
      address1: '서울특별시 강남구 영동대로 513',
      zipcode: '06164',
    };
    await expect(runtime.call('update_order_shipping_address', change, S)).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(shop.store.inbox().length).toBeGreaterThan(0);
    const a = runtime.gate.request('s', bindCall('s', 'update_order_shipping_address', change), {
      kind: 'account_change',
      mode: 'execute',
      summary: 'new address',
    });
    runtime.gate.approve(a.id, '김민지');
    const r = await runtime.call('update_order_shipping_address', change, S);
    expect(JSON.stringify(r.data)).toContain('영동대로');
    const logged = JSON.stringify(store.runs.toolCalls('s')) + JSON.stringify(store.events.forSession('s'));
    expect(logged).not.toContain(t);
    for (const m of shop.store.inbox()) expect(logged).not.toContain(m.code);
  });

  it('connects to the twin over stdio as a child process', async () => {
    const conn = await connectMcp('shop-stdio', { command: process.execPath, args: ['tests/fixtures/shop-mcp/stdio.ts'] });
    try {
      expect(conn.tools.map((t) => t.name)).toContain('search_address');
      const rt = new ToolRuntime({ store });
      rt.register(...conn.tools);
      const r = await rt.call('search_address', { query: '테헤란로 152' }, S);
      expect(JSON.stringify(r.data)).toContain('테헤란로');
    } finally {
      await conn.close();
    }
  });
});
