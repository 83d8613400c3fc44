/** Routes `cdt agent parse|run|lab` to src/cli/agent/commands.ts (and lab.ts), loaded lazily. */
import { emit, failure } from '../output.ts';

interface AgentCommands {
  agentParse(argv: string[]): Promise<import('../output.ts').CliResult>;
  agentRun(
    argv: string[],
    io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; stdin?: NodeJS.ReadableStream },
  ): Promise<number>;
}

export async function runAgentCommand(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  const output = rest.includes('--output') && rest[rest.indexOf('--output') + 1] === 'text' ? 'text' : 'json';
  if (verb !== 'parse' && verb !== 'run' && verb !== 'lab') {
    return emit(
      failure('USAGE_ERROR', `cdt agent needs parse, run or lab${verb ? `, not "${verb}"` : ''}.`, { suggestions: ['cdt agent --help'] }),
      { output },
    );
  }
  if (verb === 'lab') {
    const lab = (await import('./lab.ts')) as { agentLab(argv: string[]): Promise<import('../output.ts').CliResult> };
    return emit(await lab.agentLab(rest), { output });
  }
  let mod: AgentCommands;
  try {
    const path = './commands.ts';
    mod = (await import(path)) as AgentCommands;
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND';
    return emit(
      failure(
        'INTERNAL',
        missing
          ? 'cdt agent is not available in this build (src/cli/agent/commands.ts is missing).'
          : `cdt agent could not load: ${(e as Error).message}`,
        {
          details: { module: 'src/cli/agent/commands.ts' },
          suggestions: ['Use the browser commands instead: cdt --help', 'Update to a build that includes the agent commands.'],
        },
      ),
      { output },
    );
  }
  if (verb === 'parse') return emit(await mod.agentParse(rest), { output });
  return mod.agentRun(rest, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin });
}
