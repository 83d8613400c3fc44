/**
 * Scripted conversations through the real engine: the offline parser, the orchestrator, a real
 * store (node:sqlite), C1's ToolRuntime (policy, approval gate, audit rows) and the shop MCP
 * twin over the official SDK. `say()` sends a line and
 * returns the turn; `code()` reads the latest OTP from the fixture's SMS inbox.
 */

import { createSession, type Session } from '../../../src/main/conversation/session.ts';
import type { TurnResult } from '../../../src/main/conversation/turn/types.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { mcpRuntimeTools } from '../../../src/main/tools/mcp/source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { EngineEvent } from '../../../src/shared/events.ts';
import { type ShopMcp, startShopMcp } from '../../fixtures/shop-mcp/server.ts';

export interface ShopChat {
  conv: Session;
  store: Store;
  shop: ShopMcp;
  events: EngineEvent[];
  say(text: string): Promise<TurnResult>;
  code(phone: string): string;
  ofType(type: string, turnId?: string): EngineEvent[];
  close(): Promise<void>;
}

export const NOW = new Date('2026-11-22T10:00:00+09:00');

export async function shopChat(
  opts: {
    missingApis?: Array<'create_ticket' | 'update_order_shipping_address'>;
    storePath?: string;
    sessionId?: string;
    shop?: ShopMcp;
  } = {},
): Promise<ShopChat> {
  const shop = opts.shop ?? (await startShopMcp(opts.missingApis ? { missingApis: opts.missingApis } : {}));
  const store = openStore(opts.storePath ?? ':memory:');
  const runtime = new ToolRuntime({ store, timeoutMs: 20_000 });
  runtime.register(...(await mcpRuntimeTools(shop.client, 'shop')));
  const conv = createSession({
    store,
    runtime,
    packs: await loadPacks(),
    understanding: 'offline',
    now: () => NOW,
    tz: 'Asia/Seoul',
    ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
  });
  const events: EngineEvent[] = [];
  conv.onEvent((e) => events.push(e));
  return {
    conv,
    store,
    shop,
    events,
    say: (text) => conv.send(text),
    code: (phone) => shop.store.inbox(phone)[0]?.code ?? '',
    ofType: (type, turnId) => events.filter((e) => e.type === type && (!turnId || e.turn_id === turnId)),
    close: async () => {
      conv.close();
      store.close();
      if (!opts.shop) await shop.close();
    },
  };
}
