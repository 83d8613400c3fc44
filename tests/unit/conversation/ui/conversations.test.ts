import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APICallError } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConversations } from '../../../../src/main/conversation/ui/conversations.ts';
import type { ModelSettings } from '../../../../src/main/llm/providers.ts';
import { BrowserSurface } from '../../../../src/main/services/browser-surface.ts';
import type { Conversations } from '../../../../src/main/services/conversation-service.ts';
import { createEngineServices } from '../../../../src/main/services/engine-services.ts';
import { PushHub } from '../../../../src/main/services/push-hub.ts';
import { DEFAULT_SETTINGS, fileSecretStore, jsonSettingsStore } from '../../../../src/main/services/settings/store.ts';
import { openStore, type Store } from '../../../../src/main/store/index.ts';
import type { ConversationView, Settings } from '../../../../src/shared/ipc/index.ts';
import { recorded, replayModel } from '../../llm/mock-model.ts';

// The model provider chosen in settings drives understanding; the model itself is the AI SDK's mock,
// handed in through the engine's `models` seam (runtime code builds real providers with createModel).

let dir: string;
let store: Store;
let engine: Conversations | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'steward-model-'));
  store = openStore(':memory:');
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(provider: Settings['provider'], models?: (s: ModelSettings) => ReturnType<typeof replayModel>) {
  const settings = jsonSettingsStore(join(dir, 'settings.json'));
  settings.write({ ...DEFAULT_SETTINGS, provider });
  const secrets = fileSecretStore(join(dir, 'secrets.json'));
  secrets.set('openai-compatible', 'sk-test-key');
  const hub = new PushHub();
  engine = createConversations({
    store,
    hub,
    surface: new BrowserSurface({ hub, surface: 'screencast' }),
    settings,
    secrets,
    sites: {},
    artifactsDir: join(dir, 'artifacts'),
    ...(models ? { models } : {}),
  });
  return engine;
}

/** Sends one utterance and waits until its reply (or error) is in the view. */
async function say(e: Conversations, id: string, text: string): Promise<ConversationView> {
  const before = e.get(id).messages.filter((m) => m.role === 'assistant').length;
  await e.send(id, text);
  await vi.waitFor(() => expect(e.get(id).messages.filter((m) => m.role === 'assistant').length).toBe(before + 1), {
    timeout: 20_000,
    interval: 20,
  });
  return e.get(id);
}

const understandingLabel = (sessionId: string) =>
  store.events.forSession(sessionId).find((ev) => ev.type === 'FINAL_ANSWER_READY')?.data.understanding;

describe('model provider from settings', () => {
  it('with no provider (offline) the conversation uses the offline parser and never builds a model', async () => {
    const models = vi.fn(() => replayModel(recorded('understanding-padded')));
    const e = start({ name: 'offline', model: '' }, models);
    const v = await e.start('en');
    const after = await say(e, v.conversationId, 'find flights from Incheon to Narita on 12/20');
    expect(models).not.toHaveBeenCalled();
    expect(after.intent).toBe('FlightSearch');
    expect(understandingLabel(v.sessionId)).toBe('offline');
  });

  it('a chosen provider builds its model from settings (model, base URL, stored key) and understanding goes through it', async () => {
    const model = replayModel(recorded('understanding-padded'));
    const models = vi.fn((_s: ModelSettings) => model);
    const e = start({ name: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1' }, models);
    const v = await e.start('en');
    const after = await say(e, v.conversationId, 'what is the baggage allowance?');
    expect(models).toHaveBeenCalledWith({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseURL: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-test-key',
    });
    // understanding first; the question then goes to the expert graph, whose router contract runs on the same model
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain('what is the baggage allowance?');
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('You route a question');
    expect(after.error).toBeUndefined();
    expect(understandingLabel(v.sessionId)).toBe('openai-compatible/llama3.2');
  });

  it('a model that fails is MODEL_UNAVAILABLE with its cause and a next action, told to the person in words, with no invented answer', async () => {
    const down = replayModel('unused');
    down.doGenerate = async () => {
      throw new APICallError({
        message: 'Service Unavailable',
        url: 'http://127.0.0.1:11434/v1/chat/completions',
        requestBodyValues: {},
        statusCode: 503,
        isRetryable: false,
      });
    };
    const e = start({ name: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1' }, () => down);
    const v = await e.start('en');
    const after = await say(e, v.conversationId, 'find flights from Incheon to Narita on 12/20');
    expect(after.error?.code).toBe('MODEL_UNAVAILABLE');
    expect(after.error?.message).toContain('Service Unavailable');
    expect(after.error?.suggestions.join(' ')).toMatch(/settings|offline/i);
    // the task did not start from a guess: no intent, no slots; the reply says what happened and what to do, not the code
    expect(after.intent).toBeUndefined();
    expect(after.slots.filter((s) => s.value)).toEqual([]);
    expect(after.messages.at(-1)?.text).toMatch(/model .*did not answer.*settings/);
    expect(after.messages.at(-1)?.text).not.toContain('MODEL_UNAVAILABLE');
  });

  it('settings that cannot make a model (no model name) fail each turn with MODEL_UNAVAILABLE naming the fix', async () => {
    const e = start({ name: 'openai-compatible', model: '  ' });
    const v = await e.start('ko');
    const after = await say(e, v.conversationId, '인천에서 나리타 12월 20일 항공권');
    expect(after.error?.code).toBe('MODEL_UNAVAILABLE');
    expect(after.error?.message).toMatch(/openai-compatible\/\? model cannot be used: Model settings: model/);
    expect(after.error?.suggestions.join(' ')).toMatch(/offline/);
    expect(after.intent).toBeUndefined();
  });

  it('engine services hand their secret store to the engine, so the key saved in settings reaches the provider', async () => {
    const settings = jsonSettingsStore(join(dir, 'settings.json'));
    settings.write({ ...DEFAULT_SETTINGS, provider: { name: 'anthropic', model: 'claude-test' } });
    const secrets = fileSecretStore(join(dir, 'secrets.json'));
    secrets.set('anthropic', 'sk-ant-test');
    const models = vi.fn((_s: ModelSettings) => replayModel(recorded('understanding-padded')));
    const services = createEngineServices({
      host: 'headless',
      version: 'test',
      store,
      settings,
      secrets,
      conversations: ({ hub, surface }) =>
        createConversations({ store, hub, surface, settings, sites: {}, artifactsDir: join(dir, 'artifacts'), models }),
    });
    try {
      await services.handlers['conversation.start']({ locale: 'en' });
      expect(models).toHaveBeenCalledWith({ provider: 'anthropic', model: 'claude-test', apiKey: 'sk-ant-test' });
    } finally {
      await services.close();
    }
  });
});
