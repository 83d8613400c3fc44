/**
 * The campaign brief: what the planner collects in conversation (every value may still be
 * missing) and the normalised brief the later agents get (required values present).
 */
import { z } from 'zod';
import { NonEmpty } from './meta.ts';

export const BRIEF_PATHS = [
  'product.name',
  'product.category',
  'product.features',
  'product.price_band',
  'target.who',
  'target.why',
  'channel.channels',
  'goal.weekly_goal',
] as const;
export const BriefPath = z.enum(BRIEF_PATHS);
export type BriefPath = z.infer<typeof BriefPath>;

/** The brief paths that hold a list of values; the rest hold one text. */
export const LIST_PATHS: readonly BriefPath[] = ['product.features', 'channel.channels'];

/** What must be known before research starts (features and price band are welcome, not required). */
export const REQUIRED_PATHS: readonly BriefPath[] = [
  'product.name',
  'product.category',
  'target.who',
  'target.why',
  'channel.channels',
  'goal.weekly_goal',
];

const Maybe = NonEmpty.nullable();

export const BriefSlots = z.strictObject({
  product: z.strictObject({ name: Maybe, category: Maybe, features: z.array(NonEmpty), price_band: Maybe }),
  target: z.strictObject({ who: Maybe, why: Maybe }),
  channel: z.strictObject({ channels: z.array(NonEmpty) }),
  goal: z.strictObject({ weekly_goal: Maybe }),
});
export type BriefSlots = z.infer<typeof BriefSlots>;

export const BriefNormalized = z.strictObject({
  product: z.strictObject({ name: NonEmpty, category: NonEmpty, features: z.array(NonEmpty), price_band: Maybe }),
  target: z.strictObject({ who: NonEmpty, why: NonEmpty }),
  channel: z.strictObject({ channels: z.array(NonEmpty).min(1, 'at least one channel') }),
  goal: z.strictObject({ weekly_goal: NonEmpty }),
});
export type BriefNormalized = z.infer<typeof BriefNormalized>;

export function emptyBrief(): BriefSlots {
  return {
    product: { name: null, category: null, features: [], price_band: null },
    target: { who: null, why: null },
    channel: { channels: [] },
    goal: { weekly_goal: null },
  };
}

/** The value held at a path (a text, a list, or null). */
export function briefValue(brief: BriefSlots, path: BriefPath): string | string[] | null {
  const [group, key] = path.split('.') as [keyof BriefSlots, string];
  return (brief[group] as Record<string, string | string[] | null>)[key] ?? null;
}

function filled(v: string | string[] | null): boolean {
  return Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v.trim().length > 0;
}

/** Required paths not filled yet, in declaration order. */
export function missingRequired(brief: BriefSlots): BriefPath[] {
  return REQUIRED_PATHS.filter((p) => !filled(briefValue(brief, p)));
}

/** Every path not filled yet (required first). */
export function missingSlots(brief: BriefSlots): BriefPath[] {
  const req = missingRequired(brief);
  return [...req, ...BRIEF_PATHS.filter((p) => !req.includes(p) && !filled(briefValue(brief, p)))];
}

/** A list value from text: "Instagram, YouTube / 틱톡" → three items. */
export function splitList(text: string): string[] {
  return text
    .split(/[,/·、]|\s+(?:and|그리고|및)\s+|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The brief with one value set: a list path takes a list (or text split into one), a text path
 * takes trimmed text; an empty value clears the path. Returns a new brief.
 */
export function setBriefValue(brief: BriefSlots, path: BriefPath, value: unknown): BriefSlots {
  const next = structuredClone(brief);
  const [group, key] = path.split('.') as [keyof BriefSlots, string];
  const target = next[group] as Record<string, string | string[] | null>;
  if (LIST_PATHS.includes(path)) {
    const items = Array.isArray(value) ? value.map((v) => String(v).trim()).filter(Boolean) : splitList(String(value ?? ''));
    target[key] = [...new Set(items)];
  } else {
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value ?? '');
    target[key] = text.trim() || null;
  }
  return next;
}

/** The normalised brief once every required path is filled, else null. */
export function normaliseBrief(brief: BriefSlots): BriefNormalized | null {
  const r = BriefNormalized.safeParse(brief);
  return r.success ? r.data : null;
}
