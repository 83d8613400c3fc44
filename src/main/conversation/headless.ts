/**
 * The session runner wired for headless use (`cdt agent run`, scripts): a store, C1's
 * ToolRuntime with the MCP tool servers given (`--mcp "<command>"`) and, when sites are given,
 * a Chromium launched over the CDP pipe with the browser tools registered.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';
import { BrowserDriver } from '../browser/driver.ts';
import { openStore } from '../store/index.ts';
import { browserRuntimeTools } from '../tools/browser-source.ts';
import { connectMcp, type McpConnection } from '../tools/mcp-source.ts';
import { ToolRuntime } from '../tools/runtime.ts';
import { type Conversation, createConversation } from './session.ts';

export interface HeadlessAgentOptions {
  sites: Record<string, string>;
  /** Commands that start MCP tool servers over stdio, e.g. "node tests/fixtures/shop-mcp/stdio.ts"; leading NAME=value words are its environment. */
  mcp: string[];
  store: string;
  now?: Date;
  tz?: string;
  headful?: boolean;
  onEvent?: (e: EngineEvent) => void;
}

/** Splits a command line on spaces, keeping "quoted parts" together. */
export function splitCommand(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

export async function startHeadlessAgent(opts: HeadlessAgentOptions): Promise<{ conv: Conversation; close(): Promise<void> }> {
  const store = openStore(opts.store);
  const runtime = new ToolRuntime({ store });
  const servers: McpConnection[] = [];
  let driver: BrowserDriver | undefined;
  const close = async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    await driver?.close().catch(() => undefined);
    store.close();
  };
  try {
    for (const [i, line] of opts.mcp.entries()) {
      const words = splitCommand(line);
      const env: Record<string, string> = {};
      while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
        const w = words.shift() as string;
        env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
      }
      const [command, ...args] = words;
      if (!command)
        throw new StewardError('USAGE_ERROR', `--mcp needs a command, got "${line}"`, {
          suggestions: ['--mcp "node tests/fixtures/shop-mcp/stdio.ts"'],
        });
      const conn = await connectMcp(`mcp${i + 1}`, { command, args, ...(Object.keys(env).length ? { env } : {}) });
      servers.push(conn);
      runtime.register(...conn.tools);
    }
    if (Object.keys(opts.sites).length) {
      driver = await BrowserDriver.launch({ headless: !opts.headful });
      runtime.register(...browserRuntimeTools({ driver, artifactsDir: mkdtempSync(join(tmpdir(), 'steward-agent-')) }));
    }
  } catch (e) {
    await close();
    throw e;
  }
  const now = opts.now;
  const conv = createConversation({
    store,
    runtime,
    sites: opts.sites,
    understanding: 'offline',
    ...(now ? { now: () => now } : {}),
    ...(opts.tz ? { tz: opts.tz } : {}),
  });
  if (opts.onEvent) conv.onEvent(opts.onEvent);
  return {
    conv,
    close: async () => {
      conv.close();
      await close();
    },
  };
}
