/** `--help` at every level: `cdt --help`, `cdt <resource> --help`, `cdt <resource> <verb> --help`. Plain text on stdout. */
import { COMMON_OPTIONS, camelToKebab } from './argv.ts';
import { BUILTIN_COMMANDS, builtinFor, commandTree, errorsForTool, RESOURCE_DESCRIPTIONS, toolFor } from './commands.ts';
import { EXIT_CODE_MEANINGS } from './errors-command.ts';
import { exampleCommand, inputJsonSchema } from './tool-input.ts';

const ENVIRONMENT = [
  ['CDT_HOME', 'where the daemon keeps its socket, locks and browser profiles (default ~/.cdt)'],
  ['CDT_CONTEXT_ID', 'the browser context of this caller (set by an agent runtime); wins over --share-group'],
  ['CDT_MAX_SLOTS', 'most browsers the daemon runs at once (default: half the memory at 256 MB each, 4–64)'],
  ['CDT_SLOT_WAIT_MS', 'how long a call waits for a free browser slot when it has no --timeout (default 30 s)'],
  ['CDT_IDLE_MS', 'an idle browser is closed after this long (default 30 min)'],
  ['CDT_FALLBACK_IDLE_MS', 'the same for a fallback (unidentified caller) context (default 2 min)'],
  ['CDT_DAEMON_IDLE_MS', 'the daemon exits after this long with no browsers and no calls (default 60 min)'],
  ['CHROME_PATH', 'the Chromium or Chrome binary to launch'],
];

function topHelp(): string {
  const tree = commandTree();
  const rows = [...tree.entries()].map(([r, verbs]) =>
    verbs.length
      ? `  ${r.padEnd(10)} ${verbs.join('|')}\n  ${''.padEnd(10)} ${RESOURCE_DESCRIPTIONS[r] ?? ''}`
      : `  ${r.padEnd(10)} ${RESOURCE_DESCRIPTIONS[r] ?? ''}`,
  );
  return [
    'cdt — browser control for agents and scripts (Steward)',
    '',
    'Usage: cdt <resource> <command> [--flag value …]',
    '',
    'Resources:',
    ...rows,
    '',
    'Common options:',
    ...Object.entries(COMMON_OPTIONS).map(([k, v]) => `  --${k.padEnd(18)} ${v}`),
    '',
    'Output: one JSON envelope on stdout {"ok":true,"data":…,"meta":…} or {"ok":false,"error":{code,message,details,suggestions},"meta":{retryable}}.',
    'Diagnostics go to stderr. Exit codes:',
    ...Object.entries(EXIT_CODE_MEANINGS).map(([c, m]) => `  ${c.padStart(2)}  ${m}`),
    '',
    'Isolation: each caller gets its own browser without a session id, picked by CDT_CONTEXT_ID,',
    'then --share-group, then the calling agent process (its pid, tty and working directory).',
    'A broker daemon starts on the first call; `cdt daemon stop` stops it.',
    '',
    'Environment:',
    ...ENVIRONMENT.map(([k, v]) => `  ${(k as string).padEnd(21)} ${v}`),
    '',
    'More: cdt <resource> --help · cdt <resource> <command> --help · cdt <resource> <command> --describe · cdt errors',
  ].join('\n');
}

function resourceHelp(resource: string): string | undefined {
  const verbs = commandTree().get(resource);
  if (!verbs) return undefined;
  const lines = verbs.map((v) => {
    const d = toolFor(resource, v)?.description ?? builtinFor(resource, v)?.description ?? '';
    return `  ${v.padEnd(14)} ${d.split('\n')[0]}`;
  });
  const single = builtinFor(resource, '');
  return [
    `cdt ${resource} — ${RESOURCE_DESCRIPTIONS[resource] ?? ''}`,
    '',
    verbs.length ? `Usage: cdt ${resource} <command> [options]` : `Usage: cdt ${resource}`,
    '',
    ...(verbs.length ? ['Commands:', ...lines] : [single?.description ?? '']),
    '',
    `Details: cdt ${resource} <command> --help`,
  ].join('\n');
}

type Prop = { type?: string | string[]; description?: string; enum?: unknown[]; anyOf?: Prop[]; default?: unknown };

function typeName(p: Prop): string {
  if (p.enum) return p.enum.map(String).join('|');
  if (p.anyOf) return p.anyOf.map(typeName).join('|');
  return Array.isArray(p.type) ? p.type.join('|') : (p.type ?? 'json');
}

function commandHelp(resource: string, verb: string): string | undefined {
  const tool = toolFor(resource, verb);
  if (tool) {
    const schema = inputJsonSchema(tool) as { properties?: Record<string, Prop>; required?: string[] };
    const required = new Set(schema.required ?? []);
    const opts = Object.entries(schema.properties ?? {}).map(([k, p]) => {
      const flag = k === 'pageId' ? '--page' : `--${camelToKebab(k)}`;
      return `  ${`${flag} <${typeName(p)}>`.padEnd(34)} ${required.has(k) ? '(required) ' : ''}${p.description ?? ''}`;
    });
    return [
      `cdt ${resource} ${verb} — ${tool.description}`,
      '',
      `Usage: cdt ${resource} ${verb}${[...required].map((k) => ` --${camelToKebab(k)} <value>`).join('')} [options]`,
      `Same as the MCP tool ${tool.name}${tool.readOnly ? ' (read-only)' : ''}.`,
      '',
      'Options:',
      ...(opts.length ? opts : ['  (none)']),
      '  Values are strings, or JSON for numbers, booleans, arrays and objects; --input-file <path> reads them all from a JSON file.',
      '',
      'Common options: --timeout --output --fields --share-group --context-id --describe --verbose (cdt --help)',
      '',
      `Example: ${exampleCommand(tool, tool.example as Record<string, unknown> | undefined)}`,
      `Errors: ${errorsForTool(tool).join(', ')} (cdt errors)`,
    ].join('\n');
  }
  const b = builtinFor(resource, verb);
  if (!b) return undefined;
  return [
    `cdt ${resource} ${verb} — ${b.description}`,
    '',
    ...(b.args ? [`Usage: cdt ${resource} ${verb} ${b.args} [options]`, ''] : []),
    ...(b.flags ? ['Options:', ...Object.entries(b.flags).map(([k, v]) => `  --${k.padEnd(18)} ${v}`), ''] : []),
    ...(b.notes ? [...b.notes, ''] : []),
    'Common options: --headless/--headed --browser-endpoint --share-group --context-id --output (cdt --help)',
    '',
    `Example: ${b.example}`,
    `Errors: ${b.errors.join(', ') || 'none'} (cdt errors)`,
  ].join('\n');
}

/** Prints help for the level asked; unknown names print the nearest level with exit 2. */
export function printHelp(resource?: string, verb?: string): number {
  let text: string | undefined;
  let code = 0;
  if (!resource) text = topHelp();
  else if (!verb)
    text = resourceHelp(resource) ?? (BUILTIN_COMMANDS.some((b) => b.resource === resource) ? commandHelp(resource, '') : undefined);
  else text = commandHelp(resource, verb);
  if (!text) {
    code = 2;
    process.stderr.write(`cdt: unknown command "${[resource, verb].filter(Boolean).join(' ')}"\n`);
    text = (verb && resource ? resourceHelp(resource) : undefined) ?? topHelp();
  }
  process.stdout.write(`${text}\n`);
  return code;
}
