import type { z } from 'zod';
import type { ApprovalKind, Step } from '../../shared/plan.ts';
import type { EffectGuard, HoldEnd } from './effects/effect.ts';

/** Where a tool comes from: the browser driver, an external MCP server, or a capability pack. */
export type ToolSource = 'browser' | 'mcp' | 'pack';

/** One tool the runtime can call. Every action of the engine goes through one of these. */
export interface RuntimeTool {
  name: string;
  source: ToolSource;
  description: string;
  /** Input schema; the runtime validates before anything else. */
  schema: z.ZodType;
  /** Reads only: never gated, always safe to retry. */
  readOnly: boolean;
  /** Safe to repeat after a timeout (navigate, fill, select): the same input gives the same state. */
  idempotent: boolean;
  /** A gate this tool always carries (e.g. an MCP `update_order_shipping_address` → account_change). */
  approval?: ApprovalKind;
  /** Words describing what the input points at (e.g. the snapshot line of a uid), for the policy. */
  describe?(input: Record<string, unknown>): string | undefined;
  /** The gate by effect (browser tools that act): what the live page says the call does, and the network hold while it runs. */
  effects?: EffectGuard;
  run(input: Record<string, unknown>, ctx: ToolRunContext): Promise<ToolOutput>;
  /** Browser tools: follow the requests the browser puts on the wire from now on, until the returned stop is called. */
  watchRequests?(onRequest: (r: SentRequest) => void): () => void;
}

/** A request the browser reported as sent: asked for (CDP requestWillBeSent) and on the wire (its sent headers or a response). */
export interface SentRequest {
  method: string;
  url: string;
  /** Document, XHR, Fetch, Ping… */
  type: string;
}

export interface ToolRunContext {
  signal: AbortSignal;
  timeoutMs: number;
}

export interface ToolOutput {
  data: Record<string, unknown>;
  lines?: string[];
  files?: Array<{ path: string; mimeType: string; sha256?: string; bytes?: number }>;
  snapshot?: string;
}

/** Who is calling and for which plan step; the approval gate binds to the step. */
export interface CallContext {
  session_id: string;
  turn_id?: string;
  plan_id?: string;
  /** The plan step this call acts for. Gated steps are checked against their stored approval. */
  step?: Step;
  step_index?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Upper bound of attempts for retryable error classes (default 3). */
  maxAttempts?: number;
  /**
   * An acting call under the gate: called once when its action returned and the hold asks the
   * page whether it set nothing in motion. Reads begun from it show the page as the call leaves it
   * when the call's `hold` ends 'nothing-in-motion'; otherwise they are to be read again.
   */
  whileHeld?: () => void;
}

export interface CallResult extends ToolOutput {
  tool: string;
  call_id: string;
  attempts: number;
  duration_ms: number;
  /** How the gate's hold after an acting call ended (see `HoldEnd`); unset when no hold watched it. */
  hold?: HoldEnd;
}
