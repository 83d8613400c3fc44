import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseSlot } from '../../../src/main/conversation/commands.ts';
import { loadPacks, packDirsFromEnv } from '../../../src/main/packs/index.ts';
import { splitAddress } from '../../../src/main/packs/orders/pack.ts';
import { checkPack, discoverPacks, PackRegistry } from '../../../src/main/packs/registry.ts';
import { resolveChoice, shopBareAnswer } from '../../../src/main/packs/shared/shop/identity.ts';
import type { DialoguePack } from '../../../src/main/packs/types.ts';

/** The shipped packs, found the way the hosts find them. */
const shipped = await loadPacks();
const builtinPacks = shipped.all();
const createPackRegistry = () => shipped;

describe('capability packs', () => {
  it('discovers every pack folder without a list in the engine', async () => {
    const found = await discoverPacks(fileURLToPath(new URL('../../../src/main/packs/', import.meta.url)));
    const intents = found.map((p) => p.intent).sort();
    expect(intents).toEqual([
      'CampaignPlan',
      'FlightSearch',
      'FormFill',
      'GenericTask',
      'HotelSearch',
      'OrderChange',
      'RefundCancel',
      'ShoppingCompare',
    ]);
    expect(builtinPacks.map((p) => p.intent).sort()).toEqual(intents);
  });

  it("a slot value is checked against the owning pack's slot type when applied", () => {
    const flights = shipped.byIntent('FlightSearch');
    if (!flights) throw new Error('no flights pack');
    expect(normaliseSlot(flights, 'direct_only', 'yes')).toEqual({ ok: false, reason: 'INVALID_VALUE' });
    expect(normaliseSlot(flights, 'direct_only', true)).toEqual({ ok: true, value: true });
    expect(normaliseSlot(flights, 'from', 'icn')).toEqual({ ok: false, reason: 'INVALID_VALUE' });
    expect(normaliseSlot(flights, 'no_such_slot', 'x')).toEqual({ ok: false, reason: 'UNKNOWN_SLOT' });
  });

  it('a deployment adds pack folders with STEWARD_PACKS (separated like PATH)', () => {
    expect(packDirsFromEnv({ STEWARD_PACKS: ['/opt/a', '/opt/b'].join(delimiter) })).toEqual(['/opt/a', '/opt/b']);
    expect(packDirsFromEnv({})).toEqual([]);
  });

  it('every built-in pack is well-formed and has ko and en texts', () => {
    for (const p of builtinPacks) expect(checkPack(p), p.id).toEqual([]);
  });

  it('rejects a pack whose flow calls a tool it does not allow', () => {
    const orders = builtinPacks.find((p) => p.id === 'orders') as DialoguePack;
    const broken: DialoguePack = { ...orders, id: 'broken', intent: 'Broken', allowedTools: ['send_otp'] };
    expect(checkPack(broken).join(' ')).toMatch(/verify_otp is not allowed/);
    expect(() => new PackRegistry([broken])).toThrow(/not valid/);
  });

  it('refuses a second pack for one intent unless replacing (two pack versions)', () => {
    const r = createPackRegistry();
    const orders = r.byIntent('OrderChange') as DialoguePack;
    expect(() => r.register({ ...orders, id: 'orders-v2' })).toThrow(/already has pack/);
    r.register({ ...orders, id: 'orders-v2', version: '2.0.0' }, { replace: true });
    expect(r.byIntent('OrderChange')?.id).toBe('orders-v2');
    expect(r.byId('orders')).toBeUndefined();
  });

  it('orders: the OrderChange flow is exactly the six states of the seed', () => {
    const orders = builtinPacks.find((p) => p.id === 'orders') as DialoguePack;
    expect(orders.flow.map((s) => s.id)).toEqual([
      'await_identity',
      'await_order_selection',
      'await_target_address',
      'await_update_confirm',
      'execute_update',
    ]);
    const refunds = builtinPacks.find((p) => p.id === 'refunds') as DialoguePack;
    expect(refunds.flow.map((s) => s.id)).toEqual([
      'await_identity',
      'await_order_selection',
      'await_refund_confirm',
      'execute_refund_ticket',
    ]);
  });

  it('create_ticket is deferred until the turn the person said yes', () => {
    const refunds = builtinPacks.find((p) => p.id === 'refunds') as DialoguePack;
    const rule = refunds.flow.find((s) => s.id === 'execute_refund_ticket')?.calls?.[0];
    const turn = { turnId: 't2', confirmed: true, denied: false, changed: [] };
    expect(rule?.when({ refund_confirmed_turn: 't1' }, turn)).toBe('DEFERRED_TO_REFUND_CONFIRM');
    expect(rule?.when({ refund_confirmed_turn: 't2' }, turn)).toBe(true);
  });

  it('reads bare answers and splits the unit off an address', () => {
    const orders = [{ order_id: 'ORD-1' }, { order_id: 'ORD-2' }];
    expect(resolveChoice('2', orders)).toBe('ORD-2');
    expect(shopBareAnswer('두 번째 거요', 'order_id', { orders })).toEqual({ order_id: 'ORD-2' });
    expect(shopBareAnswer('인증번호는 123456이요', 'otp', {})).toEqual({ otp: '123456' });
    expect(splitAddress('서울 강남구 테헤란로 152 12층 1203호')).toEqual({ query: '서울 강남구 테헤란로 152', detail: '12층 1203호' });
    expect(splitAddress('한강대로 23길 55')).toEqual({ query: '한강대로 23길 55', detail: '' });
  });
});
