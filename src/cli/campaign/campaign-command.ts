/**
 * `cdt campaign run --brief <brief.json> | --from <run_id> [--sources url,url] [--search <url> --query <words>]
 *   [--locale ko|en] [--provider <p> --model <m> [--base-url <u>]] [--store <db>] [--out <file>]`
 * runs the campaign pipeline (research in a Chromium it launches; strategy, creatives and voice
 * through the model when one is given, its key in STEWARD_API_KEY) and prints the run;
 * `cdt campaign list`, `cdt campaign show <run_id>` and `cdt campaign export <run_id> --out <file>`
 * read the runs in the store (the app's, $STEWARD_HOME/steward.db, by default). `--from` runs again
 * on a stored run's brief and the pages named for it (after a model was set, for a run that had none).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BrowserDriver } from '../../main/browser/driver.ts';
import { createModel, describeModel, ModelSettings } from '../../main/llm/providers.ts';
import { BriefSlots } from '../../main/packs/campaign/contracts/brief.ts';
import { runCampaign } from '../../main/packs/campaign/pipeline.ts';
import { browserCollector } from '../../main/packs/campaign/research/collect.ts';
import { CampaignRuns } from '../../main/packs/campaign/runs.ts';
import { openStore } from '../../main/store/index.ts';
import { browserRuntimeTools } from '../../main/tools/browser-source.ts';
import { ToolRuntime } from '../../main/tools/runtime.ts';
import { StewardError } from '../../shared/errors.ts';
import { parseArgs } from '../argv.ts';
import { type Envelope, renderEnvelope } from '../envelope.ts';
import { errorEnvelope, exitCodeOf, okEnvelope } from '../output.ts';

export interface CampaignIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
}

const FLAGS = new Set([
  'from',
  'brief',
  'sources',
  'search',
  'query',
  'locale',
  'provider',
  'model',
  'base-url',
  'store',
  'out',
  'session',
]);

function usage(message: string): StewardError {
  return new StewardError('USAGE_ERROR', message, {
    suggestions: [
      'cdt campaign run --brief ./brief.json --sources https://example.com/report --locale ko',
      'cdt campaign export <run_id> --out ./campaign.json',
      'cdt campaign --help',
    ],
  });
}

function value(flags: Record<string, string | true>, name: string): string | undefined {
  const v = flags[name];
  if (v === true) throw usage(`--${name} needs a value.`);
  return v;
}

function readBrief(file: string): BriefSlots {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (e) {
    throw new StewardError('FILE_ACCESS', `Cannot read the brief ${file}: ${(e as Error).message}`, {
      suggestions: ['Give a JSON file shaped like {"product":{…},"target":{…},"channel":{…},"goal":{…}}.'],
    });
  }
  const r = BriefSlots.safeParse(raw);
  if (!r.success)
    throw new StewardError(
      'VALIDATION_ERROR',
      `The brief does not match its contract: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      {
        details: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
        suggestions: ['Fix the named fields of the brief file.'],
      },
    );
  return r.data;
}

export async function runCampaignCommand(argv: string[], io: CampaignIo): Promise<number> {
  const started = performance.now();
  const args = parseArgs(argv);
  const env = io.env ?? process.env;
  const print = (e: Envelope) => {
    io.stdout.write(renderEnvelope(e, { output: args.common.output, tty: io.stdout.isTTY === true }));
    return exitCodeOf(e);
  };
  const meta = () => ({ durationMs: Math.round(performance.now() - started) });
  try {
    const [verb, id, ...extra] = args.positionals;
    const unknown = Object.keys(args.flags).filter((f) => !FLAGS.has(f));
    if (args.problems.length || unknown.length || extra.length)
      throw usage(args.problems[0] ?? (unknown.length ? `Unknown option --${unknown[0]}.` : `Unexpected "${extra[0]}".`));
    const storePath = value(args.flags, 'store') ?? join(env.STEWARD_HOME ?? join(homedir(), '.steward'), 'steward.db');
    const store = openStore(storePath);
    try {
      const runs = new CampaignRuns(store);
      if (verb === 'list') return print(okEnvelope({ runs: runs.list() }, meta()));
      if (verb === 'show') {
        if (!id) throw usage('cdt campaign show needs a run id.');
        return print(okEnvelope(runs.require(id), meta()));
      }
      if (verb === 'export') {
        const out = value(args.flags, 'out');
        if (!id || !out) throw usage('cdt campaign export needs a run id and --out <file>.');
        const pkg = runs.exportPackage(id);
        mkdirSync(dirname(resolve(out)), { recursive: true });
        writeFileSync(resolve(out), `${JSON.stringify(pkg, null, 2)}\n`, { mode: 0o600 });
        return print(okEnvelope({ run_id: id, file: resolve(out) }, meta()));
      }
      if (verb !== 'run') throw usage(`cdt campaign needs run, list, show or export${verb ? `, not "${verb}"` : ''}.`);
      const briefFile = value(args.flags, 'brief');
      const from = value(args.flags, 'from');
      if (!briefFile && !from) throw usage('cdt campaign run needs --brief <brief.json> or --from <run_id>.');
      const earlier = from ? runs.require(from).package : undefined;
      const brief = briefFile ? readBrief(briefFile) : BriefSlots.parse(earlier?.brief_summary.brief);
      const named = earlier?.research_snapshot.sources.filter((s) => s.via === 'named').map((s) => s.url) ?? [];
      const locale = value(args.flags, 'locale') === 'en' ? 'en' : 'ko';
      const search = value(args.flags, 'search');
      const sources = {
        urls: [
          ...new Set([
            ...named,
            ...(value(args.flags, 'sources') ?? '')
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ]),
        ],
        ...(search
          ? { search: { url: search, query: value(args.flags, 'query') ?? brief.product.category ?? brief.product.name ?? '' } }
          : {}),
      };
      const provider = value(args.flags, 'provider');
      const raw = provider
        ? {
            provider,
            model: value(args.flags, 'model') ?? '',
            ...(value(args.flags, 'base-url') ? { baseURL: value(args.flags, 'base-url') } : {}),
            ...(env.STEWARD_API_KEY ? { apiKey: env.STEWARD_API_KEY } : {}),
          }
        : undefined;
      // createModel refuses settings it cannot use with the reason and the fix
      const model = raw ? { model: createModel(raw), modelName: describeModel(ModelSettings.parse(raw)) } : undefined;
      const driver = await BrowserDriver.launch({ headless: args.common.headless ?? true });
      try {
        const dir = mkdtempSync(join(tmpdir(), 'cdt-campaign-'));
        const runtime = new ToolRuntime({ store }).register(...browserRuntimeTools({ driver, artifactsDir: dir }));
        const sessionId = value(args.flags, 'session') ?? store.records.createSession({ goal: `campaign: ${brief.product.name ?? ''}` }).id;
        const run = await runCampaign(
          {
            runs,
            collect: browserCollector({ runtime, page: () => driver.page() }),
            ...(model ? { model } : {}),
            artifactsDir: join(dirname(resolve(storePath)), 'artifacts', 'campaign'),
            onStage: (stage) => io.stderr.write(`campaign: ${stage}\n`),
          },
          { sessionId, brief, locale, sources },
        );
        const out = value(args.flags, 'out');
        if (out) writeFileSync(resolve(out), `${JSON.stringify(run.package, null, 2)}\n`, { mode: 0o600 });
        if (run.status === 'failed' && run.error)
          return print(
            errorEnvelope(
              new StewardError(run.error.code, run.error.message, {
                details: { ...run.error.details, run_id: run.run_id },
                suggestions: run.error.suggestions,
              }),
              meta(),
            ),
          );
        return print(
          okEnvelope(
            {
              run_id: run.run_id,
              status: run.status,
              stage: run.stage,
              sources: run.package.research_snapshot.sources.length,
              pending: run.package.kpi_next_actions.pending,
              ...(out ? { file: resolve(out) } : {}),
            },
            meta(),
          ),
        );
      } finally {
        await driver.close();
      }
    } finally {
      store.close();
    }
  } catch (e) {
    return print(errorEnvelope(e, meta()));
  }
}
