/**
 * Settings changes that give code or keys away: an MCP server that runs a command on this
 * computer (new, or with a changed command, arguments or environment), and a model base URL
 * (the stored API key is sent there). Such a change is saved only when the person has seen it:
 * the update carries the exact change keys the settings screen showed and the person confirmed.
 * A client without the screen (or with stale keys) gets APPROVAL_REQUIRED listing the changes.
 */
import { StewardError } from '../../../shared/errors.ts';
import type { Settings } from '../../../shared/ipc/index.ts';

export interface RiskyChange {
  /** What the person confirms, as shown: stable for the same content. */
  key: string;
  kind: 'mcp_command' | 'base_url';
  name?: string;
  command?: string;
  url?: string;
}

type McpServer = Settings['mcpServers'][number];

function commandLine(s: McpServer): string {
  return [s.command ?? '', ...s.args].join(' ').trim();
}

function mcpKey(s: McpServer): string {
  const env = s.env
    ? Object.keys(s.env)
        .sort()
        .map((k) => `${k}=${s.env?.[k]}`)
        .join(' ')
    : '';
  return `mcp:${s.name}:${commandLine(s)}${env ? ` env:${env}` : ''}`;
}

/** The changes of `next` over `current` that need the person's confirmation. */
export function riskyChanges(current: Settings, next: Settings): RiskyChange[] {
  const out: RiskyChange[] = [];
  const known = new Set(current.mcpServers.filter((s) => s.command).map(mcpKey));
  for (const s of next.mcpServers) {
    if (!s.command) continue;
    const key = mcpKey(s);
    if (!known.has(key)) out.push({ key, kind: 'mcp_command', name: s.name, command: commandLine(s) });
  }
  const url = next.provider.baseUrl;
  if (url && url !== current.provider.baseUrl) out.push({ key: `base_url:${url}`, kind: 'base_url', url });
  // the text-to-speech key goes to its own address
  const tts = next.tts?.baseUrl;
  if (tts && tts !== current.tts?.baseUrl && tts !== url) out.push({ key: `base_url:${tts}`, kind: 'base_url', url: tts });
  return out;
}

/** Throws APPROVAL_REQUIRED (with the changes in details) unless every risky change was confirmed. */
export function requireConfirmed(changes: RiskyChange[], confirmed: readonly string[] | undefined): void {
  const ok = new Set(confirmed ?? []);
  const missing = changes.filter((c) => !ok.has(c.key));
  if (!missing.length) return;
  throw new StewardError(
    'APPROVAL_REQUIRED',
    `These settings changes need your confirmation in the settings screen: ${missing
      .map((c) => (c.kind === 'mcp_command' ? `run "${c.command}" (MCP server ${c.name})` : `send the API key to ${c.url}`))
      .join('; ')}.`,
    {
      details: { changes: missing },
      suggestions: ['Open Settings, read the commands and addresses shown, and confirm them there (설정 화면에서 확인해 주세요).'],
    },
  );
}
