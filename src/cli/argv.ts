/**
 * Splits `cdt` arguments into positionals (resource, verb) and flags. No schema knowledge here:
 * the daemon maps flags onto the tool's input schema. Light on purpose (client warm path).
 */

/** Options every command accepts. Boolean ones never take a value. */
export const COMMON_OPTIONS = {
  page: 'Page id to act on (default: the selected page).',
  timeout: 'Timeout in milliseconds (also how long the call waits for a free browser slot).',
  output: 'json (default) or text.',
  headless: 'Start the browser headless (session start; default).',
  headed: 'Start the browser with a window (session start).',
  'input-file': 'Read the input as JSON from this file (flags override its fields).',
  fields: 'Return only these fields of each record, e.g. id,url,status.',
  'share-group': 'Share one browser with every caller using the same name.',
  'context-id': 'Operator use: address an existing context by id.',
  'browser-endpoint': 'Attach to an existing or remote browser (ws:// URL) instead of launching one.',
  guard:
    'Turn the approval gate by effect on: an action that would submit or change something on a server is refused (the raw tools are unguarded by default).',
  describe: 'Print the input schema, an example and the error codes, then exit.',
  verbose: 'Diagnostics on stderr.',
  debug: 'On failure, also print the stack trace (and its causes) on stderr.',
  help: 'Explain the command.',
} as const;

const BOOLEAN_FLAGS = new Set(['headless', 'headed', 'describe', 'verbose', 'debug', 'help', 'all', 'guard']);

export interface ParsedArgs {
  positionals: string[];
  /** Tool flags in kebab-case as typed, value string or `true` for a bare flag. */
  flags: Record<string, string | true>;
  common: {
    page?: string;
    timeout?: string;
    output: 'json' | 'text';
    headless?: boolean;
    inputFile?: string;
    fields?: string[];
    shareGroup?: string;
    contextId?: string;
    browserEndpoint?: string;
    describe: boolean;
    verbose: boolean;
    debug: boolean;
    guard: boolean;
    help: boolean;
  };
  /** Problems found while parsing (reported as USAGE_ERROR). */
  problems: string[];
}

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const raw: Record<string, string | true> = {};
  const problems: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i] as string;
    if (tok === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (tok === '-h') {
      raw.help = true;
      continue;
    }
    if (!tok.startsWith('--') || tok.length === 2) {
      positionals.push(tok);
      continue;
    }
    const eq = tok.indexOf('=');
    const name = eq === -1 ? tok.slice(2) : tok.slice(2, eq);
    if (eq !== -1) raw[name] = tok.slice(eq + 1);
    else if (BOOLEAN_FLAGS.has(name)) raw[name] = true;
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) raw[name] = true;
      else {
        raw[name] = next;
        i++;
      }
    }
  }
  const str = (k: string): string | undefined => {
    const v = raw[k];
    delete raw[k];
    if (v === true) {
      problems.push(`--${k} needs a value`);
      return undefined;
    }
    return v;
  };
  const bool = (k: string): boolean => {
    const v = raw[k];
    delete raw[k];
    return v === true || v === 'true';
  };
  const output = str('output') ?? 'json';
  if (output !== 'json' && output !== 'text') problems.push(`--output must be json or text, not "${output}"`);
  const headed = bool('headed');
  const headlessFlag = 'headless' in raw;
  const headless = bool('headless');
  const fields = str('fields');
  const common: ParsedArgs['common'] = {
    page: 'page' in raw ? str('page') : undefined,
    timeout: 'timeout' in raw ? str('timeout') : undefined,
    output: output === 'text' ? 'text' : 'json',
    headless: headed ? false : headlessFlag ? headless : undefined,
    inputFile: 'input-file' in raw ? str('input-file') : undefined,
    fields: fields
      ? fields
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : undefined,
    shareGroup: 'share-group' in raw ? str('share-group') : undefined,
    contextId: 'context-id' in raw ? str('context-id') : undefined,
    browserEndpoint: 'browser-endpoint' in raw ? str('browser-endpoint') : undefined,
    describe: bool('describe'),
    verbose: bool('verbose'),
    debug: bool('debug'),
    guard: bool('guard'),
    help: bool('help'),
  };
  if (common.timeout !== undefined && !/^\d+$/.test(common.timeout))
    problems.push(`--timeout must be a whole number of milliseconds, not "${common.timeout}"`);
  return { positionals, flags: raw, common, problems };
}

export function kebabToCamel(s: string): string {
  return s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToKebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
