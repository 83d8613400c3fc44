/**
 * `cdt agent parse [--now ISO] [--tz zone] [--locale ko|en] "<text>"` — what understanding made
 * of one utterance, as the cdt JSON envelope (commands, intent + confidence, normalised slots).
 *
 * `cdt agent run "<text>" [--site name=url …] [--mcp "<command>"] [--packs <folder> …] [--approve ask|deny]
 *   [--store path] [--now ISO] [--tz zone] [--headful]` — the whole pipeline headless: events
 * as JSON lines on stdout; questions and approvals asked on the terminal (stderr prompt), or
 * read line by line from stdin when it is not a terminal. `--approve deny` stops at the first
 * gated step with status "denied". No flag approves anything by itself.
 *
 * With `--browser-endpoint` or `--page-url` it acts on an open page instead (page-run.ts).
 */
import { createInterface } from 'node:readline';
import { parseUtterance } from '../../main/agent/nlu/index.ts';
import { ErrorCode, type ErrorValue, exitCodeFor, reasonOf, StewardError, toErrorValue } from '../../shared/errors.ts';
import { type CliResult, errorEnvelope, okEnvelope } from '../output.ts';
import { agentPageRun, wantsPageRun } from './page-run.ts';

interface Flags {
  positional: string[];
  values: Map<string, string[]>;
  bools: Set<string>;
}

const VALUE_FLAGS = new Set(['--now', '--tz', '--locale', '--site', '--approve', '--mcp', '--packs', '--store', '--output', '--timeout']);

function parseFlags(argv: string[]): Flags {
  const f: Flags = { positional: [], values: new Map(), bools: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (VALUE_FLAGS.has(name)) {
      const v = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : argv[++i];
      if (v === undefined) throw new StewardError('USAGE_ERROR', `${name} needs a value`, { suggestions: [`cdt agent ${name} <value>`] });
      f.values.set(name, [...(f.values.get(name) ?? []), v]);
    } else if (a.startsWith('--')) f.bools.add(a);
    else f.positional.push(a);
  }
  return f;
}

const one = (f: Flags, name: string) => f.values.get(name)?.at(-1);

function nowOf(f: Flags): Date {
  const raw = one(f, '--now');
  if (raw === undefined) return new Date();
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) {
    throw new StewardError('USAGE_ERROR', `--now is not an ISO time: ${raw}`, { suggestions: ['--now 2026-12-01T09:00:00+09:00'] });
  }
  return d;
}

function tzOf(f: Flags): string {
  const tz = one(f, '--tz') ?? 'Asia/Seoul';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new StewardError('USAGE_ERROR', `--tz is not a time zone: ${tz}`, { suggestions: ['--tz Asia/Seoul', '--tz Europe/Berlin'] });
  }
  return tz;
}

function localeOf(f: Flags): 'ko' | 'en' | undefined {
  const l = one(f, '--locale');
  if (l === undefined) return undefined;
  if (l !== 'ko' && l !== 'en')
    throw new StewardError('USAGE_ERROR', `--locale must be ko or en, not ${l}`, { suggestions: ['--locale ko'] });
  return l;
}

function textOf(f: Flags, usage: string): string {
  const text = f.positional.join(' ').trim();
  if (!text) throw new StewardError('USAGE_ERROR', 'No text given.', { suggestions: [usage] });
  return text;
}

export async function agentParse(argv: string[]): Promise<CliResult> {
  const started = performance.now();
  try {
    const f = parseFlags(argv);
    const text = textOf(f, 'cdt agent parse "인천에서 나리타 12월 20일 직항"');
    const now = nowOf(f);
    const tz = tzOf(f);
    const locale = localeOf(f);
    const u = parseUtterance(text, { now, tz, ...(locale ? { locale } : {}) });
    const data = { text, now: now.toISOString(), tz, locale: u.locale, intent: u.intent ?? null, commands: u.commands, slots: u.slots };
    const lines = [
      `intent: ${u.intent ? `${u.intent.name} (${u.intent.confidence})` : '-'}`,
      ...u.commands.map((c) => `- ${JSON.stringify(c)}`),
      `slots: ${JSON.stringify(u.slots)}`,
    ];
    return { ...okEnvelope(data, { durationMs: Math.round(performance.now() - started) }), lines };
  } catch (e) {
    return errorEnvelope(e, { durationMs: Math.round(performance.now() - started) });
  }
}

export interface AgentIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** Reads answers line by line (terminal prompt or piped stdin). `undefined` at end of input. */
export function lineReader(stdin: NodeJS.ReadableStream, prompt: NodeJS.WritableStream | undefined) {
  const rl = createInterface({ input: stdin, ...(prompt ? { output: prompt, terminal: false } : {}) });
  const lines: string[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  rl.on('line', (l) => {
    lines.push(l);
    wake?.();
  });
  rl.on('close', () => {
    ended = true;
    wake?.();
  });
  return {
    async next(question?: string): Promise<string | undefined> {
      if (question && prompt) prompt.write(`${question}\n> `);
      while (!lines.length && !ended) await new Promise<void>((r) => (wake = r));
      return lines.shift();
    },
    close: () => rl.close(),
  };
}

export async function agentRun(argv: string[], io: AgentIo): Promise<number> {
  // on the page in front of the person: the agent loop over the page model
  if (wantsPageRun(argv)) return agentPageRun(argv, io);
  const writeLine = (o: unknown) => io.stdout.write(`${JSON.stringify(o)}\n`);
  try {
    const f = parseFlags(argv);
    const text = textOf(f, 'cdt agent run "배송지 바꿔줘" --mcp "npx my-shop-mcp-server"');
    const approve = one(f, '--approve') ?? 'ask';
    if (approve !== 'ask' && approve !== 'deny') {
      throw new StewardError('USAGE_ERROR', `--approve must be ask or deny, not ${approve}`, {
        suggestions: ['--approve ask (you answer each approval)', '--approve deny (stop at the first gated step)'],
      });
    }
    const sites: Record<string, string> = {};
    for (const s of f.values.get('--site') ?? []) {
      const [name, url] = [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)];
      if (!name || !url || !/^https?:\/\//.test(url))
        throw new StewardError('USAGE_ERROR', `--site needs name=url, got ${s}`, { suggestions: ['--site flights=http://127.0.0.1:4100'] });
      sites[name] = url;
    }
    const { startHeadlessAgent } = await import('../../main/conversation/headless.ts');
    const agent = await startHeadlessAgent({
      sites,
      mcp: f.values.get('--mcp') ?? [],
      ...(f.values.has('--packs') ? { packDirs: f.values.get('--packs') ?? [] } : {}),
      store: one(f, '--store') ?? ':memory:',
      now: nowOf(f),
      tz: tzOf(f),
      headful: f.bools.has('--headful'),
      onEvent: (e) => writeLine({ kind: 'event', ...e }),
    });
    const stdin = io.stdin ?? process.stdin;
    const reader = lineReader(stdin, stdin.isTTY ? io.stderr : undefined);
    try {
      let r = await agent.session.send(text);
      for (;;) {
        writeLine({
          kind: 'turn',
          stage: r.stage,
          flow_state: r.flowState ?? null,
          expecting: r.expecting ?? null,
          reply: r.reply,
          outcome: r.outcome ?? null,
          failure: r.failure ?? null,
          results: r.results ?? null,
        });
        if (r.stage === 'DONE' || r.stage === 'FAILED') {
          writeLine({
            kind: 'status',
            status: r.outcome ?? (r.stage === 'DONE' ? 'done' : 'failed'),
            stage: r.stage,
            failure: r.failure ?? null,
          });
          return r.stage === 'DONE' ? (r.outcome === 'done' || r.outcome === 'handed_over' ? 0 : 5) : exitOf(r.failure);
        }
        if (r.stage === 'AWAITING_APPROVAL' && approve === 'deny') {
          const step = r.approval?.stepId ?? r.flowState ?? 'step';
          const denied = r.approval ? await agent.session.reject(r.approval.approvalId, '--approve deny') : r;
          writeLine({ kind: 'turn', stage: denied.stage, reply: denied.reply, outcome: denied.outcome ?? null });
          writeLine({
            kind: 'status',
            status: 'denied',
            stage: denied.stage,
            step,
            message: `Stopped at the gated step ${step} (--approve deny); nothing was approved.`,
          });
          return exitCodeFor('APPROVAL_DENIED');
        }
        const answer = await reader.next(r.reply);
        if (answer === undefined) {
          writeLine({
            kind: 'status',
            status: 'awaiting_input',
            stage: r.stage,
            expecting: r.expecting ?? null,
            message: 'Input ended before the conversation finished.',
          });
          return exitCodeFor('STATE_CONFLICT');
        }
        r = await agent.session.send(answer);
      }
    } finally {
      reader.close();
      await agent.close();
    }
  } catch (e) {
    const v = toErrorValue(e);
    writeLine({ kind: 'status', status: 'error', error: v });
    return exitCodeFor(v.code);
  }
}

/** A failure a tool reported in its own words (OTP_EXPIRED …, not an engine code) exits as a failed task (5). */
function exitOf(failure: ErrorValue | undefined): number {
  return failure && ErrorCode.safeParse(reasonOf(failure)).success ? exitCodeFor(failure.code) : 5;
}
