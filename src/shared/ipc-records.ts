import { z } from 'zod';

/**
 * What the log explorer shows of a session's domain records: its goal, the intents each turn was
 * understood to carry, the slots of its task (filled or missing) and the summaries written when
 * a task ended. Only zod here (the renderer imports it through ipc.ts).
 */
export const SessionRecordsView = z.object({
  goal: z.string(),
  intents: z.array(
    z.object({ turnId: z.string().nullable(), intent: z.string(), confidence: z.number(), text: z.string(), ts: z.number() }),
  ),
  slots: z.array(z.object({ key: z.string(), value: z.unknown(), status: z.string() })),
  summaries: z.array(z.object({ turnId: z.string().nullable(), text: z.string(), recommendations: z.array(z.unknown()), ts: z.number() })),
});
export type SessionRecordsView = z.infer<typeof SessionRecordsView>;
