/**
 * `cdt agent run [--browser-endpoint ws://…] [--page-url URL] [--approve ask|never|all]
 *   [--store path] [--steps N] [--now ISO] [--tz zone] [--headful] [--no-traces] "<request>"` — acts on the
 * open page whose URL is --page-url (or the selected page) of the browser at the endpoint
 * (without an endpoint: a Chromium it launches, opened at --page-url) with the agent loop,
 * offline. Learned traces live in --store (default $CDT_HOME/agent.db). Events are JSON lines; the last line is the status. Exit 0 only when the request
 * was carried out and every step verified on the page.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { runAgentTask } from '../../main/agent/loop/task.ts';
import { TraceBook } from '../../main/agent/traces/book.ts';
import { BrowserDriver } from '../../main/browser/driver.ts';
import { gotoUrl } from '../../main/browser/navigation.ts';
import type { Page } from '../../main/browser/page.ts';
import { openStore } from '../../main/store/index.ts';
import { browserRuntimeTools } from '../../main/tools/browser-source.ts';
import { ToolRuntime } from '../../main/tools/runtime.ts';
import { exitCodeFor, StewardError, toErrorValue } from '../../shared/errors.ts';

interface AgentIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** Answers to approval questions, one line each (a terminal prompt on stderr, or piped stdin). */
function answers(stdin: NodeJS.ReadableStream, prompt: NodeJS.WritableStream | undefined) {
  const rl = createInterface({ input: stdin, ...(prompt ? { output: prompt, terminal: false } : {}) });
  const it = rl[Symbol.asyncIterator]();
  return {
    async next(question: string): Promise<string | undefined> {
      prompt?.write(`${question}\n> `);
      const r = await it.next();
      return r.done ? undefined : String(r.value);
    },
    close: () => rl.close(),
  };
}

interface PageRunFlags {
  endpoint?: string;
  pageUrl?: string;
  approve: 'ask' | 'never' | 'all';
  store: string;
  steps?: number;
  now?: Date;
  tz?: string;
  headful: boolean;
  traces: boolean;
  text: string;
}

const VALUE = new Set(['--browser-endpoint', '--page-url', '--approve', '--store', '--steps', '--now', '--tz', '--locale']);

export function wantsPageRun(argv: string[]): boolean {
  return argv.some(
    (a) => a === '--browser-endpoint' || a === '--page-url' || a.startsWith('--browser-endpoint=') || a.startsWith('--page-url='),
  );
}

function parse(argv: string[]): PageRunFlags {
  const values = new Map<string, string>();
  const bools = new Set<string>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (VALUE.has(name)) {
      const v = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : argv[++i];
      if (v === undefined)
        throw new StewardError('USAGE_ERROR', `${name} needs a value`, { suggestions: [`cdt agent run ${name} <value> "<request>"`] });
      values.set(name, v);
    } else if (a.startsWith('--')) bools.add(a);
    else words.push(a);
  }
  const text = words.join(' ').trim();
  if (!text)
    throw new StewardError('USAGE_ERROR', 'No request given.', {
      suggestions: ['cdt agent run --page-url http://… "성함에 김하늘 쓰고 저장 눌러"'],
    });
  const approve = values.get('--approve') ?? 'ask';
  const mode = approve === 'deny' ? 'never' : approve;
  if (mode !== 'ask' && mode !== 'never' && mode !== 'all') {
    throw new StewardError('USAGE_ERROR', `--approve must be ask, never or all, not ${approve}`, {
      suggestions: [
        '--approve ask (you answer each approval)',
        '--approve never (stop at the first gated step)',
        '--approve all (grant every approval, recorded)',
      ],
    });
  }
  const endpoint = values.get('--browser-endpoint');
  if (endpoint && !/^wss?:\/\//.test(endpoint))
    throw new StewardError('USAGE_ERROR', `--browser-endpoint must be ws://…, not ${endpoint}`, {
      suggestions: ['--browser-endpoint ws://127.0.0.1:9222/devtools/browser/<id>'],
    });
  const pageUrl = values.get('--page-url');
  if (!endpoint && !pageUrl)
    throw new StewardError('USAGE_ERROR', 'Without --browser-endpoint, --page-url says which page to open.', {
      suggestions: ['--page-url http://127.0.0.1:8080/form.html'],
    });
  const steps = values.has('--steps') ? Number(values.get('--steps')) : undefined;
  const now = values.has('--now') ? new Date(values.get('--now') as string) : undefined;
  if (now && Number.isNaN(now.getTime()))
    throw new StewardError('USAGE_ERROR', '--now is not an ISO time', { suggestions: ['--now 2026-12-01T09:00:00+09:00'] });
  return {
    ...(endpoint ? { endpoint } : {}),
    ...(pageUrl ? { pageUrl } : {}),
    approve: mode,
    store: values.get('--store') ?? join(process.env.CDT_HOME ?? join(homedir(), '.cdt'), 'agent.db'),
    ...(steps && Number.isInteger(steps) && steps > 0 ? { steps } : {}),
    ...(now ? { now } : {}),
    ...(values.get('--tz') ? { tz: values.get('--tz') as string } : {}),
    headful: bools.has('--headful'),
    traces: !bools.has('--no-traces'),
    text,
  };
}

async function targetPage(driver: BrowserDriver, f: PageRunFlags): Promise<Page> {
  if (!f.endpoint) {
    const page = driver.page();
    await gotoUrl(page, f.pageUrl as string, 30_000);
    return page;
  }
  if (!f.pageUrl) return driver.page();
  const want = f.pageUrl.replace(/\/$/, '');
  let pages: Page[] = [];
  let page: Page | undefined;
  // a page the browser is still opening reports about:blank for a moment
  for (let i = 0; i < 20 && !page; i++) {
    if (i) await new Promise((r) => setTimeout(r, 150));
    pages = await Promise.all(driver.pages().map((p) => driver.page(p.id).refreshInfo()));
    page = pages.findLast((p) => p.url().replace(/\/$/, '') === want) ?? pages.findLast((p) => p.url().startsWith(want));
  }
  if (!page) {
    throw new StewardError('PAGE_NOT_FOUND', `No open page has the URL ${f.pageUrl}.`, {
      details: { open: pages.map((p) => p.url()) },
      suggestions: ['Open the page in that browser first, or pass the URL of an open page.'],
    });
  }
  // a background tab does not render frames, and acting waits for them: show the page acted on
  await page.send('Page.bringToFront').catch(() => undefined);
  return page;
}

export async function agentPageRun(argv: string[], io: AgentIo): Promise<number> {
  const writeLine = (o: unknown) => io.stdout.write(`${JSON.stringify(o)}\n`);
  let close = async () => {};
  try {
    const f = parse(argv);
    const driver = f.endpoint ? await BrowserDriver.connect(f.endpoint) : await BrowserDriver.launch({ headless: !f.headful });
    if (f.store !== ':memory:') mkdirSync(dirname(f.store), { recursive: true });
    const store = openStore(f.store);
    close = async () => {
      await driver.close().catch(() => undefined);
      store.close();
    };
    const page = await targetPage(driver, f);
    const runtime = new ToolRuntime({ store }).register(
      ...browserRuntimeTools({ driver, artifactsDir: mkdtempSync(join(tmpdir(), 'cdt-agent-')) }),
    );
    runtime.audit.subscribe((e) => writeLine({ kind: 'event', type: e.type, level: e.level, message: e.message, data: e.data }));
    const stdin = io.stdin ?? process.stdin;
    const reader = f.approve === 'ask' ? answers(stdin, (stdin as { isTTY?: boolean }).isTTY ? io.stderr : undefined) : undefined;
    try {
      const r = await runAgentTask({
        runtime,
        page,
        request: f.text,
        goal: { ...(f.now ? { now: f.now } : {}), ...(f.tz ? { tz: f.tz } : {}) },
        ...(f.steps ? { budget: { steps: f.steps } } : {}),
        ...(f.traces ? { traces: new TraceBook(store) } : {}),
        onApproval: async ({ session_id, binding, kind, summary, step }) => {
          const a = runtime.gate.request(session_id, binding, { kind: kind as 'payment', mode: 'execute', summary, step });
          if (f.approve === 'all') return runtime.gate.approve(a.id, 'cdt --approve all', 'granted by --approve all').status === 'granted';
          if (f.approve === 'never') {
            runtime.gate.reject(a.id, 'cdt', '--approve never');
            return false;
          }
          const answer = await reader?.next(`Approve ${kind}: "${summary}"? [y/N]`);
          const yes = /^(y|yes|네|예|응)$/i.test((answer ?? '').trim());
          if (yes) runtime.gate.approve(a.id, 'cdt user');
          else runtime.gate.reject(a.id, 'cdt user', answer === undefined ? 'no answer (input ended)' : 'answered no');
          return yes;
        },
      });
      writeLine({
        kind: 'status',
        status: r.status,
        url: page.url(),
        steps: r.steps.length,
        replayed: r.replayed,
        decided: r.decided,
        duration_ms: r.duration_ms,
        error: r.error ?? null,
        question: r.question ?? null,
        log: r.steps.map((s) => ({ source: s.source, what: s.action.kind, target: s.target, why: s.why, ok: s.ok, observed: s.observed })),
      });
      if (r.status === 'done') return 0;
      if (r.status === 'needs_person') return exitCodeFor(r.error?.code === 'APPROVAL_REQUIRED' ? 'APPROVAL_REQUIRED' : 'STATE_CONFLICT');
      return exitCodeFor(r.error?.code ?? 'INTERNAL');
    } finally {
      reader?.close();
    }
  } catch (e) {
    const v = toErrorValue(e);
    writeLine({ kind: 'status', status: 'error', error: v });
    return exitCodeFor(v.code);
  } finally {
    await close();
  }
}
