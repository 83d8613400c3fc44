/** A tool server's command line as `cdt agent run --mcp` and the settings take it. */

/** Splits a command line on spaces, keeping "quoted parts" together. */
export function splitCommand(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Leading NAME=value words are the command's environment; the rest is the command and its arguments. */
export function mcpCommand(words: string[]): { command: string; args: string[]; env: Record<string, string> } | undefined {
  const rest = [...words];
  const env: Record<string, string> = {};
  for (let w = rest[0]; w !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(w); w = rest[0]) {
    rest.shift();
    env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
  }
  const [command, ...args] = rest;
  return command ? { command, args, env } : undefined;
}
