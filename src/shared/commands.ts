/**
 * What understanding (the offline parser or a model) may say about one utterance: a list of
 * typed commands, in the spirit of Rasa CALM. The model proposes; the state machine decides.
 * Shared by the engine, the CLI and the UI — zod only.
 */
import { z } from 'zod';
import { Locale } from './locale.ts';

// ── intents and slots ──────────────────────────────────────────────────────

/**
 * An intent names a pack's task and a slot one of its inputs. Both are plain names here: the
 * packs found at run time decide which exist (the sanitiser drops a command naming any other),
 * and each pack's slot spec checks the values.
 */
export const Intent = z.string().trim().min(1).max(64);
export type Intent = z.infer<typeof Intent>;
export const SlotName = z.string().trim().min(1).max(64);
export type SlotName = z.infer<typeof SlotName>;

// ── slot value types ───────────────────────────────────────────────────────

export const CURRENCIES = ['KRW', 'USD', 'JPY', 'EUR'] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** An amount of money; `amount` is in whole units of `currency` (30만원 → {amount: 300000, currency: 'KRW'}). */
export const Money = z.strictObject({ amount: z.number().nonnegative(), currency: Currency });
export type Money = z.infer<typeof Money>;

/** A calendar day in the user's time zone. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
/** A wall-clock time. */
export const HourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');
/** An IATA airport or metropolitan-area code (ICN, GMP, NRT, SEL, TYO …). */
export const PlaceCode = z.string().regex(/^[A-Z]{3}$/, 'expected a 3-letter IATA code');

export const Passengers = z.strictObject({
  adults: z.number().int().min(0).max(9),
  children: z.number().int().min(0).max(9),
  infants: z.number().int().min(0).max(9),
});
export type Passengers = z.infer<typeof Passengers>;

export const TimeOfDay = z.enum(['early_morning', 'morning', 'afternoon', 'evening', 'night']);
export type TimeOfDay = z.infer<typeof TimeOfDay>;

/** A departure/check-in time window: either bound may be missing ("after 6pm" → {earliest: '18:00'}). */
export const TimeWindow = z
  .strictObject({ earliest: HourMinute.optional(), latest: HourMinute.optional() })
  .refine((w) => w.earliest !== undefined || w.latest !== undefined, 'a time window needs earliest or latest');
export type TimeWindow = z.infer<typeof TimeWindow>;

export const TripType = z.enum(['one_way', 'round_trip']);
export const ShippingPref = z.enum(['free', 'fast', 'cheapest_total']);
export { Locale } from './locale.ts';

/** Korean mobile/landline digits only, e.g. "01012345678". */
export const Phone = z.string().regex(/^0\d{8,10}$/, 'expected digits of a Korean phone number, e.g. 01012345678');
export const Otp = z.string().regex(/^\d{4,8}$/, 'expected a 4–8 digit code');
/** An order number as the shop prints it, upper-cased (e.g. "ORD-20261201-0042", "A1234567"). */
export const OrderId = z.string().regex(/^[A-Z0-9][A-Z0-9-]{3,31}$/, 'expected an order number');

// ── commands ───────────────────────────────────────────────────────────────

const confidence = z.number().min(0).max(1);

export const StartTask = z.strictObject({ type: z.literal('start_task'), intent: Intent, confidence });
/** A slot value; the pack that owns the slot checks its type when the value is applied. */
export const SetSlot = z.strictObject({ type: z.literal('set_slot'), slot: SlotName, value: z.unknown(), confidence });
export const CorrectSlot = z.strictObject({ type: z.literal('correct_slot'), slot: SlotName, value: z.unknown(), confidence });
export const Confirm = z.strictObject({ type: z.literal('confirm'), confidence });
export const Deny = z.strictObject({ type: z.literal('deny'), confidence });
export const Cancel = z.strictObject({ type: z.literal('cancel'), confidence });
/** Understanding found a value it cannot pin down alone ("서울" → ICN or GMP). */
export const Clarify = z.strictObject({
  type: z.literal('clarify'),
  slot: SlotName,
  options: z.array(z.unknown()).min(2),
  /** The words the person used, e.g. "서울", so a question can quote them. */
  mention: z.string().trim().min(1).optional(),
  confidence,
});
/**
 * The request fits more than one task about equally ("제주 12월 5일": a flight or a stay?): ask which,
 * with the likely tasks best first; the slot commands beside it are kept for the task chosen.
 */
export const ChooseTask = z.strictObject({ type: z.literal('choose_task'), options: z.array(Intent).min(2).max(3), confidence });
export const AskQuestion = z.strictObject({ type: z.literal('ask_question'), text: z.string().trim().min(1), confidence });
export const CannotHandle = z.strictObject({ type: z.literal('cannot_handle'), reason: z.string().trim().min(1), confidence });
export const HandOver = z.strictObject({ type: z.literal('hand_over'), reason: z.string().trim().min(1), confidence });

export const Command = z.discriminatedUnion('type', [
  StartTask,
  SetSlot,
  CorrectSlot,
  Confirm,
  Deny,
  Cancel,
  Clarify,
  ChooseTask,
  AskQuestion,
  CannotHandle,
  HandOver,
]);
export type Command = z.infer<typeof Command>;
export type CommandType = Command['type'];
export const COMMAND_TYPES = [
  'start_task',
  'set_slot',
  'correct_slot',
  'confirm',
  'deny',
  'cancel',
  'clarify',
  'choose_task',
  'ask_question',
  'cannot_handle',
  'hand_over',
] as const satisfies readonly CommandType[];

export const CommandList = z.array(Command);

/** What understanding returns for one utterance (offline parser and model adapter alike). */
export const Understanding = z.strictObject({
  commands: CommandList,
  intent: z.strictObject({ name: Intent, confidence }).optional(),
  slots: z.record(z.string(), z.unknown()),
  locale: Locale,
});
export type Understanding = z.infer<typeof Understanding>;

/** What the conversation is waiting for, passed to understanding so a bare answer fills it. */
export const UnderstandingState = z.strictObject({
  activeIntent: Intent.optional(),
  /** A slot name, or 'confirmation' for a yes/no. */
  expecting: z.string().trim().min(1).max(64).optional(),
  /** Slots already held, so a correction ("ICN 말고 GMP") can find the slot it corrects. */
  slots: z.record(z.string(), z.unknown()).optional(),
});
export type UnderstandingState = z.infer<typeof UnderstandingState>;
