/**
 * The `cdt` command tree: generated from the browser tool registry (resource first, verb second,
 * from each tool's `cli` field) plus the broker's own commands. Imports the registry (zod, the
 * driver): used by the daemon, help and --describe, never on the client's warm path.
 */
import type { BrowserTool } from '../main/browser/tool.ts';
import { browserTools } from '../main/browser/tools/index.ts';
import type { ErrorCode } from '../shared/errors.ts';

export interface BuiltinCommand {
  resource: string;
  verb: string;
  description: string;
  /** Flags beyond the common options. */
  flags?: Record<string, string>;
  example: string;
  errors: ErrorCode[];
  /** Runs in the CLI process (not in the daemon). */
  local?: boolean;
}

const CONNECTION: ErrorCode[] = ['DAEMON_UNAVAILABLE', 'INTERNAL'];

export const BUILTIN_COMMANDS: BuiltinCommand[] = [
  {
    resource: 'session',
    verb: 'start',
    description: "Start this caller's browser (own Chromium and profile), or attach to --browser-endpoint.",
    example: 'cdt session start --headed',
    errors: ['BROWSER_LAUNCH_FAILED', 'CDP_DISCONNECTED', 'SLOT_LIMIT_REACHED', 'STATE_CONFLICT', 'CONTEXT_NOT_FOUND', ...CONNECTION],
  },
  {
    resource: 'session',
    verb: 'stop',
    description: "Close this caller's browser and remove its files.",
    example: 'cdt session stop',
    errors: ['CONTEXT_NOT_FOUND', ...CONNECTION],
  },
  {
    resource: 'session',
    verb: 'status',
    description: 'Show which context this call resolves to and its browser; --all lists every context.',
    flags: { all: 'List every context the daemon holds.' },
    example: 'cdt session status --all',
    errors: ['CONTEXT_NOT_FOUND', ...CONNECTION],
  },
  {
    resource: 'session',
    verb: 'restart',
    description: "Close and start this caller's browser again (pages and logs are lost).",
    example: 'cdt session restart',
    errors: ['BROWSER_LAUNCH_FAILED', 'SLOT_LIMIT_REACHED', ...CONNECTION],
  },
  {
    resource: 'daemon',
    verb: 'status',
    description: 'Show the broker daemon: pid, uptime, slots.',
    example: 'cdt daemon status',
    errors: CONNECTION,
  },
  {
    resource: 'daemon',
    verb: 'stop',
    description: 'Close every browser and stop the broker daemon.',
    example: 'cdt daemon stop',
    errors: CONNECTION,
  },
  {
    resource: 'errors',
    verb: '',
    description: 'List every error code with its exit code and meaning.',
    example: 'cdt errors',
    errors: [],
    local: true,
  },
  {
    resource: 'mcp',
    verb: '',
    description: 'Serve the browser tools as an MCP server over stdio.',
    example: 'cdt mcp',
    errors: ['BROWSER_LAUNCH_FAILED'],
    local: true,
  },
  {
    resource: 'agent',
    verb: 'parse',
    description: 'Understand one utterance and print the commands (no browser).',
    example: 'cdt agent parse "ICN에서 NRT 12월 20일 직항"',
    errors: ['VALIDATION_ERROR', 'INTERNAL'],
    local: true,
  },
  {
    resource: 'agent',
    verb: 'run',
    description: 'Run a task end to end from text.',
    example: 'cdt agent run "compare AirPods Pro 2 prices"',
    errors: ['VALIDATION_ERROR', 'APPROVAL_REQUIRED', 'INTERNAL'],
    local: true,
  },
];

export const RESOURCE_DESCRIPTIONS: Record<string, string> = {
  session: 'your browser: start, stop, status, restart',
  page: 'tabs: open, list, use, close, navigate, resize, waits',
  observe: 'structured page state and interactive targets',
  element: 'act on snapshot uids: click, hover, drag, fill, upload',
  input: 'keyboard and mouse by coordinates',
  dialog: 'accept or dismiss JavaScript dialogs',
  runtime: 'evaluate JavaScript',
  capture: 'accessibility snapshot and screenshot',
  console: 'console messages: list, get, wait',
  network: 'network requests: list, get, wait',
  emulation: 'device, network and geolocation emulation',
  trace: 'performance traces and insights',
  daemon: 'the broker daemon',
  errors: 'every error code, exit code and meaning',
  mcp: 'serve the tools over MCP (stdio)',
  agent: 'plain-language tasks (parse, run)',
};

export function toolFor(resource: string, verb: string): BrowserTool | undefined {
  return (browserTools as BrowserTool[]).find((t) => t.cli.resource === resource && t.cli.verb === verb);
}

export function builtinFor(resource: string, verb: string): BuiltinCommand | undefined {
  return BUILTIN_COMMANDS.find((c) => c.resource === resource && c.verb === verb);
}

/** resource → verbs, in registry order. */
export function commandTree(): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  const add = (r: string, v: string) => {
    const verbs = tree.get(r) ?? [];
    if (v && !verbs.includes(v)) verbs.push(v);
    tree.set(r, verbs);
  };
  for (const c of BUILTIN_COMMANDS.filter((b) => b.resource === 'session')) add(c.resource, c.verb);
  for (const t of browserTools as BrowserTool[]) add(t.cli.resource, t.cli.verb);
  for (const c of BUILTIN_COMMANDS.filter((b) => b.resource !== 'session')) add(c.resource, c.verb);
  return tree;
}

/** The error codes a browser tool can return, from its category (a tool may list its own in `errors`). */
export function errorsForTool(tool: BrowserTool): ErrorCode[] {
  const own = (tool as BrowserTool & { errors?: ErrorCode[] }).errors;
  const common: ErrorCode[] = [
    'VALIDATION_ERROR',
    'PAGE_NOT_FOUND',
    'TIMEOUT',
    'DIALOG_OPEN',
    'PROTOCOL_ERROR',
    'CDP_DISCONNECTED',
    'BROWSER_LAUNCH_FAILED',
    'SLOT_LIMIT_REACHED',
    'DAEMON_UNAVAILABLE',
    'INTERNAL',
  ];
  const byCategory: Record<BrowserTool['category'], ErrorCode[]> = {
    pages: ['NAVIGATION_FAILED', 'TARGET_CLOSED'],
    snapshot: [],
    element: ['ELEMENT_NOT_FOUND', 'STALE_UID', 'TARGET_OUT_OF_VIEW', 'TARGET_OBSCURED', 'TARGET_NOT_INTERACTABLE', 'FILE_ACCESS'],
    input: ['TARGET_NOT_INTERACTABLE'],
    dialog: ['DIALOG_NOT_OPEN'],
    runtime: ['STATE_CONFLICT'],
    capture: ['FILE_ACCESS'],
    console: ['MESSAGE_NOT_FOUND'],
    network: ['REQUEST_NOT_FOUND'],
    emulation: [],
    trace: ['STATE_CONFLICT', 'FILE_ACCESS'],
    observe: [],
  };
  return [...new Set([...(own ?? []), ...byCategory[tool.category], ...common])];
}
