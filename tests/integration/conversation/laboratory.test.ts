import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../src/main/agent/nlu/index.ts';
import { formatLabReport, type LabConfig, runLaboratory } from '../../../src/main/conversation/laboratory.ts';
import { createSession } from '../../../src/main/conversation/session.ts';
import { loadPacks, PackRegistry } from '../../../src/main/packs/index.ts';
import type { DialoguePack, Pack } from '../../../src/main/packs/types.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { mcpRuntimeTools } from '../../../src/main/tools/mcp/source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { type ShopMcp, startShopMcp } from '../../fixtures/shop-mcp/server.ts';
import { NOW } from './harness.ts';

/** A model double (tests only): reads the contract input from the prompt and answers like the parser, except where told. */
function parserLikeModel(overrides: Record<string, unknown> = {}) {
  return new MockLanguageModelV4({
    provider: 'recorded',
    modelId: 'parser-like',
    doGenerate: async (options: LanguageModelV4CallOptions) => {
      const user = options.prompt.find((m) => m.role === 'user');
      const said = user && Array.isArray(user.content) ? user.content.map((c) => ('text' in c ? c.text : '')).join('') : '';
      const input = JSON.parse(said.slice(said.indexOf('{'))) as { user_message: string; now: string; tz: string; state?: object };
      const body =
        overrides[input.user_message] ??
        (() => {
          const u = parseUtterance(input.user_message, { now: new Date(input.now), tz: input.tz, state: input.state as never });
          return { commands: u.commands, intent: u.intent ?? null, locale: u.locale };
        })();
      return {
        content: [{ type: 'text', text: JSON.stringify(body) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 10, text: 10, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

const builtinPacks = (await loadPacks()).all();

function side(label: string, understanding: Parameters<typeof createSession>[0]['understanding'], packs: Pack[] = builtinPacks) {
  const state: { shop?: ShopMcp } = {};
  const config: LabConfig = {
    label,
    async start() {
      state.shop = await startShopMcp();
      const store = openStore(':memory:');
      const runtime = new ToolRuntime({ store });
      runtime.register(...(await mcpRuntimeTools(state.shop.client, 'shop')));
      return createSession({ store, runtime, understanding, packs: new PackRegistry(packs), now: () => NOW, tz: 'Asia/Seoul' });
    },
    stop: async () => state.shop?.close(),
  };
  return { config, code: () => state.shop?.store.inbox('01022223333')[0]?.code ?? '' };
}

describe('laboratory', () => {
  it('offline parser vs a model: identical bundles until the model misreads a turn', async () => {
    const a = side('offline', 'offline');
    const b = side('model', {
      model: parserLikeModel({
        '없는로 999번지로 바꿔줘': {
          commands: [{ type: 'cannot_handle', reason: 'unclear', confidence: 0.4 }],
          intent: null,
          locale: 'ko',
        },
      }),
    });
    const report = await runLaboratory(
      [
        '배송지 바꿔줘',
        '010-2222-3333',
        (_p, who) => (who === 'offline' ? a.code() : b.code()),
        '없는로 999번지로 바꿔줘',
        '테헤란로 152',
        '네',
      ],
      a.config,
      b.config,
    );
    expect(report.summary.turns).toBe(6);
    expect(report.turns.slice(0, 3).every((t) => t.same)).toBe(true);
    expect(report.summary.firstDifference).toBe(3);
    expect(report.turns[3]?.differences.join(' ')).toMatch(/tools/);
    expect(report.turns[5]?.a.outcome).toBe('done');
    expect(report.turns[5]?.b.outcome).toBe('done');
    expect(report.bundles.a[0]?.every((e) => e.turn_id === report.bundles.a[0]?.[0]?.turn_id)).toBe(true);
    expect(formatLabReport(report)).toContain('offline vs model');
  }, 60_000);

  it('two versions of a pack: v2 ends on an unknown address instead of asking again', async () => {
    const orders = builtinPacks.find((p) => p.id === 'orders') as DialoguePack;
    const v2: DialoguePack = {
      ...orders,
      version: '2.0.0',
      recovery: {
        ...orders.recovery,
        ADDRESS_NOT_FOUND: { ...(orders.recovery.ADDRESS_NOT_FOUND as DialoguePack['recovery']['default']), action: 'end' },
      },
    };
    const a = side('orders@1', 'offline');
    const b = side(
      'orders@2',
      'offline',
      builtinPacks.map((p) => (p.id === 'orders' ? v2 : p)),
    );
    const report = await runLaboratory(
      ['배송지 바꿔줘', '010-2222-3333', (_p, who) => (who === 'orders@1' ? a.code() : b.code()), '없는로 999번지로 바꿔줘'],
      a.config,
      b.config,
    );
    const last = report.turns[3];
    expect(last?.a).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'address' });
    expect(last?.b).toMatchObject({ stage: 'FAILED', failure: 'ADDRESS_NOT_FOUND' });
    expect(report.summary.differing).toBe(1);
  }, 60_000);

  it('a model that breaks its contract twice is reported as SCHEMA_VALIDATION_FAILED and the task stays where it was', async () => {
    const broken = new MockLanguageModelV4({
      provider: 'recorded',
      modelId: 'broken',
      doGenerate: async () => ({
        content: [{ type: 'text', text: '{"commands": []}' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      }),
    });
    const store = openStore(':memory:');
    const conv = createSession({ store, packs: new PackRegistry(builtinPacks), understanding: { model: broken }, now: () => NOW });
    try {
      const r = await conv.send('배송지 바꿔줘');
      expect(r.failure?.code).toBe('SCHEMA_VALIDATION_FAILED');
      expect(r.reply).toMatch(/모델이 제대로 답하지 못했어요/);
      expect(r.reply).not.toContain('SCHEMA_VALIDATION_FAILED');
      expect(r.stage).toBe('CHAT_COLLECTING');
      expect(broken.doGenerateCalls).toHaveLength(2);
    } finally {
      conv.close();
      store.close();
    }
  }, 60_000);
});
