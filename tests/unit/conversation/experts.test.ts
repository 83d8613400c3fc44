import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EXPERT_ITERATIONS, runExpertLoop } from '../../../src/main/conversation/experts/expert-loop.ts';
import { runExpertGraph } from '../../../src/main/conversation/experts/graph.ts';
import { nextNode, routeQuestion } from '../../../src/main/conversation/experts/router.ts';
import type { ExpertOf } from '../../../src/main/conversation/experts/types.ts';
import { mcpToolPort, type ToolPort } from '../../../src/main/conversation/tool-port.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { both } from '../../../src/main/packs/text.ts';
import { failureValue } from '../../../src/shared/errors.ts';
import { type ShopMcp, startShopMcp } from '../../fixtures/shop-mcp/server.ts';

/** The shipped packs, found the way the hosts find them. */
const shipped = await loadPacks();
const createPackRegistry = () => shipped;

let shop: ShopMcp;
beforeAll(async () => {
  shop = await startShopMcp();
});
afterAll(async () => {
  await shop.close();
});

describe('expert graph', () => {
  it('routes by pack keywords and goes to the synthesizer when all experts are done', () => {
    const experts = [
      { id: 'travel', keywords: ['flight'], tools: [], referral: both('a', 'a'), pack: 'flights' },
      { id: 'orders', keywords: ['order', 'address'], tools: [], referral: both('b', 'b'), pack: 'orders' },
    ];
    expect(routeQuestion('Does this address exist for my order?', experts)).toEqual(['orders']);
    expect(nextNode(['orders', 'travel'], ['orders'])).toBe('travel');
    expect(nextNode(['orders'], ['orders'])).toBe('synthesizer');
  });

  it('answers from the shop tool (search_address over MCP), never from guesses', async () => {
    const { answer, state } = await runExpertGraph(
      { registry: createPackRegistry(), tools: mcpToolPort(shop.client) },
      '테헤란로 152 주소가 있는 주소인가요?',
      { locale: 'ko', facts: {}, turnId: 't', sessionId: 's' },
    );
    expect(state.activated).toContain('orders');
    expect(state.collected[0]).toMatchObject({ tool: 'search_address', ok: true });
    expect(answer).toContain('서울특별시 강남구 테헤란로 152');
  });

  it('says who to ask when no tool can answer', async () => {
    const { answer, state } = await runExpertGraph(
      { registry: createPackRegistry(), tools: mcpToolPort(shop.client), persona: { name: 'Steward', tone: 'brief' } },
      'What is the meaning of life?',
      { locale: 'en', facts: {}, turnId: 't', sessionId: 's' },
    );
    expect(state.collected).toEqual([]);
    expect(answer).toMatch(/won't guess/);
  });

  it('an expert loop stops after at most three tool iterations', async () => {
    let calls = 0;
    const failing: ToolPort = {
      call: async () => {
        calls++;
        return { ok: false, error: failureValue('TRANSIENT', 'down') };
      },
    };
    const tool = (name: string) => ({ name, description: both(name, name), argsFrom: () => ({}), summarise: () => name });
    const expert: ExpertOf = { id: 'x', keywords: [], referral: both('r', 'r'), pack: 'p', tools: ['a', 'b', 'c', 'd', 'e'].map(tool) };
    const got = await runExpertLoop(
      expert,
      { question: 'q', locale: 'en', context: {}, activated: ['x'], completed: [], collected: [] },
      failing,
      {
        sessionId: 's',
        turnId: 't',
      },
    );
    expect(calls).toBe(MAX_EXPERT_ITERATIONS);
    expect(got.every((c) => !c.ok)).toBe(true);
  });
});
