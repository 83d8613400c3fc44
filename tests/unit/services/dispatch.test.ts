import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../src/main/services/dispatch.ts';
import { PushHub } from '../../../src/main/services/push-hub.ts';
import { StewardError } from '../../../src/shared/errors.ts';
import { INVOKE, INVOKE_CHANNELS, PUSH, PUSH_EVENTS } from '../../../src/shared/ipc/index.ts';

const calls: Array<[string, unknown]> = [];
const handlers = new Proxy({} as Handlers, {
  get: (_t, channel: string) => async (input: unknown) => {
    calls.push([channel, input]);
    if (channel === 'logs.export') throw new StewardError('CONTEXT_NOT_FOUND', 'No session "x".');
    if (channel === 'browser.state') return { mode: 'nobody', url: '', title: '', surface: 'screencast' };
    return { ok: true };
  },
});

describe('the IPC map', () => {
  it('lists exactly the channels and push events of the map', () => {
    expect([...INVOKE_CHANNELS].sort()).toEqual(Object.keys(INVOKE).sort());
    expect([...PUSH_EVENTS].sort()).toEqual(Object.keys(PUSH).sort());
  });
});

describe('dispatch validates every call', () => {
  it('passes a valid payload to the handler, parsed (defaults filled in)', async () => {
    calls.length = 0;
    const r = await dispatch(handlers, 'conversation.send', { conversationId: 'c1', text: '안녕하세요' });
    expect(r).toEqual({ ok: true, value: { ok: true } });
    expect(calls).toEqual([['conversation.send', { conversationId: 'c1', text: '안녕하세요' }]]);
  });

  it.each([
    ['conversation.send', { conversationId: 'c1' }, 'text'],
    ['conversation.send', { conversationId: '', text: 'x' }, 'conversationId'],
    ['conversation.send', { conversationId: 'c1', text: 'x', extra: 1 }, '(input)'],
    ['conversation.approve', { conversationId: 'c1', approvalId: 42 }, 'approvalId'],
    ['logs.events', { offset: -1 }, 'offset'],
    ['browser.input', { kind: 'key', key: '' }, 'key'],
    ['browser.input', { kind: 'key', key: 'Tab', modifiers: ['Hyper'] }, 'modifiers.0'],
    ['browser.input', { kind: 'eval', code: 'alert(1)' }, 'kind'],
    ['settings.update', { language: 'fr' }, 'language'],
    ['settings.setApiKey', { provider: 'openai', key: '' }, 'key'],
    ['conversation.start', 'ko', '(input)'],
  ])('rejects malformed %s payload %j with VALIDATION_ERROR naming %s, without calling the handler', async (channel, input, path) => {
    calls.length = 0;
    const r = await dispatch(handlers, channel, input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('VALIDATION_ERROR');
    expect(r.error.details.path).toBe(path);
    expect(r.error.suggestions.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });

  it('answers an unknown channel with USAGE_ERROR, including prototype names', async () => {
    for (const name of ['shell.openExternal', '__proto__', 'constructor', 'toString']) {
      const r = await dispatch(handlers, name, {});
      expect(r.ok ? 'ok' : r.error.code).toBe('USAGE_ERROR');
    }
  });

  it('turns a thrown StewardError into its ErrorValue', async () => {
    const r = await dispatch(handlers, 'logs.export', { sessionId: 'x' });
    expect(r).toMatchObject({ ok: false, error: { code: 'CONTEXT_NOT_FOUND', message: 'No session "x".' } });
  });

  it('refuses to send an output the map does not promise', async () => {
    const r = await dispatch(handlers, 'browser.state', {});
    expect(r.ok ? 'ok' : r.error.code).toBe('INTERNAL');
  });
});

describe('push events', () => {
  it('are checked against the map before any listener sees them', () => {
    const hub = new PushHub();
    const seen: string[] = [];
    hub.subscribe((e) => seen.push(e));
    hub.emit('browser.control', { mode: 'agent', url: 'http://a', title: 'A', surface: 'screencast' });
    expect(() => hub.emit('browser.control', { mode: 'robot' } as never)).toThrow();
    expect(seen).toEqual(['browser.control']);
  });
});
