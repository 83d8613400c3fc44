import { describe, expect, it } from 'vitest';
import { sanitiseCommands } from '../../../src/main/conversation/sanitiser.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import type { Command } from '../../../src/shared/commands.ts';

/** The shipped packs, found the way the hosts find them. */
const shipped = await loadPacks();
const createPackRegistry = () => shipped;

const registry = createPackRegistry();
const slotsOf = (i: string) => registry.slotsOf(i);
const c = (x: Record<string, unknown>) => ({ confidence: 0.9, ...x }) as Command;

describe('command sanitiser', () => {
  it('drops a slot the running task does not have, with a reason', () => {
    const r = sanitiseCommands([c({ type: 'set_slot', slot: 'from', value: 'ICN' })], { activeIntent: 'OrderChange', slotsOf });
    expect(r.accepted).toEqual([]);
    expect(r.dropped[0]?.reason).toBe('UNKNOWN_SLOT');
  });

  it('keeps slots of a task started in the same turn', () => {
    const r = sanitiseCommands(
      [c({ type: 'start_task', intent: 'OrderChange' }), c({ type: 'set_slot', slot: 'phone', value: '01012345678' })],
      { slotsOf },
    );
    expect(r.accepted.map((x) => x.type)).toEqual(['start_task', 'set_slot']);
  });

  it('keeps a choice between tasks and the slots either task has; drops it while a task runs', () => {
    const cmds = [
      c({ type: 'choose_task', options: ['FlightSearch', 'HotelSearch'] }),
      c({ type: 'set_slot', slot: 'date_start', value: '2026-12-05' }),
      c({ type: 'set_slot', slot: 'phone', value: '01012345678' }),
    ];
    const idle = sanitiseCommands(cmds, { slotsOf });
    expect(idle.accepted.map((x) => x.type)).toEqual(['choose_task', 'set_slot']);
    expect(idle.dropped.map((d) => d.reason)).toEqual(['UNKNOWN_SLOT']);
    const busy = sanitiseCommands(cmds.slice(0, 1), { activeIntent: 'OrderChange', slotsOf });
    expect(busy.dropped[0]?.reason).toBe('TASK_ALREADY_RUNNING');
    const unknown = sanitiseCommands([c({ type: 'choose_task', options: ['FlightSearch', 'NoSuchTask'] })], { slotsOf });
    expect(unknown.dropped[0]?.reason).toBe('UNKNOWN_INTENT');
  });

  it('drops a second cancel and a cancel with nothing running', () => {
    const twice = sanitiseCommands([c({ type: 'cancel' }), c({ type: 'cancel' })], { activeIntent: 'RefundCancel', slotsOf });
    expect(twice.accepted).toHaveLength(1);
    expect(twice.dropped[0]?.reason).toBe('DUPLICATE_CANCEL');
    const idle = sanitiseCommands([c({ type: 'cancel' })], { slotsOf });
    expect(idle.dropped[0]?.reason).toBe('NOTHING_TO_CANCEL');
  });

  it('drops a start of the task already running but accepts another task', () => {
    const same = sanitiseCommands([c({ type: 'start_task', intent: 'OrderChange' })], { activeIntent: 'OrderChange', slotsOf });
    expect(same.dropped[0]?.reason).toBe('TASK_ALREADY_RUNNING');
    const other = sanitiseCommands([c({ type: 'start_task', intent: 'RefundCancel' })], { activeIntent: 'OrderChange', slotsOf });
    expect(other.accepted).toHaveLength(1);
  });

  it('drops yes/no nobody asked for, low confidence, and superseded values', () => {
    const yes = sanitiseCommands([c({ type: 'confirm' })], { slotsOf });
    expect(yes.dropped[0]?.reason).toBe('NOTHING_TO_CONFIRM');
    const low = sanitiseCommands([c({ type: 'start_task', intent: 'OrderChange', confidence: 0.1 })], { slotsOf });
    expect(low.dropped[0]?.reason).toBe('LOW_CONFIDENCE');
    const two = sanitiseCommands(
      [
        c({ type: 'set_slot', slot: 'address', value: '테헤란로 152' }),
        c({ type: 'correct_slot', slot: 'address', value: '세종대로 110' }),
      ],
      { activeIntent: 'OrderChange', slotsOf },
    );
    expect(two.accepted).toHaveLength(1);
    expect((two.accepted[0] as { value: unknown }).value).toBe('세종대로 110');
    expect(two.dropped[0]?.reason).toBe('SUPERSEDED');
  });

  it('drops an intent no pack handles', () => {
    const r = sanitiseCommands([c({ type: 'start_task', intent: 'Teleport' })], { slotsOf });
    expect(r.dropped[0]?.reason).toBe('UNKNOWN_INTENT');
  });
});
