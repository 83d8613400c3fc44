/**
 * The broker: resolves each call's context, keeps one browser slot per context, queues mutating
 * commands per context (contexts run in parallel), and answers with the JSON envelope.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runBrowserTool } from '../../main/browser/tools/index.ts';
import { runGuardedBrowserTool } from '../../main/tools/effects/guarded-call.ts';
import { type ErrorCode, exitCodeOfCode, StewardError } from '../../shared/errors.ts';
import { builtinFor, toolFor } from '../commands.ts';
import { errorEnvelope, okEnvelope } from '../output.ts';
import { withCommandSuggestions } from '../suggestions.ts';
import { buildToolInput } from '../tool-input.ts';
import { callerView } from './caller-view.ts';
import { writeJsonAtomic } from './files.ts';
import { withLock } from './lock.ts';
import { type CdtPaths, contextDir } from './paths.ts';
import type { CommandCall, DaemonRequest, DaemonResponse } from './protocol.ts';
import { withDeadline } from './queue.ts';
import { type ResolvedContext, resolveContext } from './resolver.ts';
import { handleSessionCommand } from './session-commands.ts';
import { SlotGate } from './slot/gate.ts';
import { BrowserSlot } from './slot/index.ts';
import type { SlotSizing } from './slot/sizing.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

/** The error's stack and the stacks of its causes, for --debug. */
function stackOf(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let depth = 0; cur !== undefined && depth < 5; depth++) {
    parts.push(cur instanceof Error ? (cur.stack ?? `${cur.name}: ${cur.message}`) : String(cur));
    cur = cur instanceof Error ? cur.cause : undefined;
  }
  return parts.join('\ncaused by: ');
}

export interface BrokerOptions {
  paths: CdtPaths;
  sizing: SlotSizing;
  /** Written in the daemon lock and answered by ping: proves which process holds the lock. */
  nonce: string;
  /** Called when `cdt daemon stop` asks the daemon to exit (after the answer is sent). */
  requestStop: () => void;
  /** Idle leases (written to each context's lease.json): owned contexts and short-lived fallback ones. */
  leases?: { idleMs: number; fallbackIdleMs: number };
}

export class Broker {
  readonly opts: BrokerOptions;
  readonly startedAt = Date.now();
  lastActivity = Date.now();
  /** Requests answered so far (a daemon nobody ever called exits soon). */
  handled = 0;
  readonly slots = new Map<string, BrowserSlot>();
  readonly gate: SlotGate;
  readonly #starting = new Map<string, Promise<BrowserSlot>>();
  readonly #permits = new Map<string, () => void>();

  constructor(opts: BrokerOptions) {
    this.opts = opts;
    this.gate = new SlotGate(opts.sizing.maxSlots);
  }

  async handle(req: DaemonRequest, signal?: AbortSignal): Promise<DaemonResponse> {
    const t0 = performance.now();
    this.lastActivity = Date.now();
    this.handled++;
    const warnings: string[] = [];
    let context: DaemonResponse['context'];
    try {
      if (req.op === 'ping') return this.#ok(req.id, { pid: process.pid, nonce: this.opts.nonce }, t0);
      const call = req.call;
      const ctx = resolveContext(req.caller);
      context = { id: ctx.id, resolvedBy: ctx.resolvedBy, label: ctx.label };
      if (ctx.warning) warnings.push(ctx.warning);
      const command = `cdt ${call.resource} ${call.verb}`.trim();
      if (call.resource === 'session' || call.resource === 'daemon') {
        if (!builtinFor(call.resource, call.verb)) throw unknownCommand(call);
        const data = await handleSessionCommand(this, ctx, call, signal);
        return { ...this.#ok(req.id, data, t0), warnings, context };
      }
      const tool = toolFor(call.resource, call.verb);
      if (!tool) throw unknownCommand(call);
      const input = buildToolInput(tool, { flags: call.flags, page: call.page, inputFile: call.inputFile }, command);
      const slot = await this.slotFor(ctx, call, signal);
      slot.touch(ctx.owner);
      const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const abort = new AbortController();
      // In a share group each caller keeps its own selected page; other contexts have one caller's view.
      const driver = ctx.resolvedBy === 'share-group' ? callerView(slot.driver, slot.selectionOf(req.caller)) : slot.driver;
      const run = () =>
        withDeadline(
          (call.guard ? runGuardedBrowserTool : runBrowserTool)(
            { driver, artifactsDir: slot.artifactsDir, datedScreenshots: true, timeoutMs, signal: abort.signal },
            tool.name,
            input,
          ),
          timeoutMs + 5000,
          () => {
            abort.abort();
            return new StewardError('TIMEOUT', `${command} did not finish within ${timeoutMs} ms`, {
              details: { timeoutMs },
              suggestions: [`${command} --timeout ${timeoutMs * 2}`, 'cdt observe state'],
            });
          },
        );
      const result = tool.readOnly ? await run() : await slot.queue.serial(run);
      slot.touch();
      const data: Record<string, unknown> = { ...result.data };
      if (result.files.length) data.files = result.files;
      if (result.snapshot) data.snapshot = result.snapshot;
      return { ...this.#ok(req.id, data, t0), lines: result.lines, warnings, context };
    } catch (e) {
      const env = errorEnvelope(e, { requestId: req.id, durationMs: Math.round(performance.now() - t0) });
      const call = req.call;
      if (call)
        env.error.suggestions = withCommandSuggestions(
          env.error.code as ErrorCode,
          env.error.suggestions,
          `cdt ${call.resource} ${call.verb}`.trim(),
        );
      if (!(e instanceof StewardError)) {
        // The stack goes to the daemon log; the caller sees it only when it asked (--verbose).
        const stack = (e as Error)?.stack ?? String(e);
        process.stderr.write(`[${new Date().toISOString()}] internal error in ${req.id}: ${stack}\n`);
        if (call?.verbose && !call.debug) warnings.push(`internal error: ${stack}`);
      }
      if (call?.debug) warnings.push(`stack: ${stackOf(e)}`);
      return { id: req.id, envelope: env, exitCode: exitCodeOfCode(env.error.code), warnings, context };
    }
  }

  #ok(id: string, data: unknown, t0: number): DaemonResponse {
    return { id, envelope: okEnvelope(data, { requestId: id, durationMs: Math.round(performance.now() - t0) }), exitCode: 0 };
  }

  /**
   * The slot of a context, started on first use (one start at a time per context). When every
   * slot is taken the call waits in line for one (its --timeout, else the daemon's slot wait).
   */
  async slotFor(
    ctx: ResolvedContext,
    call: Pick<CommandCall, 'headless' | 'browserEndpoint' | 'timeoutMs'>,
    signal?: AbortSignal,
  ): Promise<BrowserSlot> {
    const existing = this.slots.get(ctx.id);
    if (existing && !existing.closed) return existing;
    if (ctx.resolvedBy === 'context-id') {
      throw new StewardError('CONTEXT_NOT_FOUND', `No context has the id ${ctx.id}.`, {
        details: { contextId: ctx.id },
        suggestions: ['cdt session status --all', 'Omit --context-id to use your own context.'],
      });
    }
    const pending = this.#starting.get(ctx.id);
    if (pending) return pending;
    const start = this.#acquire(call.timeoutMs ?? this.opts.sizing.waitMs, signal).then(async (release) => {
      let slot: BrowserSlot;
      try {
        slot = await BrowserSlot.open({
          id: ctx.id,
          dir: contextDir(this.opts.paths, ctx.id),
          resolvedBy: ctx.resolvedBy,
          label: ctx.label,
          headless: call.headless ?? true,
          browserEndpoint: call.browserEndpoint,
          shortLived: ctx.shortLived,
          ...(this.opts.leases ? { leaseMs: ctx.shortLived ? this.opts.leases.fallbackIdleMs : this.opts.leases.idleMs } : {}),
        });
      } catch (e) {
        release();
        throw e;
      }
      this.#permits.set(ctx.id, release);
      this.slots.set(ctx.id, slot);
      slot.driver.onDisconnect(() => {
        if (!slot.closed) void this.closeSlot(ctx.id, 'browser disconnected');
      });
      void this.saveState();
      return slot;
    });
    this.#starting.set(ctx.id, start);
    try {
      return await start;
    } finally {
      this.#starting.delete(ctx.id);
    }
  }

  #acquire(waitMs: number, signal?: AbortSignal): Promise<() => void> {
    const max = this.opts.sizing.maxSlots;
    return this.gate.acquire({
      waitMs,
      signal,
      onTimeout: (waitedMs) =>
        new StewardError(
          'SLOT_LIMIT_REACHED',
          `Waited ${(waitedMs / 1000).toFixed(1)} s for a browser slot; all ${max} stayed in use (${this.gate.waiting} other calls still waiting).`,
          {
            details: { maxSlots: max, waitedMs, waiting: this.gate.waiting, sizing: this.opts.sizing, contexts: [...this.slots.keys()] },
            suggestions: [
              'cdt session status --all',
              'cdt session stop --context-id <id>',
              'Wait longer: pass --timeout <ms> (the wait for a slot follows it).',
              'Allow more browsers: CDT_MAX_SLOTS=<n> cdt daemon stop, then call again.',
            ],
          },
        ),
    });
  }

  async closeSlot(id: string, reason: string): Promise<boolean> {
    const slot = this.slots.get(id);
    if (!slot) return false;
    this.slots.delete(id);
    process.stderr.write(`[${new Date().toISOString()}] closing context ${id}: ${reason}\n`);
    await slot.close();
    // The permit is freed once the browser is gone, so the next in line starts into freed memory.
    this.#permits.get(id)?.();
    this.#permits.delete(id);
    await this.saveState();
    return true;
  }

  async closeAll(reason: string): Promise<void> {
    await Promise.all([...this.slots.keys()].map((id) => this.closeSlot(id, reason)));
  }

  async saveState(): Promise<void> {
    if (!existsSync(this.opts.paths.home)) return; // CDT_HOME was removed under us: write nothing back
    const state = {
      pid: process.pid,
      startedAt: new Date(this.startedAt).toISOString(),
      contexts: [...this.slots.values()].map((s) => s.info()),
    };
    try {
      await withLock(join(this.opts.paths.locksDir, 'state.lock'), () => writeJsonAtomic(this.opts.paths.stateFile, state));
      for (const s of this.slots.values()) s.saveMetadata();
    } catch (e) {
      process.stderr.write(`could not save state: ${(e as Error).message}\n`);
    }
  }
}

function unknownCommand(call: CommandCall): StewardError {
  const known = call.resource ? `cdt ${call.resource} --help` : 'cdt --help';
  return new StewardError('USAGE_ERROR', `Unknown command: cdt ${call.resource} ${call.verb}`.trim(), {
    details: { resource: call.resource, verb: call.verb },
    suggestions: [known, 'cdt --help'],
  });
}
