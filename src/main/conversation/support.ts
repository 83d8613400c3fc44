/**
 * Support staff as the last way through: a request no tool could carry out is filed as a
 * hand-off in the store (with the conversation attached), which the log explorer lists; the
 * person is told its id.
 */
import type { Store } from '../store/index.ts';

export interface SupportDesk {
  handOff(h: {
    sessionId: string;
    turnId: string;
    tool: string;
    error: { code: string; message: string };
    request: Record<string, unknown>;
  }): { id: string };
}

export function storeSupportDesk(store: Store): SupportDesk {
  return {
    handOff: (h) => store.handoffs.create({ session_id: h.sessionId, turn_id: h.turnId, tool: h.tool, error: h.error, request: h.request }),
  };
}
