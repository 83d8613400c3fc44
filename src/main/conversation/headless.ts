/**
 * A session wired for headless use (`cdt agent run`, scripts): a store, a tool runtime with the
 * MCP tool servers given (`--mcp "<command>"`), the packs found at run time and, when sites are
 * given, a Chromium launched over the CDP pipe with the browser tools registered.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';
import { BrowserDriver } from '../browser/driver.ts';
import { loadPacks } from '../packs/index.ts';
import { openStore } from '../store/index.ts';
import { browserRuntimeTools } from '../tools/browser-source.ts';
import { registerMcpTools } from '../tools/mcp/register.ts';
import { connectMcp, type McpConnection } from '../tools/mcp/source.ts';
import { ToolRuntime } from '../tools/runtime.ts';
import { mcpCommand, splitCommand } from './mcp-command.ts';
import { createSession, type Session } from './session.ts';

export interface HeadlessAgentOptions {
  sites: Record<string, string>;
  /** Commands that start MCP tool servers over stdio, e.g. "npx my-shop-mcp-server" or "TOKEN=… node server.js"; leading NAME=value words are its environment. */
  mcp: string[];
  /** Folders of extra packs (each `<folder>/<name>/pack.ts`), added to the shipped ones. */
  packDirs?: string[];
  store: string;
  now?: Date;
  tz?: string;
  headful?: boolean;
  onEvent?: (e: EngineEvent) => void;
}

export async function startHeadlessAgent(opts: HeadlessAgentOptions): Promise<{ session: Session; close(): Promise<void> }> {
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
      const cmd = mcpCommand(splitCommand(line));
      if (!cmd)
        throw new StewardError('USAGE_ERROR', `--mcp needs a command, got "${line}"`, {
          suggestions: ['--mcp "npx my-shop-mcp-server"'],
        });
      const conn = await connectMcp(`mcp${i + 1}`, {
        command: cmd.command,
        args: cmd.args,
        ...(Object.keys(cmd.env).length ? { env: cmd.env } : {}),
      });
      servers.push(conn);
      registerMcpTools(runtime, conn.name, conn.tools);
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
  const session = createSession({
    store,
    runtime,
    packs: await loadPacks(opts.packDirs),
    sites: opts.sites,
    understanding: 'offline',
    ...(now ? { now: () => now } : {}),
    ...(opts.tz ? { tz: opts.tz } : {}),
  });
  if (opts.onEvent) session.onEvent(opts.onEvent);
  return {
    session,
    close: async () => {
      session.close();
      await close();
    },
  };
}
