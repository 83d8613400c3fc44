/**
 * Planner: reads one message of the conversation and proposes brief updates, what is still
 * missing, the one next question, and whether the brief is ready. It only proposes: the
 * campaign's stages decide readiness from the brief itself.
 */
import { z } from 'zod';
import type { ModelContract } from '../../../llm/runner.ts';
import { BriefPath, BriefSlots, LIST_PATHS } from './brief.ts';
import { CampaignMeta, Confidence, NonEmpty, withCampaignMeta } from './meta.ts';

export const PlannerInput = CampaignMeta.extend({
  session_id: NonEmpty,
  stage: z.enum(['CHAT_COLLECTING', 'BRIEF_READY']),
  user_message: NonEmpty,
  brief_slots: BriefSlots,
  locale: z.enum(['ko', 'en']),
}).strict();
export type PlannerInput = z.infer<typeof PlannerInput>;

export const SlotUpdate = z
  .strictObject({ path: BriefPath, value: z.union([NonEmpty, z.array(NonEmpty).min(1)]), confidence: Confidence })
  .superRefine((u, ctx) => {
    const list = LIST_PATHS.includes(u.path);
    if (list !== Array.isArray(u.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: list ? `${u.path} takes a list of texts` : `${u.path} takes one text` });
  });

export const PlannerBody = z
  .strictObject({
    response_text: NonEmpty,
    slot_updates: z.array(SlotUpdate),
    missing_slots: z.array(BriefPath),
    next_question: NonEmpty,
    gate: z.strictObject({ ready: z.boolean(), missing_required: z.array(BriefPath) }),
  })
  .superRefine((o, ctx) => {
    if (o.gate.ready && o.gate.missing_required.length)
      ctx.addIssue({ code: 'custom', path: ['gate', 'missing_required'], message: 'gate.ready=true needs an empty missing_required' });
  });
export type PlannerBody = z.infer<typeof PlannerBody>;
export const PlannerOutput = withCampaignMeta(PlannerBody);

export const planner: ModelContract<typeof PlannerInput, typeof PlannerBody, 'planner'> = {
  role: 'planner',
  input: PlannerInput,
  body: PlannerBody,
  system: [
    'You collect a marketing campaign brief in conversation, in the locale given.',
    'From user_message only, propose slot_updates (path, value, confidence 0..1) for what the person actually said;',
    'never invent a product, audience or goal. List missing_slots, ask exactly one next_question about the most',
    'important missing required slot (or, when nothing required is missing, say generation can start without asking again).',
    'gate.ready is true only when no required slot is missing. Return only the JSON object: no markdown, no extra keys.',
  ].join('\n'),
};
