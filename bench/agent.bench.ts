/**
 * `npm run bench agent`: acting on unseen sites. For each task of the evaluation set
 * (tests/fixtures/sites/anysite-eval), opens its page in a real Chromium, runs
 * `cdt agent run --browser-endpoint <ws> --page-url <url> --approve all "<request>"` through the
 * real CLI (bin/cdt.mjs), and checks the task's expected outcome against the world: what the
 * fixture server received and what the final page shows — never what the agent says it did.
 * A run that crashes, times out or exits non-zero is a failed task, not a failed bench.
 *
 * Reports the success rate (overall, per language, per kind), steps and time per task, how often
 * the CLI claimed success the world does not show, whether the gate asked on the tasks that
 * submit or pay, and — re-running the tasks that succeeded with the same CDT_HOME — the replay
 * speed-up from the trace cache.
 *
 * All runs share one CDT_HOME and one `--store` database (the trace cache lives there).
 *
 * Environment: AGENT_BENCH_ONLY=<id or site,…> runs a subset; AGENT_BENCH_TIMEOUT_MS (default
 * 90000) per run; AGENT_BENCH_REPLAY=0 skips the second pass; AGENT_BENCH_REFERENCE=1 first does
 * every task by hand through Playwright (the reference: it must be 100%).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { chromiumFlags, findChromium } from '../src/main/browser/chromium-path.ts';
import { runByHand } from '../tests/fixtures/sites/anysite-eval/by-hand.ts';
import { checkExpectations } from '../tests/fixtures/sites/anysite-eval/predicates.ts';
import { type EvalSites, startEvalSites } from '../tests/fixtures/sites/anysite-eval/server.ts';
import { type EvalTask, loadTasks } from '../tests/fixtures/sites/anysite-eval/tasks.ts';
import { type Metrics, median, metric, printRows } from './report.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const CDT = join(ROOT, 'bin/cdt.mjs');
/** The evaluation's "today": the in-repo set assumes 2026-12-01; an outside set may name its own day. */
const NOW = process.env.AGENT_EVAL_NOW ?? '2026-12-01T09:00:00+09:00';
const TZ = 'Asia/Seoul';

interface RunResult {
  id: string;
  ok: boolean;
  exit: number;
  claimed: boolean;
  steps: number;
  approvals: number;
  ms: number;
  why: string;
}

async function launch(): Promise<{ proc: ChildProcess; endpoint: string; profile: string }> {
  const path = findChromium();
  if (!path) throw new Error('Chromium not found (set CHROME_PATH)');
  const profile = mkdtempSync(join(tmpdir(), 'agent-bench-'));
  const proc = spawn(path, [...chromiumFlags({ userDataDir: profile }), '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let buf = '';
    proc.stderr?.setEncoding('utf8');
    proc.stderr?.on('data', (c: string) => {
      buf += c;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m) resolve(m[1] as string);
    });
    proc.once('exit', () => reject(new Error(`chromium exited: ${buf.slice(-500)}`)));
  });
  // never leave the browser behind, even when the bench stops early
  process.once('exit', () => proc.kill('SIGKILL'));
  return { proc, endpoint, profile };
}

function runCli(args: string[], home: string, timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CDT, ...args],
      { env: { ...process.env, CDT_HOME: home }, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 124) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

/** Counts the steps (step_started, else tool calls) and approval requests in the CLI's JSON lines. */
function tally(stdout: string): { steps: number; approvals: number } {
  let steps = 0;
  let tools = 0;
  let approvals = 0;
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const o = JSON.parse(line) as { kind?: string; type?: string };
      if (o.type === 'step_started') steps++;
      else if (o.type === 'tool_call_started') tools++;
      else if (o.type === 'approval_requested') approvals++;
    } catch {
      // not a JSON line
    }
  }
  return { steps: steps || tools, approvals };
}

/** Why the CLI stopped, from its last status line (its error, failure or message), else its last stderr line. */
function reason(stdout: string, stderr: string): string {
  for (const line of stdout.split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const o = JSON.parse(line) as {
        kind?: string;
        status?: string;
        message?: string;
        error?: { code?: string; message?: string };
        failure?: { code?: string; message?: string };
      };
      if (o.kind !== 'status' && !o.error) continue;
      const e = o.error ?? o.failure;
      return (e ? `${e.code ?? ''} ${e.message ?? ''}` : `${o.status ?? ''} ${o.message ?? ''}`).trim().slice(0, 200);
    } catch {
      // not a JSON line
    }
  }
  return stderr.trim().split('\n').at(-1)?.slice(0, 200) ?? '';
}

/** The page the task ended on: the one it started on if still open, else the newest page of its origin. */
function finalPage(browser: Browser, started: Page, origin: string): Page | undefined {
  if (!started.isClosed()) return started;
  return browser
    .contexts()
    .flatMap((c) => c.pages())
    .filter((p) => p.url().startsWith(origin))
    .at(-1);
}

async function runTask(
  task: EvalTask,
  sites: EvalSites,
  browser: Browser,
  endpoint: string,
  home: string,
  timeoutMs: number,
): Promise<RunResult> {
  sites.reset();
  const origin = sites.urls[task.site] as string;
  const url = origin + task.path;
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(url);
  const t0 = performance.now();
  const args = [
    'agent',
    'run',
    '--browser-endpoint',
    endpoint,
    '--page-url',
    url,
    '--approve',
    'all',
    '--now',
    NOW,
    '--tz',
    TZ,
    task.request,
  ];
  const r = await runCli(args, home, timeoutMs);
  const ms = performance.now() - t0;
  await page.waitForLoadState('load', { timeout: 5000 }).catch(() => {});
  const failed = await checkExpectations(task.expect, sites.log(), finalPage(browser, page, origin), task.site);
  const { steps, approvals } = tally(r.stdout);
  // what the site did receive after the page load, so a miss can be told from a wrong value
  const seen = sites
    .log(task.site)
    .slice(1)
    .slice(-3)
    .map((e) => `${e.method} ${e.path} ${JSON.stringify({ ...e.query, ...e.body }).slice(0, 120)}`);
  for (const p of context.pages()) if (p.url().startsWith(origin)) await p.close().catch(() => {});
  const err = r.code === 0 ? '' : reason(r.stdout, r.stderr);
  return {
    id: task.id,
    ok: failed.length === 0,
    exit: r.code,
    claimed: r.code === 0,
    steps,
    approvals,
    ms,
    why: [
      ...failed,
      ...(err ? [`exit ${r.code}: ${err}`] : []),
      ...(r.code === 0 && failed.length ? ['the CLI said it was done'] : []),
      ...(failed.length && seen.length ? [`the site received: ${seen.join(' | ')}`] : []),
    ].join('; '),
  };
}

async function reference(tasks: EvalTask[], sites: EvalSites, browser: Browser): Promise<number> {
  let ok = 0;
  for (const task of tasks) {
    sites.reset();
    const context = await browser.newContext();
    const page = await context.newPage();
    const origin = sites.urls[task.site] as string;
    try {
      await page.goto(origin + task.path);
      await runByHand(page, origin, task.byHand);
      for (let i = 0; i < 50; i++) {
        if (!(await checkExpectations(task.expect, sites.log(), page, task.site)).length) {
          ok++;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } catch (error) {
      console.error(`reference ${task.id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    await context.close();
  }
  return ok;
}

/** The kind of each site from the page set's README table (`| site | kind | lang | … |`), when it has one. */
function siteKinds(): Map<string, string> {
  const dir = process.env.AGENT_EVAL_DIR ?? join(ROOT, 'tests/fixtures/sites/anysite-eval');
  const out = new Map<string, string>();
  let text = '';
  try {
    text = readFileSync(join(dir, 'README.md'), 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length >= 4 && cells[1] && cells[2] && !/^-+$/.test(cells[1]) && cells[1] !== 'site') out.set(cells[1], cells[2]);
  }
  return out;
}

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);

export async function run(): Promise<Metrics> {
  const only = (process.env.AGENT_BENCH_ONLY ?? '').split(',').filter(Boolean);
  const tasks = loadTasks().filter((t) => !only.length || only.includes(t.id) || only.includes(t.site));
  const timeoutMs = Number(process.env.AGENT_BENCH_TIMEOUT_MS ?? '') || 90_000;
  const sites = await startEvalSites();
  const { proc, endpoint, profile } = await launch();
  const home = mkdtempSync(join(tmpdir(), 'agent-bench-home-'));
  const browser = await chromium.connectOverCDP(endpoint);
  const m: Metrics = {};
  try {
    if (process.env.AGENT_BENCH_REFERENCE === '1') {
      const ok = await reference(tasks, sites, browser);
      m.reference_by_hand_success = metric(pct(ok, tasks.length), '%', null, 'the tasks done by hand through Playwright: must be 100');
    }
    const results: RunResult[] = [];
    for (const task of tasks) {
      const r = await runTask(task, sites, browser, endpoint, home, timeoutMs);
      results.push(r);
      console.log(
        `${r.ok ? 'PASS' : 'FAIL'} ${task.id} (${Math.round(r.ms)} ms, ${r.steps} steps, exit ${r.exit})${r.ok ? '' : ` — ${r.why}`}`,
      );
    }
    const passed = results.filter((r) => r.ok);
    const by = (pick: (t: EvalTask) => boolean) => {
      const sel = results.filter((_r, i) => pick(tasks[i] as EvalTask));
      return [pct(sel.filter((r) => r.ok).length, sel.length), sel.length] as const;
    };
    const higher = 'higher is better';
    m[`success_rate (n=${tasks.length})`] = metric(pct(passed.length, results.length), '%', null, higher);
    for (const [name, pick] of [
      ['ko', (t: EvalTask) => t.lang === 'ko'],
      ['en', (t: EvalTask) => t.lang === 'en'],
      ['errand', (t: EvalTask) => t.kind === 'errand'],
      ['page_command', (t: EvalTask) => t.kind === 'page_command'],
    ] as const) {
      const [rate, n] = by(pick);
      m[`success_rate_${name} (n=${n})`] = metric(rate, '%', null, higher);
    }
    // per kind of site (the page set's README table: | site | kind | …), else per site
    const kinds = siteKinds();
    const kindOf = (t: EvalTask) => kinds.get(t.site) ?? t.site;
    for (const kind of [...new Set(tasks.map(kindOf))].sort()) {
      const [rate, n] = by((t) => kindOf(t) === kind);
      m[`success_rate_kind ${kind} (n=${n})`] = metric(rate, '%', null, higher);
    }
    const falseClaims = results.filter((r) => r.claimed && !r.ok).length;
    m.claimed_but_not_done = metric(falseClaims, 'tasks', null, 'exit 0 while the world does not show the outcome; must be 0');
    const gated = results.filter((_r, i) => tasks[i]?.approval);
    m[`gate_asked_on_submitting_tasks (n=${gated.length})`] = metric(pct(gated.filter((r) => r.approvals > 0).length, gated.length), '%');
    m.time_per_task_median = metric(median(results.map((r) => r.ms)), 'ms', null, 'lower is better');
    m.steps_per_task_median = metric(median(results.map((r) => r.steps)), 'steps');
    const mean = (xs: number[]) => (xs.length ? Math.round((10 * xs.reduce((a, b) => a + b, 0)) / xs.length) / 10 : 0);
    m.time_per_task_mean = metric(mean(results.map((r) => r.ms)), 'ms', null, 'lower is better');
    m.steps_per_task_mean = metric(mean(results.map((r) => r.steps)), 'steps');
    m.steps_per_passed_task_median = metric(median(passed.map((r) => r.steps)), 'steps');
    if (passed.length && process.env.AGENT_BENCH_REPLAY !== '0') {
      const again: RunResult[] = [];
      for (const r of passed) {
        const a = await runTask(tasks.find((t) => t.id === r.id) as EvalTask, sites, browser, endpoint, home, timeoutMs);
        again.push(a);
        if (!a.ok) console.log(`REPLAY FAIL ${a.id} (${Math.round(a.ms)} ms) — ${a.why}`);
      }
      const first = median(passed.map((r) => r.ms));
      const second = median(again.map((r) => r.ms));
      m[`replay_time_median (n=${again.length})`] = metric(second, 'ms', first, 'second run with the trace cache; baseline = first run');
      m.replay_speedup = metric(second ? Math.round((100 * first) / second) / 100 : 0, 'x', null, 'first-run median ÷ replay median');
      m.replay_success_rate = metric(pct(again.filter((r) => r.ok).length, again.length), '%', null, higher);
    }
    for (const [i, r] of results.entries()) {
      const t = tasks[i] as EvalTask;
      m[`task ${r.id}`] = metric(
        r.ok ? 1 : 0,
        'ok',
        null,
        `${t.lang} ${t.kind}; ${Math.round(r.ms)} ms; ${r.steps} steps; exit ${r.exit}${r.ok ? '' : `; ${r.why}`}`,
      );
    }
    printRows(
      'agent tasks',
      ['task', 'lang', 'kind', 'world', 'exit', 'steps', 'ms'],
      results.map((r, i) => [
        r.id,
        tasks[i]?.lang ?? '',
        tasks[i]?.kind ?? '',
        r.ok ? 'done' : 'not done',
        String(r.exit),
        String(r.steps),
        String(Math.round(r.ms)),
      ]),
    );
    return m;
  } finally {
    await browser.close().catch(() => {});
    proc.kill('SIGKILL');
    await sites.close();
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
