/**
 * Audit events of one turn (seed 002 §5): every event carries the session id and the turn's
 * turn_id, is handed to the sink (the store) at once, and is kept for the turn's result.
 * Sensitive slot values (phone, otp, tokens) are masked before anything leaves this file.
 */
import { randomUUID } from 'node:crypto';
import type { EngineEvent, EngineEventType, EventLevel } from '../../shared/events.ts';
import { maskPhone } from '../packs/text.ts';

export type EventSink = (event: EngineEvent) => void;

const SECRET_KEYS = new Set(['otp', 'verification_token', 'customer_verification_token', 'token']);

/** A copy with phones masked and secrets replaced, safe for logs. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEYS.has(k) && v !== undefined && v !== null) out[k] = '***';
    else if (k === 'code' && typeof v === 'string' && /^\d+$/.test(v)) out[k] = '***';
    else if ((k === 'phone' || k.endsWith('_phone')) && typeof v === 'string') out[k] = maskPhone(v);
    else out[k] = redact(v, depth + 1);
  }
  return out;
}

export class TurnAudit {
  readonly sessionId: string;
  readonly turnId: string;
  readonly events: EngineEvent[] = [];
  private readonly sink: EventSink;
  private readonly now: () => Date;

  constructor(sessionId: string, turnId: string, sink: EventSink, now: () => Date = () => new Date()) {
    this.sessionId = sessionId;
    this.turnId = turnId;
    this.sink = sink;
    this.now = now;
  }

  emit(type: EngineEventType, message: string, data: Record<string, unknown> = {}, level: EventLevel = 'info'): EngineEvent {
    const event: EngineEvent = {
      id: randomUUID(),
      session_id: this.sessionId,
      turn_id: this.turnId,
      ts: this.now().toISOString(),
      type,
      level,
      message,
      data: redact(data) as Record<string, unknown>,
    };
    this.events.push(event);
    this.sink(event);
    return event;
  }

  /** Events of this turn of one type (tests and the debug record use it). */
  ofType(type: EngineEventType): EngineEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
