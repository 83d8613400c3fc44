/**
 * Planning: from the slots held, decide whether the brief is ready, ask the one next question
 * if not, and when ready propose a plan (validated against the engine's Plan schema).
 */
import { z } from 'zod';
import { Intent, SlotName } from '../../../shared/commands.ts';
import { Plan } from '../../../shared/plan.ts';
import type { Stage } from '../../../shared/stages.ts';
import { Confidence, type Contract, LocaleTag, Meta, NonEmpty, Trimmed, withMeta } from './meta.ts';

/** The stages in which the planner is asked (before a plan runs). */
export const PLANNER_STAGES = ['CHAT_COLLECTING', 'BRIEF_READY', 'PLANNING'] as const satisfies readonly Stage[];

export const PlanningInput = Meta.extend({
  session_id: NonEmpty,
  stage: z.enum(PLANNER_STAGES),
  user_message: Trimmed,
  intent: Intent,
  slots: z.record(z.string(), z.unknown()),
  required_slots: z.array(SlotName),
  locale: LocaleTag,
  /** Sites the pack may use, name → URL, so a plan never invents an address. */
  sites: z.record(z.string(), z.url()).default({}),
}).strict();
export type PlanningInput = z.infer<typeof PlanningInput>;

export const PlanningBody = z
  .strictObject({
    response_text: NonEmpty,
    slot_updates: z.array(z.strictObject({ slot: SlotName, value: z.unknown(), confidence: Confidence })),
    missing_slots: z.array(SlotName),
    next_question: Trimmed,
    gate: z.strictObject({ ready: z.boolean(), missing_required: z.array(SlotName) }),
    plan: Plan.nullable(),
  })
  .superRefine((o, ctx) => {
    if (o.gate.ready && o.gate.missing_required.length) {
      ctx.addIssue({ code: 'custom', path: ['gate', 'ready'], message: 'gate.ready is true only when nothing required is missing' });
    }
    if (!o.gate.ready && !o.gate.missing_required.length) {
      ctx.addIssue({ code: 'custom', path: ['gate', 'missing_required'], message: 'a brief that is not ready names what is missing' });
    }
    if ((o.gate.missing_required.length || o.missing_slots.length) && !o.next_question) {
      ctx.addIssue({ code: 'custom', path: ['next_question'], message: 'next_question must not be empty while something is missing' });
    }
    if (o.plan && !o.gate.ready) ctx.addIssue({ code: 'custom', path: ['plan'], message: 'a plan only comes with a ready brief' });
  });
export type PlanningBody = z.infer<typeof PlanningBody>;
export const PlanningOutput = withMeta(PlanningBody);

export const planning: Contract<typeof PlanningInput, typeof PlanningBody> = {
  role: 'planning',
  input: PlanningInput,
  body: PlanningBody,
  output: PlanningOutput,
  system: [
    'You are the planner of a web-task assistant. Given the intent and the slots held, say whether the brief is ready.',
    'If something required is missing, list it in gate.missing_required, set gate.ready=false and ask exactly one next_question',
    'about the first missing item; never ask again for a slot that is held. When ready, return a plan whose steps only use',
    'the given sites. Return only the JSON object, no markdown.',
  ].join('\n'),
  check: (input, output) => {
    const problems: string[] = [];
    for (const slot of output.gate.missing_required) {
      if (input.slots[slot] !== undefined) problems.push(`gate.missing_required names "${slot}", which is already held`);
    }
    const missing = input.required_slots.filter((s) => input.slots[s] === undefined && !output.slot_updates.some((u) => u.slot === s));
    if (output.gate.ready && missing.length) problems.push(`gate.ready is true but ${missing.join(', ')} is still missing`);
    if (output.plan) {
      const hosts = new Set(Object.values(input.sites).map((u) => new URL(u).origin));
      output.plan.steps.forEach((step, i) => {
        if (step.type === 'navigate' && !hosts.has(new URL(step.url).origin))
          problems.push(`plan.steps[${i}] navigates to a site not given`);
      });
    }
    return problems;
  },
};
