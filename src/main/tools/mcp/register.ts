/**
 * Registering the tools of several MCP servers in one runtime. The first server to offer a name
 * keeps it; a later server offering the same name is registered as `<server>/<name>`, an
 * alternate a flow can fall back to when the first one fails (e.g. a second ticket service).
 */
import type { ToolRuntime } from '../runtime.ts';
import type { RuntimeTool } from '../types.ts';

export function registerMcpTools(runtime: ToolRuntime, server: string, tools: RuntimeTool[]): void {
  for (const t of tools) runtime.register(runtime.has(t.name) ? { ...t, name: `${server}/${t.name}` } : t);
}

/** The other servers' registrations of a tool, in the order they were configured. */
export function alternatesOf(runtime: ToolRuntime, tool: string): string[] {
  return runtime
    .tools()
    .filter((t) => t.source === 'mcp' && t.name.endsWith(`/${tool}`) && t.name.length > tool.length + 1)
    .map((t) => t.name);
}
