/**
 * The second evaluation set is well-formed by the shared contract (not scored here; that is
 * `npm run bench nlu`): every expected slot has a valid value for its type and is one its intent
 * may carry, dates are real calendar days, and the set covers both languages, every intent and
 * every phenomenon it claims to.
 */
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../../bench/nlu-score.ts';
import { SLOT_TYPES } from '../../../../src/main/packs/shared/slot-types.ts';

const TRAVEL = ['from', 'to', 'date_start', 'date_end', 'trip_type', 'passengers', 'direct_only', 'time_window'];
const COMMON = ['budget_max', 'time_pref'];
/** Which slots each of the seven tasks may carry. */
const INTENT_SLOTS: Record<string, string[]> = {
  FlightSearch: [...COMMON, ...TRAVEL],
  HotelSearch: [...COMMON, ...TRAVEL],
  ShoppingCompare: [...COMMON, 'product_name', 'brand', 'variant', 'price_min', 'price_max', 'shipping_pref'],
  FormFill: [...COMMON, 'form_purpose', 'profile_id', 'fields_override'],
  OrderChange: [...COMMON, 'phone', 'otp', 'order_id', 'address'],
  RefundCancel: [...COMMON, 'phone', 'otp', 'order_id'],
  GenericTask: COMMON,
};
const INTENTS = Object.keys(INTENT_SLOTS);

const load = (file: string) => loadCases(new URL(`../../../fixtures/nlu/${file}`, import.meta.url).pathname);
const REQUIRED_PHENOMENA = [
  'question',
  'non_task',
  'no_trigger',
  'order_id_shape',
  'spoken_date',
  'week_of_month',
  'holiday',
  'date_typo',
  'duration',
  'date_range',
  'number_words',
  'negation',
  'regional_place',
  'correction',
  'near_neighbour',
  'mixed_travellers',
];

describe.each(['eval2-ko.jsonl', 'eval2-en.jsonl', 'eval3-ko.jsonl', 'eval3-en.jsonl'])('%s', (file) => {
  const cases = load(file);

  it('has at least 145 lines with unique ids, each tagged, over all seven intents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(145);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) expect(c.phenomena?.length, c.id).toBeGreaterThan(0);
    for (const intent of INTENTS) expect(cases.filter((c) => c.intent === intent).length, intent).toBeGreaterThanOrEqual(6);
    const tags = new Set(cases.flatMap((c) => c.phenomena ?? []));
    if (file.startsWith('eval2')) for (const tag of REQUIRED_PHENOMENA) expect(tags.has(tag), tag).toBe(true);
  });

  it('expects only valid slot values, allowed for the intent, on real dates', () => {
    for (const c of cases) {
      expect(Number.isNaN(new Date(c.now).getTime()), c.id).toBe(false);
      const intent = c.intent ?? c.state?.activeIntent;
      for (const [slot, value] of Object.entries(c.slots)) {
        const type = SLOT_TYPES[slot];
        expect(type, `${c.id}: unknown slot ${slot}`).toBeDefined();
        expect(type?.safeParse(value).success, `${c.id} ${slot}=${JSON.stringify(value)}`).toBe(true);
        if (intent) expect(INTENT_SLOTS[intent], `${c.id}: ${intent} cannot carry ${slot}`).toContain(slot);
        if (slot === 'date_start' || slot === 'date_end') {
          const d = new Date(`${value as string}T00:00:00Z`);
          expect(d.toISOString().slice(0, 10), c.id).toBe(value);
        }
      }
      if (c.slots.date_start && c.slots.date_end) expect((c.slots.date_end as string) > (c.slots.date_start as string), c.id).toBe(true);
    }
  });
});
