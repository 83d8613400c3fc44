/** The MCP servers saved in settings, started for one conversation; their tools join its runtime. */
import { toErrorValue } from '../../../shared/errors.ts';
import type { Settings } from '../../../shared/ipc/index.ts';
import { registerMcpTools } from '../../tools/mcp/register.ts';
import { connectMcp, type McpConnection } from '../../tools/mcp/source.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import { mcpCommand } from '../mcp-command.ts';

/** This process's environment, for a tool server that gets extra variables on top of it. */
function processEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Starts each server (a server that does not start is logged and left out). */
export async function connectSettingsMcp(
  servers: Settings['mcpServers'],
  runtime: ToolRuntime,
  log?: (line: string) => void,
): Promise<McpConnection[]> {
  const mcp: McpConnection[] = [];
  for (const s of servers) {
    const cmd = mcpCommand([s.command ?? '', ...s.args].filter(Boolean));
    if (!cmd) continue;
    const env = { ...(s.env ?? {}), ...cmd.env };
    try {
      const conn = await connectMcp(s.name, {
        command: cmd.command,
        args: cmd.args,
        ...(Object.keys(env).length ? { env: { ...processEnv(), ...env } } : {}),
      });
      mcp.push(conn);
      registerMcpTools(runtime, s.name, conn.tools);
    } catch (err) {
      log?.(`MCP server ${s.name} did not start: ${toErrorValue(err).message}`);
    }
  }
  return mcp;
}
