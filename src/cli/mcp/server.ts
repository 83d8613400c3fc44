/**
 * `cdt mcp`: the browser tools over MCP stdio with the official SDK, under chrome-devtools-mcp's
 * names (new_page, navigate_page, take_snapshot, click, fill, evaluate_script, …) plus the
 * observe/input/wait tools. Results are small; a snapshot follows an action only with includeSnapshot.
 */
import { readFileSync, statSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { browserTools, getBrowserTool, runBrowserTool } from '../../main/browser/tools/index.ts';
import { toErrorValue } from '../../shared/errors.ts';
import { McpBrowser, type McpBrowserOptions } from './browser-session.ts';

const MAX_INLINE_IMAGE = 2 * 1024 * 1024;

/** The tool's own schema; an action without its own includeSnapshot field gets one. */
function inputSchemaOf(schema: z.ZodType, readOnly: boolean): z.ZodType {
  if (readOnly || !(schema instanceof z.ZodObject) || 'includeSnapshot' in schema.shape) return schema;
  return schema.extend({ includeSnapshot: z.boolean().optional().describe('Return a fresh snapshot of the page after the action.') });
}

function errorResult(e: unknown): CallToolResult {
  const v = toErrorValue(e);
  const text = `${v.code}: ${v.message}\n${v.suggestions.map((s) => `- ${s}`).join('\n')}`;
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: { error: { code: v.code, message: v.message, details: v.details, suggestions: v.suggestions } },
  };
}

/**
 * `guard`: the gate by effect on every acting tool (off by default: the raw tools are a
 * developer's). Its modules load while the client connects when it is on, and never when it is off.
 */
export function createMcpServer(browser: McpBrowser, opts: { guard?: boolean } = {}): McpServer {
  const guarded = opts.guard ? import('../../main/tools/effects/guarded-call.ts') : undefined;
  guarded?.catch(() => undefined); // a failed load is reported by the call that needs it
  const run: typeof runBrowserTool = guarded
    ? async (ctx, name, input) => (await guarded).runGuardedBrowserTool(ctx, name, input as Record<string, unknown>)
    : runBrowserTool;
  const server = new McpServer({ name: 'steward-cdt', version: '0.1.0' });
  for (const tool of browserTools) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: inputSchemaOf(tool.schema, tool.readOnly) as z.ZodObject,
        annotations: { readOnlyHint: tool.readOnly, title: `cdt ${tool.cli.resource} ${tool.cli.verb}` },
      },
      async (args: Record<string, unknown>, extra): Promise<CallToolResult> => {
        const ownFlag = tool.schema instanceof z.ZodObject && 'includeSnapshot' in tool.schema.shape;
        const { includeSnapshot, ...rest } = args;
        const input = ownFlag ? args : rest;
        try {
          const ctx = await browser.context(extra.signal);
          const result = await run(ctx, tool.name, input);
          const content: CallToolResult['content'] = [{ type: 'text', text: result.lines.join('\n') || JSON.stringify(result.data) }];
          for (const f of result.files) {
            const size = f.bytes ?? statSync(f.path, { throwIfNoEntry: false })?.size ?? Infinity;
            if (f.mimeType.startsWith('image/') && size <= MAX_INLINE_IMAGE)
              content.push({ type: 'image', data: readFileSync(f.path).toString('base64'), mimeType: f.mimeType });
            else content.push({ type: 'text', text: `Saved ${f.path} (${f.mimeType})` });
          }
          let snapshot = result.snapshot;
          if (includeSnapshot === true && snapshot === undefined && getBrowserTool('take_snapshot')) {
            const pageId = typeof input.pageId === 'string' ? input.pageId : undefined;
            snapshot = (await runBrowserTool(ctx, 'take_snapshot', pageId ? { pageId } : {})).lines.join('\n');
          }
          if (snapshot) content.push({ type: 'text', text: snapshot });
          // Small results: the tool's lines are the answer; the JSON result only when it wrote none.
          return result.lines.length
            ? { content }
            : { content, structuredContent: { ...result.data, ...(result.files.length ? { files: result.files } : {}) } };
        } catch (e) {
          return errorResult(e);
        }
      },
    );
  }
  return server;
}

/** Serves until stdin closes, then closes the browser. */
export async function runMcpServer(opts: McpBrowserOptions): Promise<void> {
  const browser = new McpBrowser(opts);
  const server = createMcpServer(browser, { guard: opts.guard ?? false });
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await browser.close();
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  transport.onclose = () => void shutdown();
  process.stdin.on('end', () => void shutdown());
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown());
  // Start the browser now, while the client is still connecting: the first tool call finds it
  // (nearly) ready. A launch that fails is tried again, and reported, by the first tool call.
  browser.context().catch(() => undefined);
  await server.connect(transport);
  process.stderr.write(`cdt mcp: serving ${browserTools.length} tools on stdio\n`);
}
