/**
 * Audit events of one turn: every event carries the session id and the turn's turn_id, is
 * handed to the sink at once — the tool runtime's Audit, the one channel that commits events to
 * the store and hands them to listeners — and is kept for the turn's result.
 * Sensitive slot values (phone, otp, tokens) are masked by the one redact() before anything leaves this file.
 */
import { randomUUID } from 'node:crypto';
import type { EngineEvent, EngineEventType, EventLevel } from '../../shared/events.ts';
import { redact } from '../tools/redact/index.ts';

export type EventSink = (event: EngineEvent) => void;

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
      data: redact(data),
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
