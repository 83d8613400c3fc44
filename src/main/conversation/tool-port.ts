/**
 * The tool port: the one door a conversation uses to reach tools.
 * - `runtimeToolPort(runtime)`: every call goes through the tool runtime (policy, the approval
 *   gate's check of a stored approval, timeout, retry, redaction, audit rows).
 * - `mcpToolPort(client)`: an MCP server (e.g. the shop) straight through the official SDK
 *   client, its error results turned into error values: the engine code, and the tool's precise
 *   reason (OTP_EXPIRED, ADDRESS_NOT_FOUND …) in details.reason.
 * - `auditedToolPort(port)` wraps any port with tool-call events.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type ErrorValue, failureValue, reasonOf, toErrorValue } from '../../shared/errors.ts';
import { alternatesOf } from '../tools/mcp/register.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import type { EventSink } from './audit.ts';

export type ToolOutcome = { ok: true; data: Record<string, unknown> } | { ok: false; error: ErrorValue };

export interface ToolCallContext {
  sessionId: string;
  turnId: string;
  /** Why the call is made (shown in the audit). */
  purpose: string;
}

export interface ToolPort {
  call(tool: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolOutcome>;
  /** The same tool on other configured servers, to fall back to when it fails. */
  alternates?(tool: string): string[];
}

export function runtimeToolPort(runtime: ToolRuntime): ToolPort {
  return {
    alternates: (tool) => alternatesOf(runtime, tool),
    async call(tool, args, ctx) {
      try {
        const r = await runtime.call(tool, args, { session_id: ctx.sessionId, turn_id: ctx.turnId, maxAttempts: 2 });
        return { ok: true, data: r.data };
      } catch (e) {
        return { ok: false, error: toErrorValue(e) };
      }
    },
  };
}

function parseText(content: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const c of content) {
    if (c && typeof c === 'object' && (c as { type?: unknown }).type === 'text') {
      try {
        const v = JSON.parse(String((c as { text: unknown }).text));
        if (v && typeof v === 'object') return v as Record<string, unknown>;
      } catch {
        return { message: String((c as { text: unknown }).text) };
      }
    }
  }
  return undefined;
}

/** The error of an MCP tool result: `{error: {code, reason, message, suggestion}}` or a plain text message. */
export function mcpErrorOf(body: Record<string, unknown> | undefined, tool: string): ErrorValue {
  const e = (body?.error && typeof body.error === 'object' ? body.error : body) as Record<string, unknown> | undefined;
  const cls = typeof e?.code === 'string' ? e.code : 'INTERNAL';
  const reason = typeof e?.reason === 'string' ? e.reason : cls;
  const suggestion = typeof e?.suggestion === 'string' ? e.suggestion : undefined;
  const message = typeof e?.message === 'string' ? e.message : `${tool} failed`;
  const details = { class: cls, tool, ...(typeof e?.status === 'number' ? { status: e.status } : {}), ...((e?.details as object) ?? {}) };
  return failureValue(reason, message, details, suggestion);
}

export function mcpToolPort(client: Client): ToolPort {
  return {
    async call(tool, args) {
      try {
        const r = await client.callTool({ name: tool, arguments: args });
        const body = (r.structuredContent as Record<string, unknown> | undefined) ?? parseText(r.content);
        if (r.isError) return { ok: false, error: mcpErrorOf(body, tool) };
        return { ok: true, data: body ?? {} };
      } catch (e) {
        const v = toErrorValue(e);
        const notFound = /not found|unknown tool/i.test(v.message);
        return { ok: false, error: failureValue(notFound ? 'NO_API_FOUND' : v.code, v.message, { tool }) };
      }
    },
  };
}

/** Adds tool_call_started / tool_call_finished events around every call of a port. */
export function auditedToolPort(port: ToolPort, sink: EventSink, now: () => Date = () => new Date()): ToolPort {
  let n = 0;
  return {
    ...(port.alternates ? { alternates: (tool: string) => port.alternates?.(tool) ?? [] } : {}),
    async call(tool, args, ctx) {
      const callId = `tc_${Date.now().toString(36)}_${++n}`;
      const base = { id: `${callId}_s`, session_id: ctx.sessionId, turn_id: ctx.turnId, level: 'info' as const };
      sink({
        ...base,
        ts: now().toISOString(),
        type: 'tool_call_started',
        message: `${tool}: ${ctx.purpose}`,
        data: { tool, call_id: callId, args_keys: Object.keys(args) },
      });
      const t = performance.now();
      const r = await port.call(tool, args, ctx);
      const ms = Math.round(performance.now() - t);
      sink({
        ...base,
        id: `${callId}_f`,
        ts: now().toISOString(),
        type: 'tool_call_finished',
        level: r.ok ? 'info' : 'warn',
        message: `${tool} ${r.ok ? 'ok' : `failed: ${reasonOf(r.error)}`} (${ms} ms)`,
        data: { tool, call_id: callId, ok: r.ok, duration_ms: ms, ...(r.ok ? {} : { error: r.error }) },
      });
      return r;
    },
  };
}
