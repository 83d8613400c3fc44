import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { recordHandlers } from '../../../src/main/services/records-service.ts';
import { type ShopChat, shopChat } from './harness.ts';

let chat: ShopChat | undefined;
let dir: string | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Reads the rows straight from the SQLite file, through a connection of its own. */
function rows<T>(path: string, sql: string, ...params: string[]): T[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe('the conversation writes its domain records while it runs', () => {
  it('intents per turn, the task slots (sensitive ones masked), a summary at the end and the goal in the person’s words', async () => {
    dir = mkdtempSync(join(tmpdir(), 'steward-records-'));
    const path = join(dir, 'steward.db');
    chat = await shopChat({ storePath: path });
    const c = chat;
    const first = await c.say('환불해 주세요');
    await c.say('010-2222-3333');
    const asked = await c.say(c.code('01022223333'));
    expect(asked.flowState).toBe('await_refund_confirm');

    // before the end: the slots so far, no summary yet
    const sid = c.conv.sessionId;
    let slots = rows<{ key: string; value_json: string; status: string }>(
      path,
      'SELECT key, value_json, status FROM slots WHERE session_id = ? ORDER BY key',
      sid,
    );
    expect(slots.find((s) => s.key === 'order_id')).toMatchObject({ status: 'filled', value_json: '"ORD-20261115-0004"' });
    const phone = slots.find((s) => s.key === 'phone');
    expect(phone?.status).toBe('filled');
    expect(phone?.value_json).not.toContain('2222');
    expect(rows(path, 'SELECT * FROM summaries WHERE session_id = ?', sid)).toHaveLength(0);

    const done = await c.say('네');
    expect(done).toMatchObject({ stage: 'DONE', outcome: 'done' });

    const session = rows<{ goal: string }>(path, 'SELECT goal FROM sessions WHERE id = ?', sid)[0];
    expect(session?.goal).toBe('환불해 주세요');
    const intents = rows<{ intent_type: string; confidence: number; raw_text: string; turn_id: string }>(
      path,
      'SELECT intent_type, confidence, raw_text, turn_id FROM intents WHERE session_id = ? ORDER BY id',
      sid,
    );
    expect(intents[0]).toMatchObject({ intent_type: 'RefundCancel', raw_text: '환불해 주세요', turn_id: first.turnId });
    expect(intents[0]?.confidence).toBeGreaterThan(0);
    expect(intents[0]?.confidence).toBeLessThanOrEqual(1);
    // a code answer never lands in the intents' raw text
    const code = c.code('01022223333');
    expect(intents.every((i) => !i.raw_text.includes(code))).toBe(true);

    const summaries = rows<{ text: string; turn_id: string }>(path, 'SELECT text, turn_id FROM summaries WHERE session_id = ?', sid);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.turn_id).toBe(done.turnId);
    // the summary is what the person was told, with the ticket number the shop issued
    const ticket = c.shop.store.snapshot().tickets[0] as { id?: string; ticket_id?: string } | undefined;
    const ticketId = ticket?.ticket_id ?? ticket?.id ?? '';
    expect(ticketId).not.toBe('');
    expect(summaries[0]?.text).toContain(ticketId);
    slots = rows(path, 'SELECT key, value_json, status FROM slots WHERE session_id = ? ORDER BY key', sid);
    expect(slots.filter((s) => s.status === 'missing')).toEqual([]);

    // the same records as the log explorer reads them
    const view = await recordHandlers(c.store)['logs.records']({ sessionId: sid });
    expect(view.goal).toBe('환불해 주세요');
    expect(view.intents.map((i) => i.intent)).toContain('RefundCancel');
    expect(view.summaries.map((s) => s.text)).toEqual([summaries[0]?.text]);
  });

  it('a required slot not yet given is recorded as missing; a second task sets the goal to its own words', async () => {
    dir = mkdtempSync(join(tmpdir(), 'steward-records-'));
    const path = join(dir, 'steward.db');
    chat = await shopChat({ storePath: path });
    const c = chat;
    await c.say('I want to change my delivery address');
    const sid = c.conv.sessionId;
    const missing = rows<{ key: string }>(path, "SELECT key FROM slots WHERE session_id = ? AND status = 'missing' ORDER BY key", sid);
    expect(missing.map((m) => m.key)).toEqual(expect.arrayContaining(['phone', 'otp']));
    expect(rows<{ goal: string }>(path, 'SELECT goal FROM sessions WHERE id = ?', sid)[0]?.goal).toBe(
      'I want to change my delivery address',
    );

    await c.say('actually, I want a refund instead');
    expect(rows<{ goal: string }>(path, 'SELECT goal FROM sessions WHERE id = ?', sid)[0]?.goal).toBe('actually, I want a refund instead');
    const types = rows<{ intent_type: string }>(path, 'SELECT intent_type FROM intents WHERE session_id = ? ORDER BY id', sid);
    expect(types.map((t) => t.intent_type)).toEqual(['OrderChange', 'RefundCancel']);
  });
});
