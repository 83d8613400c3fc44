/**
 * Saved form profiles in a conversation: each is found by its id, its name, or the word a request
 * uses for it ("회사 프로필로" names the profile called 회사 or Work), and the chip of the profile
 * slot offers the saved ones to choose from.
 */
import type { z } from 'zod';
import type { FormProfile, Locale, SlotChip } from '../../../shared/ipc/index.ts';
import { profileKey } from '../../agent/nlu/forms.ts';
import type { Facts, Pack } from '../../packs/types.ts';
import { slotLabel } from './view.ts';

type Chip = z.infer<typeof SlotChip>;

export interface SavedProfile {
  id: string;
  name: string;
  keys: string[];
}

const SLOT = 'profile_id';

/**
 * The profiles as the session reads them (by every key) and as the view lists them. The one named
 * "default" or "기본" is the default; without one, the first saved.
 */
export function profilesOf(list: FormProfile[]): { profiles: Record<string, Record<string, string>>; saved: SavedProfile[] } {
  const profiles: Record<string, Record<string, string>> = {};
  const saved = list.map((p) => {
    const keys = [...new Set([p.id, profileKey(p.name), p.name.trim().toLowerCase()])];
    for (const k of keys) profiles[k] ??= p.fields;
    return { id: p.id, name: p.name.trim(), keys };
  });
  const first = list[0];
  if (first && !profiles.default) {
    profiles.default = first.fields;
    saved[0]?.keys.push('default');
  }
  return { profiles, saved };
}

/** The profile a task uses (its slot, else the default), by any of its keys. */
export function chosenProfile(facts: Facts, saved: SavedProfile[]): SavedProfile | undefined {
  const wanted = String(facts[SLOT] ?? 'default')
    .trim()
    .toLowerCase();
  return saved.find((p) => p.keys.some((k) => k.toLowerCase() === wanted));
}

/** A task that reads a profile shows which one it uses, and the others to switch to. */
export function withProfileChoice(chips: Chip[], pack: Pack | undefined, facts: Facts, saved: SavedProfile[], locale: Locale): Chip[] {
  if (!pack?.slots.some((s) => s.name === SLOT) || !saved.length) return chips;
  const chosen = chosenProfile(facts, saved);
  const named = facts[SLOT] !== undefined ? String(facts[SLOT]) : undefined;
  const value = chosen?.name ?? named;
  const chip: Chip = {
    name: SLOT,
    label: slotLabel(pack, SLOT, locale),
    required: false,
    ...(value !== undefined ? { value } : {}),
    choices: saved.map((p) => ({ value: p.id, label: p.name })),
  };
  return [...chips.filter((c) => c.name !== SLOT), chip];
}
