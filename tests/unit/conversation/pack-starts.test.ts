import { beforeAll, describe, expect, it } from 'vitest';
import type { Understand } from '../../../src/main/conversation/turn/types.ts';
import { withPackStarts, withPackUnderstanding } from '../../../src/main/conversation/understanding.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import type { PackRegistry } from '../../../src/main/packs/registry.ts';
import type { Understanding } from '../../../src/shared/commands.ts';

// A pack found by its folder teaches both understandings when to start it: its own phrase beats
// the parser's guess among the tasks it was trained on, and a model's catch-all; the running
// pack's answer to its own question does not start the catch-all task.

let packs: PackRegistry;
beforeAll(async () => {
  packs = await loadPacks([]);
});

const saying =
  (u: Partial<Understanding>): Understand =>
  async () => ({ commands: [], slots: {}, locale: 'en', ...u });
const opts = (state = {}) => ({ now: new Date('2026-02-19T00:00:00Z'), tz: 'Asia/Seoul', state });
const starts = (u: Understanding) =>
  u.commands.filter((c) => c.type === 'start_task').map((c) => (c.type === 'start_task' ? c.intent : ''));

describe('a model understanding with what packs teach', () => {
  it('starts the pack whose phrase the message says when the model started only the catch-all task', async () => {
    const base = saying({
      commands: [{ type: 'start_task', intent: 'GenericTask', confidence: 0.6 }],
      intent: { name: 'GenericTask', confidence: 0.6 },
    });
    const u = await withPackStarts(base, packs)('Make a marketing campaign for Glow X', opts());
    expect(starts(u)).toEqual(['CampaignPlan']);
    expect(u.intent).toEqual({ name: 'CampaignPlan', confidence: 0.9 });
  });
  it('keeps a task the model named (not the catch-all)', async () => {
    const base = saying({
      commands: [{ type: 'start_task', intent: 'FlightSearch', confidence: 0.9 }],
      intent: { name: 'FlightSearch', confidence: 0.9 },
    });
    expect(starts(await withPackStarts(base, packs)('a flight for the marketing team', opts()))).toEqual(['FlightSearch']);
  });
  it('does not leave the running campaign for the catch-all when the message answers its question', async () => {
    const base = saying({
      commands: [{ type: 'start_task', intent: 'GenericTask', confidence: 0.6 }],
      intent: { name: 'GenericTask', confidence: 0.6 },
    });
    const u = await withPackStarts(base, packs)('Glow X', opts({ activeIntent: 'CampaignPlan', expecting: 'product_name' }));
    expect(starts(u)).toEqual([]);
    expect(u.intent).toBeUndefined();
  });
});

describe('the offline understanding with what packs teach', () => {
  it("a pack's own phrase outranks the parser's guess among its trained tasks", async () => {
    const base = saying({
      commands: [{ type: 'start_task', intent: 'ShoppingCompare', confidence: 0.67 }],
      intent: { name: 'ShoppingCompare', confidence: 0.67 },
    });
    expect(starts(await withPackUnderstanding(base, packs)('I need a marketing campaign for Glow X', opts()))).toEqual(['CampaignPlan']);
  });
  it('the answer to the running pack’s question fills that slot instead of starting the catch-all task', async () => {
    const base = saying({
      commands: [{ type: 'start_task', intent: 'GenericTask', confidence: 0.6 }],
      intent: { name: 'GenericTask', confidence: 0.6 },
    });
    const u = await withPackUnderstanding(base, packs)('25-34 직장인', opts({ activeIntent: 'CampaignPlan', expecting: 'target_who' }));
    expect(starts(u)).toEqual([]);
    expect(u.commands).toContainEqual({ type: 'set_slot', slot: 'target_who', value: '25-34 직장인', confidence: 0.9 });
  });
});
