import { StewardError } from '../../shared/errors.ts';
import type { HandOff, Store } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';

type RecordHandlers = Pick<Handlers, 'logs.records' | 'logs.handoffs' | 'logs.closeHandoff'>;

const view = (h: HandOff) => ({
  id: h.id,
  sessionId: h.session_id,
  createdAt: Date.parse(h.created_at),
  status: h.status,
  tool: h.tool,
  error: h.error,
  request: h.request,
  conversation: h.conversation,
});

/** logs.records: a session's goal, intents, slots and summaries as the conversation wrote them; logs.handoffs: support staff's queue. */
export function recordHandlers(store: Store): RecordHandlers {
  return {
    'logs.handoffs': async ({ status }) => store.handoffs.list(status ? { status } : {}).map(view),
    /** Support staff took care of it (outside the app). */
    'logs.closeHandoff': async ({ id }) => view(store.handoffs.close(id, 'support staff (log explorer)')),
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
