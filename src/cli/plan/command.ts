/**
 * `cdt plan run <plan.json> | --bundle <file> [--plan-id <id>]` runs one plan through the app's
 * engine (zod validation, policy, approval gate, ToolRuntime, SQLite store, verification) and
 * prints one envelope (see report.ts for statuses and exit codes). Progress goes to stderr.
 *
 * `cdt plan show <plan.json> | --bundle <file> [--plan-id <id>]` validates and prints the plan
 * without running it (support staff write a bundle's plan out with it, to edit and replay).
 *
 * Approvals (`--approve`): `ask` when stdin is a terminal, otherwise `never` — a script nobody
 * watches must not grant anything by default; it says so (data.approve_defaulted) and exits 5 at
 * the first gated step. `--approve ask` with piped stdin reads the answers line by line.
 *
 * Each run is a new session in the store. A plan whose id the store already knows runs under
 * `<plan_id>~<session prefix>`, so an earlier run's steps and approvals are never reused.
 */
import { randomUUID } from 'node:crypto';
import { PlanControl } from '../../main/plan/executor/control.ts';
import { runPlan } from '../../main/plan/executor/index.ts';
import { StewardError, toErrorValue } from '../../shared/errors.ts';
import type { Plan } from '../../shared/plan.ts';
import { parseArgs } from '../argv.ts';
import { type Envelope, newRequestId, renderEnvelope } from '../envelope.ts';
import { errorEnvelope, exitCodeOf, okEnvelope } from '../output.ts';
import { type ApproveMode, Approver } from './approver.ts';
import { startPlanEngine } from './engine.ts';
import { approvalReport, envelopeOf, exitCodeOfReport, type RunReport, statusOf, stepReports, textLines } from './report.ts';
import { type PlanSource, planFromBundle, planFromFile } from './source.ts';

export interface PlanIo {
  /** Only the envelope goes here. */
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

const OWN_FLAGS = new Set(['approve', 'bundle', 'plan-id', 'store']);
const APPROVE_MODES: ApproveMode[] = ['ask', 'never', 'all'];

function usage(message: string, suggestions: string[], details: Record<string, unknown> = {}): StewardError {
  return new StewardError('USAGE_ERROR', message, { details, suggestions: [...suggestions, 'cdt plan run --help'] });
}

function flagValue(flags: Record<string, string | true>, name: string): string | undefined {
  const v = flags[name];
  if (v === true) throw usage(`--${name} needs a value.`, [`cdt plan run --${name} <value>`]);
  return v;
}

function sourceOf(rest: string[], flags: Record<string, string | true>, verb: string): PlanSource {
  const bundle = flagValue(flags, 'bundle');
  const planId = flagValue(flags, 'plan-id');
  if (rest.length > 1)
    throw usage(`cdt plan ${verb} takes one plan file, got ${rest.length}.`, [`cdt plan ${verb} ./plan.json`], { arguments: rest });
  if (bundle && rest.length)
    throw usage('Give a plan file or --bundle, not both.', [
      `cdt plan ${verb} ./plan.json`,
      `cdt plan ${verb} --bundle <file> --plan-id <id>`,
    ]);
  if (planId !== undefined && !bundle)
    throw usage('--plan-id picks a plan inside --bundle.', [`cdt plan ${verb} --bundle <file> --plan-id ${planId}`]);
  if (bundle) return planFromBundle(bundle, planId);
  const [file] = rest;
  if (!file)
    throw usage(`cdt plan ${verb} needs a plan file or --bundle.`, [
      `cdt plan ${verb} ./plan.json`,
      `cdt plan ${verb} --bundle <file> --plan-id <id>`,
    ]);
  return planFromFile(file);
}

/** A fresh plan id when the store already has this one (its steps and approvals belong to another run). */
function runPlanId(plan: Plan, known: boolean, sessionId: string): string {
  return known ? `${plan.plan_id}~${sessionId.slice(0, 8)}` : plan.plan_id;
}

export async function runPlanCommand(argv: string[], io: PlanIo): Promise<number> {
  const started = performance.now();
  const meta = () => ({ requestId: newRequestId(), durationMs: Math.round(performance.now() - started) });
  const args = parseArgs(argv);
  const output = args.common.output;
  const [verb, ...rest] = args.positionals;
  const print = (env: Envelope, lines?: string[]) => {
    // in text mode a run that did not complete still lists its steps before the error
    const head = output === 'text' && !env.ok && lines?.length ? `${lines.join('\n')}\n` : '';
    io.stdout.write(head + renderEnvelope(env, { output, tty: io.stdout.isTTY === true, ...(lines ? { lines } : {}) }));
  };
  try {
    if (args.problems.length) throw usage(args.problems.join('; '), []);
    if (verb !== 'run' && verb !== 'show')
      throw usage(`cdt plan needs run or show${verb ? `, not "${verb}"` : ''}.`, ['cdt plan run ./plan.json']);
    const unknown = Object.keys(args.flags).filter((f) => !OWN_FLAGS.has(f));
    if (unknown.length)
      throw usage(
        `Unknown option --${unknown[0]}.`,
        ['Options: --approve, --bundle, --plan-id, --store, and the common --browser-endpoint, --headed, --timeout, --output'],
        {
          options: unknown,
        },
      );
    const approveFlag = flagValue(args.flags, 'approve');
    if (approveFlag !== undefined && !APPROVE_MODES.includes(approveFlag as ApproveMode))
      throw usage(`--approve must be ask, never or all, not "${approveFlag}".`, ['--approve ask', '--approve never', '--approve all']);
    const source = sourceOf(rest, args.flags, verb);
    if (verb === 'show') {
      print(okEnvelope({ plan: source.plan, source: source.origin }, meta()));
      return 0;
    }
    const approve = (approveFlag as ApproveMode | undefined) ?? (io.stdin.isTTY ? 'ask' : 'never');
    return await execute(source, {
      approve,
      defaulted: approveFlag === undefined,
      storePath: flagValue(args.flags, 'store'),
      endpoint: args.common.browserEndpoint,
      headless: args.common.headless !== false,
      timeoutMs: args.common.timeout ? Number(args.common.timeout) : undefined,
      verbose: args.common.verbose,
      io,
      meta,
      print,
    });
  } catch (e) {
    const env = errorEnvelope(e, meta());
    print(env);
    return exitCodeOf(env);
  }
}

interface RunOptions {
  approve: ApproveMode;
  defaulted: boolean;
  storePath: string | undefined;
  endpoint: string | undefined;
  headless: boolean;
  timeoutMs: number | undefined;
  verbose: boolean;
  io: PlanIo;
  meta(): { requestId: string; durationMs: number };
  print(env: Envelope, lines?: string[]): void;
}

async function execute(source: PlanSource, o: RunOptions): Promise<number> {
  const log = (line: string) => o.io.stderr.write(`cdt: ${line}\n`);
  if (o.defaulted)
    log(`approvals: ${o.approve} (${o.approve === 'ask' ? 'stdin is a terminal' : 'stdin is not a terminal; pass --approve to choose'})`);
  const engine = await startPlanEngine({
    ...(o.storePath ? { storePath: o.storePath } : {}),
    ...(o.endpoint ? { browserEndpoint: o.endpoint } : {}),
    headless: o.headless,
    ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    log,
  });
  const { store, runtime } = engine;
  const sessionId = randomUUID();
  const from = source.origin.kind === 'bundle' ? `bundle ${source.origin.path} (session ${source.origin.session_id})` : source.origin.path;
  // one write transaction: two runs of the same plan at once never get the same plan id
  const { plan, known } = store.db.tx(() => {
    const known = Boolean(store.records.getPlan(source.plan.plan_id)) || store.runs.executions(source.plan.plan_id).length > 0;
    const plan: Plan = { ...source.plan, plan_id: runPlanId(source.plan, known, sessionId) };
    store.records.createSession({
      id: sessionId,
      goal: `cdt plan run: ${plan.intent} — ${from}`,
      intent: plan.intent,
      ...(plan.pack ? { pack: plan.pack } : {}),
    });
    store.records.savePlan(sessionId, plan, 'created');
    return { plan, known };
  });
  log(`session ${sessionId}, plan ${plan.plan_id}${known ? ` (a fresh run of ${source.plan.plan_id})` : ''}, store ${engine.storePath}`);
  const control = new PlanControl();
  let unanswered = false;
  const approver = new Approver({
    mode: o.approve,
    runtime,
    sessionId,
    prompt: o.io.stderr,
    ...(o.approve === 'ask' ? { input: o.io.stdin } : {}),
    ...(!o.endpoint && o.headless
      ? {
          handOverNote:
            '이 브라우저는 창이 없습니다: --headed로 다시 실행하세요. The launched browser has no window: run again with --headed to do this yourself.',
        }
      : {}),
    onUnanswered: (a, why) => {
      unanswered = true;
      log(`approval for ${a.step_id} left pending: ${why}`);
      control.cancel(`stopped: the approval for ${a.step_id} was not answered (${why})`);
    },
  });
  const interrupt = () => control.cancel('interrupted (Ctrl-C)');
  process.once('SIGINT', interrupt);
  approver.start();
  let report: RunReport;
  try {
    const outcome = await runPlan(plan, {
      runtime,
      sessionId,
      control,
      artifactsDir: engine.artifactsDir,
      onEvent: (e) => {
        if (e.level !== 'debug' || o.verbose) log(`${e.level === 'info' ? '' : `${e.level}: `}${e.message}`);
      },
    });
    const status = statusOf(outcome, unanswered);
    store.records.updateSession(sessionId, { status });
    report = {
      status,
      plan_id: plan.plan_id,
      source_plan_id: source.plan.plan_id,
      intent: plan.intent,
      source: source.origin,
      session_id: sessionId,
      store: engine.storePath,
      approve: o.approve,
      approve_defaulted: o.defaulted,
      browser: o.endpoint ? { endpoint: o.endpoint } : { launched: true, headless: o.headless },
      stopped_at: status === 'completed' ? null : (outcome.step_id ?? null),
      steps: stepReports(plan, store),
      approvals: store.runs.approvals(sessionId).map(approvalReport),
      verification: outcome.verification ?? null,
      error:
        status === 'failed' || status === 'rejected'
          ? ((outcome.error as RunReport['error'] | undefined) ?? cancelledError(control))
          : null,
    };
  } catch (e) {
    store.records.updateSession(sessionId, { status: 'failed' });
    throw e;
  } finally {
    process.removeListener('SIGINT', interrupt);
    approver.stop();
    await engine.close();
  }
  o.print(envelopeOf(report, o.meta()), textLines(report));
  return exitCodeOfReport(report);
}

function cancelledError(control: PlanControl): RunReport['error'] {
  if (!control.cancelled) return null;
  return toErrorValue(
    new StewardError('STATE_CONFLICT', `The run was stopped: ${control.cancelReason()}.`, { suggestions: ['Run the plan again.'] }),
  );
}
