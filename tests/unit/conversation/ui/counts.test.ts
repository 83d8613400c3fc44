import { describe, expect, it } from 'vitest';
import { slotChips } from '../../../../src/main/conversation/ui/view.ts';
import { loadPacks } from '../../../../src/main/packs/index.ts';

const flights = (await loadPacks()).byIntent('FlightSearch');

describe('the travellers chip', () => {
  it('reads as words in both languages, with one count per traveller type to edit', () => {
    const facts = { from: 'ICN', passengers: { adults: 2, children: 1, infants: 0 } };
    const ko = slotChips(flights, facts, 'ko').find((c) => c.name === 'passengers');
    expect(ko?.value).toBe('성인 2명, 아동 1명');
    expect(ko?.counts).toEqual([
      { key: 'adults', label: '성인', value: 2, min: 1 },
      { key: 'children', label: '아동', value: 1, min: 0 },
      { key: 'infants', label: '유아', value: 0, min: 0 },
    ]);
    const en = slotChips(flights, { passengers: { adults: 1, children: 0, infants: 2 } }, 'en').find((c) => c.name === 'passengers');
    expect(en?.value).toBe('1 adult, 2 infants');
    expect(JSON.stringify(slotChips(flights, facts, 'en'))).not.toContain('{\\"adults');
  });

  it('a chip that is not counts has none', () => {
    expect(slotChips(flights, { from: 'ICN' }, 'ko').find((c) => c.name === 'from')?.counts).toBeUndefined();
  });
});
