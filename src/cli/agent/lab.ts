/**
 * `cdt agent lab "<question>" [--then "<next line>" …] [--routes legacy,domain_agent,orchestrator]
 *   [--mcp "<command>" …] [--site name=url …] [--store path] [--now ISO] [--tz zone]` — the same
 * question through each laboratory route side by side (old names mk2 = domain_agent,
 * v3 = orchestrator), compared turn by turn on each turn's event bundle (by turn_id). Each route
 * starts its own tool servers from --mcp. Prints the cdt JSON envelope (or text with --output text).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { labEnv } from '../../main/conversation/lab/env.ts';
import { formatLab } from '../../main/conversation/lab/format.ts';
import { resolveRoutes } from '../../main/conversation/lab/routes.ts';
import { runLab } from '../../main/conversation/lab/run.ts';
import { mcpCommand, splitCommand } from '../../main/conversation/mcp-command.ts';
import { loadPacks } from '../../main/packs/index.ts';
import { openStore } from '../../main/store/index.ts';
import { registerMcpTools } from '../../main/tools/mcp/register.ts';
import { connectMcp, type McpConnection } from '../../main/tools/mcp/source.ts';
import { StewardError } from '../../shared/errors.ts';
import { type CliResult, errorEnvelope, okEnvelope } from '../output.ts';

const VALUE = new Set(['--then', '--routes', '--mcp', '--site', '--store', '--now', '--tz', '--output']);

function flags(argv: string[]) {
  const values = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (VALUE.has(name)) {
      const v = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : argv[++i];
      if (v === undefined)
        throw new StewardError('USAGE_ERROR', `${name} needs a value`, { suggestions: [`cdt agent lab "…" ${name} <value>`] });
      values.set(name, [...(values.get(name) ?? []), v]);
    } else if (a.startsWith('--'))
      throw new StewardError('USAGE_ERROR', `Unknown flag ${a}`, { suggestions: ['cdt agent lab "환불해 주세요" --routes legacy,mk2,v3'] });
    else positional.push(a);
  }
  return { values, positional };
}

export async function agentLab(argv: string[]): Promise<CliResult> {
  const started = performance.now();
  let close = async () => {};
  try {
    const f = flags(argv);
    const question = f.positional.join(' ').trim();
    if (!question)
      throw new StewardError('USAGE_ERROR', 'No question given.', {
        suggestions: ['cdt agent lab "환불해 주세요" --then "010-2222-3333"'],
      });
    const routes = resolveRoutes(f.values.get('--routes')?.join(','));
    const sites: Record<string, string> = {};
    for (const s of f.values.get('--site') ?? []) {
      const [name, url] = [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)];
      if (!name || !/^https?:\/\//.test(url))
        throw new StewardError('USAGE_ERROR', `--site needs name=url, got ${s}`, { suggestions: ['--site flights=http://127.0.0.1:4100'] });
      sites[name] = url;
    }
    const servers = (f.values.get('--mcp') ?? []).map((line) => {
      const cmd = mcpCommand(splitCommand(line));
      if (!cmd)
        throw new StewardError('USAGE_ERROR', `--mcp needs a command, got "${line}"`, { suggestions: ['--mcp "npx my-shop-mcp-server"'] });
      return cmd;
    });
    const now = f.values.get('--now')?.at(-1);
    if (now !== undefined && Number.isNaN(Date.parse(now)))
      throw new StewardError('USAGE_ERROR', `--now is not an ISO time: ${now}`, { suggestions: ['--now 2026-12-01T09:00:00+09:00'] });
    const storePath = f.values.get('--store')?.at(-1) ?? ':memory:';
    if (storePath !== ':memory:') mkdirSync(dirname(storePath), { recursive: true });
    const store = openStore(storePath);
    const lab = labEnv({
      store,
      packs: await loadPacks(),
      sites,
      tz: f.values.get('--tz')?.at(-1) ?? 'Asia/Seoul',
      ...(now ? { now: () => new Date(now) } : {}),
      connect: async (runtime) => {
        const conns: McpConnection[] = [];
        for (const [i, cmd] of servers.entries()) {
          const conn = await connectMcp(`mcp${i + 1}`, {
            command: cmd.command,
            args: cmd.args,
            ...(Object.keys(cmd.env).length ? { env: cmd.env } : {}),
          });
          conns.push(conn);
          registerMcpTools(runtime, conn.name, conn.tools);
        }
        return conns;
      },
    });
    close = async () => {
      await lab.close();
      store.close();
    };
    const lines = [question, ...(f.values.get('--then') ?? [])];
    const report = await runLab(lab.env, lines, routes);
    return { ...okEnvelope(report, { durationMs: Math.round(performance.now() - started) }), lines: formatLab(report) };
  } catch (e) {
    return errorEnvelope(e, { durationMs: Math.round(performance.now() - started) });
  } finally {
    await close();
  }
}
