import { StewardError } from '../../shared/errors.ts';
import type { Store } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';

type RecordHandlers = Pick<Handlers, 'logs.records'>;

/** logs.records: a session's goal, intents, slots and summaries as the conversation wrote them. */
export function recordHandlers(store: Store): RecordHandlers {
  return {
    'logs.records': async ({ sessionId }) => {
      const s = store.records.getSession(sessionId);
      if (!s) {
        throw new StewardError('CONTEXT_NOT_FOUND', `No session "${sessionId}".`, {
          suggestions: ['Pick a session from the list.'],
          details: { sessionId },
        });
      }
      return {
        goal: s.goal,
        intents: store.records.intents(sessionId).map((i) => ({
          turnId: i.turn_id,
          intent: i.intent_type,
          confidence: i.confidence,
          text: i.raw_text,
          ts: Date.parse(i.created_at),
        })),
        slots: Object.entries(store.records.slots(sessionId)).map(([key, v]) => ({ key, value: v.value, status: v.status })),
        summaries: store.records.summaries(sessionId).map((x) => ({
          turnId: x.turn_id,
          text: x.text,
          recommendations: Array.isArray(x.recommendations) ? x.recommendations : [],
          ts: Date.parse(x.created_at),
        })),
      };
    },
  };
}
