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
  /** Flags that take a value (the others are switches), for --describe. */
  valueFlags?: string[];
  /** Positional arguments, e.g. "<plan.json>". */
  args?: string;
  /** More lines for --help (behaviour, statuses, exit codes). */
  notes?: string[];
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
  {
    resource: 'agent',
    verb: 'lab',
    description:
      'Compare the laboratory routes (legacy, domain_agent = mk2, orchestrator = v3) on the same question, turn by turn on each turn’s event bundle.',
    args: '"<question>"',
    flags: {
      'then <line>': 'A follow-up line (repeat for more turns).',
      'routes <list>': 'Comma list of routes; all three by default. Old names mk2 and v3 are accepted.',
      'mcp <command>': 'A tool server each route starts for itself (repeatable).',
      'site <name=url>': 'A site a pack plans on (repeatable).',
    },
    example: 'cdt agent lab "환불해 주세요" --then "010-2222-3333" --routes legacy,mk2,v3',
    errors: ['USAGE_ERROR', 'INTERNAL'],
    local: true,
  },
  {
    resource: 'campaign',
    verb: 'run',
    description:
      'Run the campaign pipeline from a brief file: research in the browser (pages and a search page), then strategy, creatives and voice through the model given (its key in STEWARD_API_KEY); without a model, brief and evidence only.',
    flags: {
      'brief <file>': 'The brief (product, target, channel, goal) as JSON.',
      'from <run_id>': 'Instead of --brief: the brief and named pages of a stored run (run again once a model is set).',
      'sources <urls>': 'Pages to read, comma separated.',
      'search <url>': 'A search page to search with --query.',
      'query <words>': 'What to search for (the product category by default).',
      'locale <ko|en>': 'The language of the package (ko by default).',
      'provider <name>': 'openai, anthropic, google or openai-compatible (with --model, --base-url).',
      'store <db>': 'The store ($STEWARD_HOME/steward.db by default).',
      'out <file>': 'Also write the run package to this file.',
    },
    example: 'cdt campaign run --brief ./brief.json --sources https://example.com/report --locale ko',
    errors: ['USAGE_ERROR', 'VALIDATION_ERROR', 'SCHEMA_VALIDATION_FAILED', 'MODEL_UNAVAILABLE', 'BROWSER_LAUNCH_FAILED'],
    local: true,
  },
  {
    resource: 'campaign',
    verb: 'export',
    description:
      'Write a stored campaign run package to a file (list the runs with `cdt campaign list`, one run with `cdt campaign show <id>`).',
    args: '<run_id>',
    flags: { 'out <file>': 'The file to write.', 'store <db>': 'The store ($STEWARD_HOME/steward.db by default).' },
    example: 'cdt campaign export run_1a2b3c4d5e6f --out ./campaign.json',
    errors: ['USAGE_ERROR', 'CONTEXT_NOT_FOUND'],
    local: true,
  },
  {
    resource: 'plan',
    verb: 'run',
    description:
      'Run a plan file (or a plan from an exported session bundle) through the engine: policy, approval gate, store, verification.',
    args: '<plan.json>',
    flags: {
      'approve <mode>': 'ask | never | all. Default: ask when stdin is a terminal, otherwise never.',
      'bundle <file>': 'Take the plan from a session bundle exported by the log explorer (instead of <plan.json>).',
      'plan-id <id>': 'Which plan of the bundle (needed when it holds more than one).',
      'store <path>': 'The SQLite store (default $STEWARD_HOME/steward.db, STEWARD_HOME default ~/.steward).',
      'browser-endpoint <ws>': 'Drive a running browser (in a new tab) instead of launching Chromium.',
      headed: 'Launch Chromium with a window (to finish a hand-over yourself with --approve ask).',
      'timeout <ms>': 'Time limit of each browser call (default 30000).',
    },
    valueFlags: ['approve', 'bundle', 'plan-id', 'store', 'browser-endpoint', 'timeout'],
    notes: [
      'Prints one envelope: data.status is completed | rejected | failed | awaiting_approval, with data.steps',
      '(per-step status and result), data.approvals (who decided what, as stored) and data.session_id (open it',
      'in the log explorer). Progress goes to stderr. Exit codes: completed 0 (ok: true); otherwise ok: false',
      'with error and the same data — rejected 5 (APPROVAL_DENIED), awaiting_approval 5 (APPROVAL_REQUIRED),',
      "failed: the stopping error's code (e.g. 3 ELEMENT_NOT_FOUND, 4 TIMEOUT, 5 VERIFICATION_FAILED);",
      'a bad plan file or flag exits 2 before any browser starts, naming the failing field paths.',
      '',
      'Approvals: --approve ask asks on the terminal (or reads yes/no/done lines from piped stdin);',
      'never refuses every approval; all grants every one the engine can carry out, recorded as',
      '"cli:--approve all" (a hand-over, where you must type or pay yourself, is never granted by a flag:',
      "the run stops with awaiting_approval). The gate is the app's: a refused step is never sent.",
      'Each run is a new session; a plan id the store already knows runs as <plan_id>~<session prefix>.',
    ],
    example: 'cdt plan run ./plan.json --approve never',
    errors: [
      'USAGE_ERROR',
      'VALIDATION_ERROR',
      'APPROVAL_DENIED',
      'APPROVAL_REQUIRED',
      'VERIFICATION_FAILED',
      'ELEMENT_NOT_FOUND',
      'NAVIGATION_FAILED',
      'TIMEOUT',
      'BROWSER_LAUNCH_FAILED',
      'CDP_DISCONNECTED',
      'INTERNAL',
    ],
    local: true,
  },
  {
    resource: 'plan',
    verb: 'show',
    description: 'Check a plan (file or --bundle/--plan-id) against the schema and print it, without running it.',
    args: '<plan.json>',
    flags: {
      'bundle <file>': 'Take the plan from a session bundle exported by the log explorer.',
      'plan-id <id>': 'Which plan of the bundle.',
    },
    valueFlags: ['bundle', 'plan-id'],
    example: 'cdt plan show --bundle steward-session-1.json | jq .data.plan > plan.json',
    errors: ['USAGE_ERROR', 'VALIDATION_ERROR'],
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
  plan: 'run a plan file through the engine and its approval gate (run, show)',
  campaign: 'the marketing campaign pipeline (run, list, show, export)',
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
