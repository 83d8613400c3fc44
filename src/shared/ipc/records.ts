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

/** A request passed to support staff when no tool could carry it out, with the conversation as it stood. */
export const HandOffView = z.object({
  id: z.string(),
  sessionId: z.string(),
  createdAt: z.number(),
  status: z.enum(['open', 'closed']),
  tool: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
  request: z.record(z.string(), z.unknown()),
  conversation: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string(), at: z.string() })),
});
export type HandOffView = z.infer<typeof HandOffView>;
