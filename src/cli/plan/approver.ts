/**
 * Who answers the approval gate during `cdt plan run`. The engine asks through the gate exactly
 * as it does in the app (a pending approval row + an `approval_requested` event); this answers
 * every pending approval of the run's session, whatever part of the engine asked for it:
 *
 * - `never` refuses each one (recorded as decided by `cli:--approve never`);
 * - `all` grants each one the engine can carry out (recorded as `cli:--approve all`); a hand-over
 *   (the person must type or pay themselves) cannot be granted by a flag, so the run stops there
 *   with status `awaiting_approval`;
 * - `ask` asks on the terminal (stderr prompt, answers read line by line from stdin); when input
 *   ends before an answer the approval stays pending and the run stops with `awaiting_approval`.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Approval } from '../../main/store/index.ts';
import type { ToolRuntime } from '../../main/tools/runtime.ts';

export type ApproveMode = 'ask' | 'never' | 'all';

export const BY_ALL = 'cli:--approve all';
export const BY_NEVER = 'cli:--approve never';
export const BY_TERMINAL = 'cli:terminal';

export interface ApproverOptions {
  mode: ApproveMode;
  runtime: ToolRuntime;
  sessionId: string;
  /** Where questions and notes for the person go (stderr). */
  prompt: NodeJS.WritableStream;
  /** Where answers come from in `ask` mode (stdin). */
  input?: NodeJS.ReadableStream;
  /** Called when an approval cannot be answered here; the run must stop and report it pending. */
  onUnanswered(a: Approval, why: string): void;
  /** Said before a hand-over question (e.g. that the launched browser has no window). */
  handOverNote?: string;
  pollMs?: number;
}

const YES = /^(y|yes|ok|approve|예|네|승인|ㅇ)$/i;
const NO = /^(n|no|reject|refuse|아니요|아니오|아니|거절|ㄴ)(\s+(.+))?$/i;
const DONE = /^(done|완료|했어요|다 했어요)$/i;

/** One pending approval as the person should see it: kind, step, summary, and what would be sent when the engine says. */
export function describeApproval(a: Approval): string[] {
  const what = a.what as { summary?: unknown; request?: unknown; [k: string]: unknown };
  const lines = [
    `승인 요청 Approval needed — ${a.action} · step ${a.step_id}${a.mode === 'hand_over' ? ' · 직접 하셔야 합니다 you do this yourself' : ''}`,
    `  ${String(what.summary ?? a.step_id)}`,
  ];
  for (const [k, v] of Object.entries(what)) {
    if (k === 'summary' || k === 'step' || v === undefined || v === null) continue;
    lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return lines;
}

export class Approver {
  readonly #o: ApproverOptions;
  readonly #seen = new Set<string>();
  readonly #queue: Approval[] = [];
  #busy = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #off: (() => void) | undefined;
  #rl: Interface | undefined;
  #lines: string[] = [];
  #ended = false;
  #wake: (() => void) | undefined;
  /** Every approval this run was asked for, by id (the report reads their final state from the store). */
  readonly asked: string[] = [];

  constructor(o: ApproverOptions) {
    this.#o = o;
  }

  start(): void {
    const { runtime, sessionId } = this.#o;
    this.#off = runtime.audit.subscribe((e) => {
      if (e.session_id === sessionId && e.type === 'approval_requested') setImmediate(() => this.#scan());
    });
    // also polled: whichever part of the engine asked, a pending row of this session is answered
    this.#timer = setInterval(() => this.#scan(), this.#o.pollMs ?? 100);
  }

  stop(): void {
    this.#stopped = true;
    this.#off?.();
    clearInterval(this.#timer);
    this.#rl?.close();
    this.#wake?.();
  }

  #scan(): void {
    if (this.#stopped) return;
    this.#wake?.(); // a question in progress re-checks whether its approval is still open
    for (const a of this.#o.runtime.gate.pending(this.#o.sessionId)) {
      if (this.#seen.has(a.id)) continue;
      this.#seen.add(a.id);
      this.asked.push(a.id);
      this.#queue.push(a);
    }
    void this.#drain();
  }

  async #drain(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      for (let a = this.#queue.shift(); a && !this.#stopped; a = this.#queue.shift()) await this.#answer(a);
    } finally {
      this.#busy = false;
    }
  }

  /** Still waiting for an answer here (the page or another window may have settled it meanwhile). */
  #open(a: Approval): boolean {
    const cur = this.#o.runtime.store.runs.approval(a.id);
    return cur?.status === 'pending' || (a.mode === 'hand_over' && cur?.status === 'granted');
  }

  /** Applies a decision unless the approval was settled elsewhere in the meantime. */
  #decide(a: Approval, fn: () => unknown): void {
    if (!this.#open(a)) return;
    try {
      fn();
    } catch (e) {
      this.#o.prompt.write(`cdt: ${a.step_id}: ${(e as Error).message}\n`);
    }
  }

  async #answer(a: Approval): Promise<void> {
    const { gate } = this.#o.runtime;
    const say = (line: string) => this.#o.prompt.write(`${line}\n`);
    if (this.#o.mode === 'never') {
      for (const l of describeApproval(a)) say(`cdt: ${l}`);
      say('cdt: 거절함 refused (--approve never)');
      this.#decide(a, () => gate.reject(a.id, BY_NEVER, 'refused by --approve never'));
      return;
    }
    if (this.#o.mode === 'all') {
      if (a.mode === 'hand_over') {
        this.#o.onUnanswered(a, 'a hand-over needs the person in the browser; --approve all cannot grant it');
        return;
      }
      for (const l of describeApproval(a)) say(`cdt: ${l}`);
      say('cdt: 승인함 granted (--approve all)');
      this.#decide(a, () => gate.approve(a.id, BY_ALL, 'granted by --approve all'));
      return;
    }
    for (const l of describeApproval(a)) say(l);
    if (a.mode === 'hand_over' && this.#o.handOverNote) say(this.#o.handOverNote);
    for (;;) {
      const question =
        a.mode === 'hand_over'
          ? '브라우저에서 직접 마친 뒤 "done", 그만두려면 "no". Finish it in the browser, then type "done"; "no" to refuse.'
          : '승인할까요? Approve? [yes/no] (거절 사유는 "no <reason>")';
      const answer = await this.#ask(question, () => this.#open(a));
      if (this.#stopped) return;
      if (!this.#open(a)) {
        say(`${a.step_id}: 이미 처리됨 already settled (${this.#o.runtime.store.runs.approval(a.id)?.status ?? 'gone'})`);
        return;
      }
      if (answer === undefined) {
        this.#o.onUnanswered(a, 'input ended before an answer');
        return;
      }
      const no = NO.exec(answer.trim());
      if (no) return this.#decide(a, () => gate.reject(a.id, BY_TERMINAL, no[3]?.trim() || 'refused on the terminal'));
      if (a.mode === 'hand_over' && DONE.test(answer.trim())) return this.#decide(a, () => gate.markDone(a.id, BY_TERMINAL));
      if (a.mode === 'execute' && YES.test(answer.trim()))
        return this.#decide(a, () => gate.approve(a.id, BY_TERMINAL, 'approved on the terminal'));
      say(
        a.mode === 'hand_over'
          ? '"done" 또는 "no"로 답해 주세요. Answer "done" or "no".'
          : '"yes" 또는 "no"로 답해 주세요. Answer "yes" or "no".',
      );
    }
  }

  async #ask(question: string, open: () => boolean): Promise<string | undefined> {
    const input = this.#o.input;
    if (!input) return undefined;
    if (!this.#rl) {
      this.#rl = createInterface({ input, terminal: false });
      this.#rl.on('line', (l) => {
        this.#lines.push(l);
        this.#wake?.();
      });
      this.#rl.on('close', () => {
        this.#ended = true;
        this.#wake?.();
      });
    }
    this.#o.prompt.write(`${question}\n> `);
    while (!this.#lines.length && !this.#ended && !this.#stopped && open()) await new Promise<void>((r) => (this.#wake = r));
    if (!open()) return undefined;
    return this.#lines.shift();
  }
}
