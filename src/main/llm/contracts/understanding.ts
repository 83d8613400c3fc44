/**
 * Understanding: one utterance in, the typed commands out — the same commands the offline
 * parser produces, so the state machine never knows which one spoke.
 */
import { z } from 'zod';
import { Command, Intent, UnderstandingState } from '../../../shared/commands.ts';
import { Confidence, type Contract, LocaleTag, Meta, NonEmpty, withMeta } from './meta.ts';

export const UnderstandingInput = Meta.extend({
  session_id: NonEmpty,
  user_message: z.string().trim().min(1).max(4000),
  /** "Today" for relative dates: ISO time and IANA zone. */
  now: z.iso.datetime({ offset: true }),
  tz: NonEmpty,
  locale: LocaleTag.optional(),
  state: UnderstandingState.default({}),
}).strict();
export type UnderstandingInput = z.infer<typeof UnderstandingInput>;

export const UnderstandingBody = z
  .strictObject({
    commands: z.array(Command).min(1, 'at least one command (cannot_handle when nothing fits)'),
    intent: z.strictObject({ name: Intent, confidence: Confidence }).nullable(),
    locale: LocaleTag,
  })
  .superRefine((o, ctx) => {
    const starts = o.commands.filter((c) => c.type === 'start_task');
    if (starts.length > 1) ctx.addIssue({ code: 'custom', path: ['commands'], message: 'at most one start_task' });
    const start = starts[0];
    if (start && start.type === 'start_task' && o.intent?.name !== start.intent) {
      ctx.addIssue({ code: 'custom', path: ['intent'], message: 'intent must name the started task' });
    }
    if (!start && o.intent) ctx.addIssue({ code: 'custom', path: ['intent'], message: 'intent is null when no task starts' });
    if (o.commands.filter((c) => c.type === 'cancel').length > 1) {
      ctx.addIssue({ code: 'custom', path: ['commands'], message: 'at most one cancel' });
    }
  });
export type UnderstandingBody = z.infer<typeof UnderstandingBody>;
export const UnderstandingOutput = withMeta(UnderstandingBody);

export const understanding: Contract<typeof UnderstandingInput, typeof UnderstandingBody> = {
  role: 'understanding',
  input: UnderstandingInput,
  body: UnderstandingBody,
  output: UnderstandingOutput,
  system: [
    'You turn one message of a person into commands for a web-task assistant. You never act; you only describe.',
    'Commands: start_task{intent}, set_slot{slot,value}, correct_slot{slot,value}, confirm, deny, cancel,',
    'clarify{slot,options,mention}, ask_question{text}, cannot_handle{reason}, hand_over{reason}; each with confidence 0..1.',
    'Intents: FlightSearch, HotelSearch, ShoppingCompare, FormFill, OrderChange, RefundCancel, GenericTask.',
    'Normalise values: places to IATA codes (a city with several airports → clarify with the airport codes),',
    'dates to YYYY-MM-DD against "now" in "tz", money to {amount, currency}, travellers to {adults, children, infants},',
    'phone numbers to digits (01012345678). Use state.expecting to read a bare answer; use correct_slot when the person',
    'changes a value already held. A question in the middle of a task is ask_question. Return only the JSON object.',
  ].join('\n'),
};
