/**
 * Scores understanding against a JSONL fixture: intent accuracy (the started task, or none),
 * slot precision/recall/F1 over (slot, value) pairs, slot accuracy (share of the slots expected or
 * produced whose value is right), act accuracy (confirm, deny, clarify:<slot> …) and the share of
 * lines fully right; lines tagged with `phenomena` can be scored per tag.
 */
import { readFileSync } from 'node:fs';
import type { Command, Intent, UnderstandingState } from '../src/shared/commands.ts';

export interface Case {
  id: string;
  text: string;
  now: string;
  tz: string;
  state?: UnderstandingState;
  intent: Intent | null;
  slots: Record<string, unknown>;
  acts: string[];
  /** What makes the line hard (e.g. "holiday", "negation", "order_id_shape"); optional. */
  phenomena?: string[];
}

export interface Prediction {
  commands: Command[];
}

export type Understand = (c: Case) => Prediction;

export interface Score {
  cases: number;
  intentAccuracy: number;
  slotPrecision: number;
  slotRecall: number;
  slotF1: number;
  actAccuracy: number;
  /** Right slots over the union of expected and produced slot names (a wrong value counts once). */
  slotAccuracy: number;
  /** How many slots (expected or produced) slot accuracy was judged on; 0 means it says nothing. */
  slotsJudged: number;
  /** Lines whose intent, slots and acts are all right. */
  fullyRight: number;
  failures: { id: string; text: string; problems: string[] }[];
}

export function loadCases(path: string): Case[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Case);
}

const TEXT_SLOTS = new Set(['product_name', 'brand', 'variant', 'form_purpose', 'address', 'profile_id']);

/** Product names, brands and variants compare without case and spaces. */
export function canonical(slot: string, value: unknown): string {
  if (TEXT_SLOTS.has(slot) && typeof value === 'string') return value.toLowerCase().replace(/[\s,]+/g, '');
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    return JSON.stringify(
      Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k]]),
      ),
    );
  }
  return JSON.stringify(value);
}

export function predictedParts(p: Prediction): { intent: Intent | null; slots: Map<string, string>; acts: string[] } {
  let intent: Intent | null = null;
  const slots = new Map<string, string>();
  const acts: string[] = [];
  for (const c of p.commands) {
    if (c.type === 'start_task') intent ??= c.intent;
    else if (c.type === 'set_slot' || c.type === 'correct_slot') {
      slots.set(c.slot, canonical(c.slot, c.value));
      if (c.type === 'correct_slot') acts.push('correct_slot');
    } else if (c.type === 'clarify') acts.push(`clarify:${c.slot}`);
    else acts.push(c.type);
  }
  return { intent, slots, acts: [...new Set(acts)].sort() };
}

export function score(cases: Case[], understand: Understand): Score {
  let intentOk = 0;
  let actOk = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let slotsRight = 0;
  let slotsSeen = 0;
  let fullyRight = 0;
  const failures: Score['failures'] = [];
  for (const c of cases) {
    const got = predictedParts(understand(c));
    const problems: string[] = [];
    if (got.intent === c.intent) intentOk++;
    else problems.push(`intent ${got.intent} ≠ ${c.intent}`);
    const want = new Map(Object.entries(c.slots).map(([k, v]) => [k, canonical(k, v)]));
    for (const [k, v] of got.slots) {
      if (want.get(k) === v) tp++;
      else {
        fp++;
        problems.push(`slot ${k}=${v}${want.has(k) ? ` ≠ ${want.get(k)}` : ' (unexpected)'}`);
      }
    }
    for (const [k, v] of want) {
      if (got.slots.get(k) !== v) {
        fn++;
        if (!got.slots.has(k)) problems.push(`missing ${k}=${v}`);
      }
    }
    for (const k of new Set([...want.keys(), ...got.slots.keys()])) {
      slotsSeen++;
      if (want.has(k) && want.get(k) === got.slots.get(k)) slotsRight++;
    }
    const wantActs = [...new Set(c.acts)].sort();
    if (JSON.stringify(wantActs) === JSON.stringify(got.acts)) actOk++;
    else problems.push(`acts [${got.acts}] ≠ [${wantActs}]`);
    if (problems.length) failures.push({ id: c.id, text: c.text, problems });
    else fullyRight++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return {
    cases: cases.length,
    intentAccuracy: intentOk / cases.length,
    slotPrecision: precision,
    slotRecall: recall,
    slotF1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    actAccuracy: actOk / cases.length,
    slotAccuracy: slotsSeen ? slotsRight / slotsSeen : 1,
    slotsJudged: slotsSeen,
    fullyRight: fullyRight / cases.length,
    failures,
  };
}

/** The score of each phenomenon tag over the lines that carry it, most frequent tag first. */
export function scoreByPhenomenon(cases: Case[], understand: Understand): { tag: string; score: Score }[] {
  const byTag = new Map<string, Case[]>();
  for (const c of cases) for (const tag of c.phenomena ?? []) byTag.set(tag, [...(byTag.get(tag) ?? []), c]);
  return [...byTag.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([tag, tagged]) => ({ tag, score: score(tagged, understand) }));
}
