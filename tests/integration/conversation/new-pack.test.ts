import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../../src/main/conversation/session.ts';
import { approvalCard, slotChips } from '../../../src/main/conversation/ui/view.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import type { PackRegistry } from '../../../src/main/packs/registry.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { mcpRuntimeTools } from '../../../src/main/tools/mcp/source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { type StockMcp, startStockMcp } from '../../fixtures/packs/stock-mcp.ts';

// A new domain is a new folder: the restock pack is copied into a temporary directory (nothing
// in src/ changes) and found there by the discovery the hosts use; it is then talked to through
// the session facade in Korean and English, and the stock service counts what reached it.

let dir: string;
let packs: PackRegistry;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'steward-packs-'));
  cpSync(fileURLToPath(new URL('../../fixtures/packs/restock', import.meta.url)), join(dir, 'restock'), { recursive: true });
  packs = await loadPacks([dir]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function world(): Promise<{ session: Session; store: Store; stock: StockMcp; close(): Promise<void> }> {
  const stock = await startStockMcp();
  const store = openStore(':memory:');
  const runtime = new ToolRuntime({ store });
  runtime.register(...(await mcpRuntimeTools(stock.client, 'stock')));
  const session = createSession({ store, runtime, packs, understanding: 'offline', tz: 'Asia/Seoul' });
  return {
    session,
    store,
    stock,
    close: async () => {
      session.close();
      store.close();
      await stock.close();
    },
  };
}

describe('a pack added by a folder alone', () => {
  it('is found by the production discovery next to the shipped packs', () => {
    expect(packs.byIntent('RestockInquiry')?.id).toBe('restock');
    expect(packs.byIntent('OrderChange')?.id).toBe('orders');
  });

  it('ko: asks for what is missing, stops at its own approval card, and subscribes only once approved', async () => {
    const w = await world();
    try {
      const first = await w.session.send('에어팟 맥스 재입고 언제 되나요?');
      expect(first).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'email' });
      expect(first.reply).toContain('2026-12-05');
      expect(w.stock.calls.map((c) => c.tool)).toEqual(['check_stock']);

      const asked = await w.session.send('kim@example.com 으로 알려주세요');
      expect(asked.stage).toBe('AWAITING_APPROVAL');
      expect(asked.reply).toContain('입고 알림을 kim@example.com(으)로 신청할까요?');
      const approvalId = asked.approval?.approvalId ?? '';
      // the UI gets the gate's stored approval, of the kind the pack declared for its tool
      expect(w.store.runs.approval(approvalId)).toMatchObject({ status: 'pending', action: 'submission', step_id: 'subscribe_restock' });
      const st = w.session.state();
      const pack = packs.byIntent('RestockInquiry');
      expect(slotChips(pack, st.facts, 'ko').map((c) => c.label)).toEqual(['상품명', '알림 받을 이메일']);
      expect(approvalCard('c1', st.pendingApproval, pack, st.facts, 'ko')).toMatchObject({
        approvalId,
        rule: expect.stringContaining('제출은 항상 사람의 승인이 필요합니다.'),
        changes: [
          { label: '상품명', before: '에어팟 맥스', after: '에어팟 맥스' },
          { label: '입고 알림', before: '없음', after: 'kim@example.com' },
        ],
      });
      expect(w.stock.calls.some((c) => c.tool === 'subscribe_restock')).toBe(false);

      await expect(w.session.approve('not-an-approval')).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
      const done = await w.session.approve(approvalId);
      expect(done).toMatchObject({ stage: 'DONE', outcome: 'done' });
      expect(done.reply).toContain('kim@example.com(으)로 알려드릴게요 (알림 AL-1)');
      expect(w.stock.alerts).toEqual([{ product: '에어팟 맥스', email: 'kim@example.com', alert_id: 'AL-1' }]);
      expect(w.store.runs.approval(approvalId)?.status).toBe('completed');
    } finally {
      await w.close();
    }
  });

  it('en: the same pack in English; a rejection with a reason subscribes nothing and says why', async () => {
    const w = await world();
    try {
      const first = await w.session.send('When will the AirPods Max be back in stock?');
      expect(first).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'email' });
      expect(first.reply).toContain('AirPods Max is sold out; it is due back on 2026-12-05.');
      const asked = await w.session.send('lee@example.com');
      expect(asked.reply).toContain('Shall I sign lee@example.com up for the AirPods Max restock alert?');
      const st = w.session.state();
      expect(slotChips(packs.byIntent('RestockInquiry'), st.facts, 'en').map((c) => c.label)).toEqual(['Product', 'Alert e-mail']);
      const no = await w.session.reject(asked.approval?.approvalId ?? '', 'I will buy it elsewhere');
      expect(no).toMatchObject({ stage: 'DONE', outcome: 'declined' });
      expect(no.reply).toContain('All right, no restock alert was set up. (reason: I will buy it elsewhere)');
      expect(w.stock.calls.map((c) => c.tool)).toEqual(['check_stock']);
      expect(w.stock.alerts).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('ko: a typed "네" is the same approval, recorded by the gate before the call', async () => {
    const w = await world();
    try {
      await w.session.send('에어팟 맥스 입고 알림 받고 싶어요');
      const asked = await w.session.send('park@example.com');
      const done = await w.session.send('네');
      expect(done).toMatchObject({ stage: 'DONE', outcome: 'done' });
      expect(w.store.runs.approval(asked.approval?.approvalId ?? '')?.status).toBe('completed');
      expect(w.stock.alerts.map((a) => a.email)).toEqual(['park@example.com']);
    } finally {
      await w.close();
    }
  });
});
