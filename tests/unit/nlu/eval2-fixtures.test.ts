/**
 * The second evaluation set is well-formed by the shared contract (not scored here; that is
 * `npm run bench nlu`): every expected slot has a valid value for its type and is one its intent
 * may carry, dates are real calendar days, and the set covers both languages, every intent and
 * every phenomenon it claims to.
 */
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../bench/nlu-score.ts';
import { checkSlotValue, INTENT_SLOTS, INTENTS, SLOT_NAMES, type SlotName } from '../../../src/shared/commands.ts';

const load = (lang: string) => loadCases(new URL(`../../fixtures/nlu/eval2-${lang}.jsonl`, import.meta.url).pathname);
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

describe.each(['ko', 'en'])('eval2-%s.jsonl', (lang) => {
  const cases = load(lang);

  it('has at least 150 lines with unique ids, each tagged, over all seven intents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) expect(c.phenomena?.length, c.id).toBeGreaterThan(0);
    for (const intent of INTENTS) expect(cases.filter((c) => c.intent === intent).length, intent).toBeGreaterThanOrEqual(8);
    const tags = new Set(cases.flatMap((c) => c.phenomena ?? []));
    for (const tag of REQUIRED_PHENOMENA) expect(tags.has(tag), tag).toBe(true);
  });

  it('expects only valid slot values, allowed for the intent, on real dates', () => {
    for (const c of cases) {
      expect(Number.isNaN(new Date(c.now).getTime()), c.id).toBe(false);
      const intent = c.intent ?? c.state?.activeIntent;
      for (const [slot, value] of Object.entries(c.slots)) {
        expect(SLOT_NAMES, `${c.id} ${slot}`).toContain(slot);
        expect(checkSlotValue(slot as SlotName, value).success, `${c.id} ${slot}=${JSON.stringify(value)}`).toBe(true);
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
