import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';

export type CdpMethod = keyof ProtocolMapping.Commands;
/** A CDP event name and the parameters its listeners receive. */
export type CdpEvent = keyof ProtocolMapping.Events;
export type CdpEventParams<E extends CdpEvent> = ProtocolMapping.Events[E][0];
export type CdpParams<M extends CdpMethod> = ProtocolMapping.Commands[M]['paramsType'][0];
export type CdpResult<M extends CdpMethod> = ProtocolMapping.Commands[M]['returnType'];

/**
 * The one port every CDP adapter implements: a Chromium pipe/WebSocket connection or
 * Electron's webContents.debugger. Everything above it is identical everywhere.
 * A `sessionId` addresses a flattened child session (Target.attachToTarget flatten:true).
 */
export interface CdpSession {
  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>>;
  /** Subscribe to a protocol event (or '*' for every event). Returns an unsubscribe function. */
  on(event: string, listener: (params: unknown, sessionId?: string, method?: string) => void): () => void;
  /** Called once when the connection is gone (browser exit, detach, socket close). */
  onDisconnect(listener: (reason: string) => void): () => void;
  readonly connected: boolean;
  close(): Promise<void>;
}
