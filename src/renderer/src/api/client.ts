import type { ErrorValue } from '../../../shared/errors.ts';
import type { InvokeChannel, InvokeInput, InvokeOutput, StewardApi } from '../../../shared/ipc/index.ts';
import { connectWebSocketApi } from './ws-client.ts';

/** The transport this renderer uses: the Electron preload's window.steward, else the host's WebSocket. */
export const api: StewardApi = window.steward ?? connectWebSocketApi();

/** An engine error carried through TanStack Query (which wants thrown errors). */
export class EngineError extends Error {
  readonly value: ErrorValue;
  constructor(value: ErrorValue) {
    super(value.message);
    this.value = value;
  }
}

/** invoke() that throws EngineError, for queries and mutations. */
export async function call<C extends InvokeChannel>(channel: C, input: InvokeInput<C>): Promise<InvokeOutput<C>> {
  const r = await api.invoke(channel, input);
  if (!r.ok) throw new EngineError(r.error);
  return r.value;
}
