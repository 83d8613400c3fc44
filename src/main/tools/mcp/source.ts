import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, ErrorCode as McpErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type ErrorCode, StewardError } from '../../../shared/errors.ts';
import type { RuntimeTool } from '../types.ts';

/**
 * The runtime as an MCP client: connect to a tool server the person configured (stdio or any
 * SDK transport), discover its tools with listTools, and register each as a runtime tool.
 * Failures are mapped to the engine's classes (NO_API_FOUND, INVALID_ARG, AUTH_REQUIRED, …).
 */
export interface McpServerConfig {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface McpConnection {
  name: string;
  client: Client;
  tools: RuntimeTool[];
  close(): Promise<void>;
}

export async function connectMcp(
  name: string,
  transport: Transport | McpServerConfig,
  opts: { prefix?: string } = {},
): Promise<McpConnection> {
  const t =
    'command' in transport
      ? new StdioClientTransport({
          command: transport.command,
          args: transport.args ?? [],
          ...(transport.env ? { env: { ...(process.env as Record<string, string>), ...transport.env } } : {}),
          ...(transport.cwd ? { cwd: transport.cwd } : {}),
          stderr: 'pipe',
        })
      : transport;
  const client = new Client({ name: 'steward', version: '0.1.0' });
  try {
    await client.connect(t);
  } catch (e) {
    throw new StewardError('NO_API_FOUND', `Cannot connect to the tool server "${name}": ${(e as Error).message}`, {
      details: { server: name },
      suggestions: ['Check the tool server command in settings and that it starts on its own.'],
      cause: e,
    });
  }
  return { name, client, tools: await mcpRuntimeTools(client, name, opts), close: () => client.close() };
}

/** Every tool the server lists, as runtime tools (input validated by the tool's JSON schema). */
export async function mcpRuntimeTools(client: Client, server: string, opts: { prefix?: string } = {}): Promise<RuntimeTool[]> {
  const tools: RuntimeTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    for (const t of page.tools) {
      let schema: z.ZodType;
      try {
        schema = z.fromJSONSchema(t.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
      } catch {
        schema = z.record(z.string(), z.unknown());
      }
      const readOnly = t.annotations?.readOnlyHint === true;
      tools.push({
        name: `${opts.prefix ?? ''}${t.name}`,
        source: 'mcp',
        description: `[${server}] ${t.description ?? t.title ?? t.name}`,
        schema,
        readOnly,
        idempotent: readOnly || t.annotations?.idempotentHint === true,
        async run(input, ctx) {
          let result: Awaited<ReturnType<Client['callTool']>>;
          try {
            result = await client.callTool({ name: t.name, arguments: input }, undefined, { signal: ctx.signal, timeout: ctx.timeoutMs });
          } catch (e) {
            throw fromMcpError(e, t.name);
          }
          const structured = (result.structuredContent ?? parseText(result.content)) as Record<string, unknown>;
          if (result.isError) throw fromToolError(structured, t.name);
          return { data: structured ?? {}, lines: textOf(result.content) };
        },
      });
    }
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

function textOf(content: unknown): string[] {
  return Array.isArray(content) ? content.filter((c) => c?.type === 'text').map((c) => String(c.text)) : [];
}

function parseText(content: unknown): Record<string, unknown> {
  const text = textOf(content).join('\n');
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : { text };
  } catch {
    return { text };
  }
}

const PASS_THROUGH = new Set<ErrorCode>(['NO_API_FOUND', 'INVALID_ARG', 'AUTH_REQUIRED', 'TRANSIENT', 'TIMEOUT', 'PERMISSION_ERROR']);

/** A tool's `isError` answer → the engine's class (by its code, else by HTTP-like status, else by words). */
export function fromToolError(body: Record<string, unknown> | undefined, tool: string): StewardError {
  const err = (body?.error ?? body ?? {}) as {
    code?: string;
    status?: number;
    message?: string;
    suggestion?: string;
    reason?: string;
    details?: Record<string, unknown>;
  };
  const message = err.message ?? (typeof body?.text === 'string' ? body.text : `${tool} failed`);
  let code: ErrorCode;
  if (err.code && PASS_THROUGH.has(err.code as ErrorCode)) code = err.code as ErrorCode;
  else if (err.status === 404 || /\b404\b|no api|not found/i.test(message)) code = 'NO_API_FOUND';
  else if (err.status === 401 || err.status === 403 || /unauthori[sz]ed|auth(entication)? required|expired token/i.test(message))
    code = 'AUTH_REQUIRED';
  else if (err.status === 400 || err.status === 422 || /invalid|validation/i.test(message)) code = 'INVALID_ARG';
  else if (err.status === 408 || err.status === 504) code = 'TIMEOUT';
  else if (err.status && err.status >= 500) code = 'TRANSIENT';
  else code = 'INVALID_ARG';
  return new StewardError(code, `${tool}: ${message}`, {
    details: { tool, ...(err.reason ? { reason: err.reason } : {}), ...(err.status ? { status: err.status } : {}), ...(err.details ?? {}) },
    ...(err.suggestion ? { suggestions: [err.suggestion] } : {}),
  });
}

export function fromMcpError(e: unknown, tool: string): StewardError {
  if (e instanceof StewardError) return e;
  const code: ErrorCode =
    e instanceof McpError
      ? e.code === McpErrorCode.MethodNotFound
        ? 'NO_API_FOUND'
        : e.code === McpErrorCode.InvalidParams
          ? /not found/i.test(e.message)
            ? 'NO_API_FOUND'
            : 'INVALID_ARG'
          : e.code === McpErrorCode.RequestTimeout
            ? 'TIMEOUT'
            : 'TRANSIENT'
      : 'TRANSIENT';
  return new StewardError(code, `${tool}: ${(e as Error).message}`, { details: { tool }, cause: e });
}
