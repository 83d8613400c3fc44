/**
 * `cdt`: browser control for agents and scripts. JSON envelope on stdout, diagnostics on stderr,
 * exit codes from the error code. Browser commands go to the broker daemon (started on first use);
 * help, --describe, `errors`, `mcp`, `agent` and `plan` run here. The warm path imports no zod and no engine.
 */
import { resolve } from 'node:path';
import type { ErrorCode } from '../shared/errors.ts';
import { parseArgs } from './argv.ts';

const LOCAL = new Set(['errors', 'mcp', 'agent', 'help']);

async function fail(
  code: ErrorCode,
  message: string,
  suggestions: string[],
  output: 'json' | 'text',
  details: Record<string, unknown> = {},
): Promise<number> {
  const { emit, failure } = await import('./output.ts');
  return emit(failure(code, message, { details, suggestions }), { output });
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const [resource, verb, ...rest] = args.positionals;
  const { common } = args;

  if (resource === 'agent' && !common.help) {
    const { runAgentCommand } = await import('./agent/bridge.ts');
    return runAgentCommand(argv.slice(argv.indexOf('agent') + 1));
  }
  if (resource === 'campaign' && !common.help && !common.describe) {
    const { runCampaignCommand } = await import('./campaign/campaign-command.ts');
    return runCampaignCommand(
      argv.filter((_, i) => i !== argv.indexOf('campaign')),
      { stdout: process.stdout, stderr: process.stderr },
    );
  }
  if (resource === 'plan' && !common.help && !common.describe) {
    const { runPlanCommand } = await import('./plan/command.ts');
    return runPlanCommand(
      argv.filter((_, i) => i !== argv.indexOf('plan')),
      { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
    );
  }
  if (!resource || resource === 'help' || common.help) {
    const { printHelp } = await import('./help.ts');
    return printHelp(resource === 'help' ? (verb ?? undefined) : resource, resource === 'help' ? rest[0] : verb);
  }
  if (args.problems.length)
    return fail('USAGE_ERROR', args.problems.join('; '), [`cdt ${resource} ${verb ?? ''} --help`.replace(/ +/g, ' ')], common.output);
  if (common.describe) {
    const { describeCommand } = await import('./describe.ts');
    return describeCommand(resource, verb ?? '', common.output);
  }
  if (LOCAL.has(resource)) {
    if (resource === 'errors') {
      const { printErrors } = await import('./errors-command.ts');
      return printErrors(common.output);
    }
    const headless = common.headless ?? true;
    // Chromium starts first (spawn.ts loads only Node's own modules) and comes up while the
    // server's modules load: start-up costs the longer of the two, not their sum.
    const spawned = common.browserEndpoint
      ? undefined
      : (await import('../main/browser/transport/spawn.ts')).spawnChromium({ headless, profilePrefix: 'cdt-mcp-chrome-' });
    const { runMcpServer } = await import('./mcp/server.ts');
    await runMcpServer({ headless, browserEndpoint: common.browserEndpoint, guard: common.guard, ...(spawned ? { spawned } : {}) });
    return -1;
  }
  if (!verb) return fail('USAGE_ERROR', `cdt ${resource} needs a command.`, [`cdt ${resource} --help`, 'cdt --help'], common.output);
  if (rest.length) {
    return fail('USAGE_ERROR', `Unexpected argument "${rest[0]}": values go in flags.`, [`cdt ${resource} ${verb} --help`], common.output, {
      arguments: rest,
    });
  }

  // loaded here, not at the top: `cdt mcp` starts its Chromium before anything else loads
  const [{ collectCaller }, { callDaemon, DaemonConnectionError }, { diag, newRequestId, writeEnvelope }] = await Promise.all([
    import('./caller.ts'),
    import('./daemon/client.ts'),
    import('./envelope.ts'),
  ]);
  const timeoutMs = common.timeout === undefined ? undefined : Number(common.timeout);
  const id = newRequestId();
  try {
    const res = await callDaemon(
      {
        id,
        op: 'call',
        caller: collectCaller({ shareGroup: common.shareGroup, contextId: common.contextId }),
        call: {
          resource,
          verb,
          flags: args.flags,
          page: common.page,
          timeoutMs,
          headless: common.headless,
          inputFile: common.inputFile ? resolve(common.inputFile) : undefined,
          browserEndpoint: common.browserEndpoint,
          verbose: common.verbose,
          ...(common.debug ? { debug: true } : {}),
          ...(common.guard ? { guard: true } : {}),
        },
      },
      // `cdt daemon status|stop` never starts a daemon just to report on it or stop it.
      { timeoutMs: (timeoutMs ?? 30_000) + 60_000, start: resource !== 'daemon' },
    );
    for (const w of res.warnings ?? [])
      if (w.startsWith('stack: ') ? common.debug : common.verbose || !w.startsWith('internal error')) diag(w);
    if (common.verbose && res.context)
      diag(`context ${res.context.id} (${res.context.resolvedBy}: ${res.context.label}), daemon ${res.envelope.meta.durationMs ?? '?'} ms`);
    writeEnvelope(res.envelope, { output: common.output, fields: common.fields, tty: process.stdout.isTTY, lines: res.lines });
    return res.exitCode;
  } catch (e) {
    if (e instanceof DaemonConnectionError && e.reason === 'not-running') {
      writeEnvelope(
        { ok: true, data: { running: false }, meta: { requestId: id, durationMs: 0 } },
        { output: common.output, tty: process.stdout.isTTY },
      );
      return 0;
    }
    if (e instanceof DaemonConnectionError) {
      return fail('DAEMON_UNAVAILABLE', e.message, [`cdt ${resource} ${verb}`, 'cdt daemon status'], common.output, { reason: e.reason });
    }
    if (common.debug) diag(`stack: ${(e as Error)?.stack ?? String(e)}`);
    return fail('INTERNAL', (e as Error).message, ['Run the same command with --verbose and report the details.'], common.output);
  }
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
}
