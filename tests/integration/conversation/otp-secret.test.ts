/**
 * The one-time code the person types in chat is not kept in clear: not in the stored turns, not
 * in the events the log explorer shows, not in an exported bundle. Read from a real SQLite file
 * with a second connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { shopChat } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'steward-otp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a one-time code typed in chat', () => {
  it('is masked in the store and in the bundle, and still verifies the person', async () => {
    const storePath = join(dir, 'steward.db');
    const c = await shopChat({ storePath });
    try {
      await c.say('배송지 바꿔줘');
      const r1 = await c.say('010-2222-3333');
      expect(r1.expecting).toBe('otp');
      const code = c.code('01022223333');
      expect(code).toMatch(/^\d{6}$/);
      const r2 = await c.say(code);
      expect(r2.expecting).toBe('address'); // the code worked
      const db = new DatabaseSync(storePath, { readOnly: true });
      const turns = db.prepare('SELECT user_text FROM turns').all() as Array<{ user_text: string }>;
      const events = JSON.stringify(db.prepare('SELECT message, data_json FROM events').all());
      db.close();
      expect(turns.map((t) => t.user_text)).toEqual(['배송지 바꿔줘', expect.stringContaining('3333'), '******']);
      expect(events).not.toContain(code);
      expect(JSON.stringify(c.store.exportSessionBundle(c.conv.sessionId))).not.toContain(code);
    } finally {
      await c.close();
    }
  });
});
