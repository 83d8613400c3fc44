import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createConversations } from '../../../src/main/conversation/ui/conversations.ts';
import { BrowserSurface } from '../../../src/main/services/browser-surface.ts';
import type { Conversations } from '../../../src/main/services/conversation-service.ts';
import { PushHub } from '../../../src/main/services/push-hub.ts';
import { DEFAULT_SETTINGS, fileSecretStore, jsonSettingsStore } from '../../../src/main/services/settings/store.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';

/**
 * Conversations outlive the process: a second engine over the same SQLite file lists them by what
 * the person asked and reopens one with its messages and its stage, and it goes on from there.
 */
let dir: string;
const opened: Array<{ engine: Conversations; store: Store }> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'steward-reopen-'));
});
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.engine.close();
    o.store.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

function engineOver(file: string) {
  const store = openStore(file);
  const settings = jsonSettingsStore(join(dir, 'settings.json'));
  settings.write(DEFAULT_SETTINGS);
  const hub = new PushHub();
  const engine = createConversations({
    store,
    hub,
    surface: new BrowserSurface({ hub, surface: 'screencast' }),
    settings,
    secrets: fileSecretStore(join(dir, 'secrets.json')),
    sites: {},
    artifactsDir: join(dir, 'artifacts'),
  });
  opened.push({ engine, store });
  return { engine, store };
}

async function say(e: Conversations, id: string, text: string) {
  const before = e.get(id).messages.filter((m) => m.role === 'assistant').length;
  await e.send(id, text);
  await vi.waitFor(() => expect(e.get(id).messages.filter((m) => m.role === 'assistant').length).toBe(before + 1), {
    timeout: 20_000,
    interval: 20,
  });
  return e.get(id);
}

it('lists stored conversations by their first request and reopens one after a restart, where it left off', async () => {
  const file = join(dir, 'steward.db');
  const first = engineOver(file);
  const a = (await first.engine.start('ko')).conversationId;
  const asked = await say(first.engine, a, '배송지 바꿔줘');
  const b = (await first.engine.start('en')).conversationId;
  await say(first.engine, b, 'find me a hotel');
  const reply = asked.messages.at(-1)?.text;
  expect(reply).toBeTruthy();
  const stage = asked.stage;
  await first.engine.close();
  first.store.close();
  opened.splice(0);

  const second = engineOver(file);
  const list = second.engine.list(10);
  expect(list.map((c) => c.title)).toEqual(['find me a hotel', '배송지 바꿔줘']);
  expect(list.every((c) => !c.open)).toBe(true);
  expect(() => second.engine.get(a)).toThrow(/No conversation/);

  const view = await second.engine.open(a, 'ko');
  expect(view.messages.map((m) => [m.role, m.text])).toEqual([
    ['user', '배송지 바꿔줘'],
    ['assistant', reply],
  ]);
  expect(view.stage).toBe(stage);
  expect(second.engine.list(10).find((c) => c.conversationId === a)?.open).toBe(true);
  // it goes on: the next answer is understood in the stored task (the phone number it asked for)
  const next = await say(second.engine, a, '010-2222-3333');
  expect(next.messages.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['배송지 바꿔줘', '010-2222-3333']);
  // (no account site here: the engine goes on to send the code, which this bare engine cannot, and says so in words)
  expect(next.messages.at(-1)?.text).toMatch(/처리하지 못했어요|010-\*{4}-3333/);
  expect(next.messages.at(-1)?.text).not.toMatch(/send_otp|NO_API_FOUND/);
  await expect(second.engine.open('s_unknown', 'ko')).rejects.toMatchObject({ code: 'CONTEXT_NOT_FOUND' });
});
