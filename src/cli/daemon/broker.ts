/**
 * The broker: resolves each call's context, keeps one browser slot per context, queues mutating
 * commands per context (contexts run in parallel), and answers with the JSON envelope.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runBrowserTool } from '../../main/browser/tools/index.ts';
import { type ErrorCode, exitCodeFor, StewardError } from '../../shared/errors.ts';
import { builtinFor, toolFor } from '../commands.ts';
import { errorEnvelope, okEnvelope } from '../output.ts';
import { withCommandSuggestions } from '../suggestions.ts';
import { buildToolInput } from '../tool-input.ts';
import { withLock, writeJsonAtomic } from './files.ts';
import { type CdtPaths, contextDir } from './paths.ts';
import type { CommandCall, DaemonRequest, DaemonResponse } from './protocol.ts';
import { withDeadline } from './queue.ts';
import { type ResolvedContext, resolveContext } from './resolver.ts';
import { handleSessionCommand } from './session-commands.ts';
import { BrowserSlot } from './slot.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

export interface BrokerOptions {
  paths: CdtPaths;
  maxSlots: number;
  /** Called when `cdt daemon stop` asks the daemon to exit (after the answer is sent). */
  requestStop: () => void;
}

export class Broker {
  readonly opts: BrokerOptions;
  readonly startedAt = Date.now();
  lastActivity = Date.now();
  /** Requests answered so far (a daemon nobody ever called exits soon). */
  handled = 0;
  readonly slots = new Map<string, BrowserSlot>();
  readonly #starting = new Map<string, Promise<BrowserSlot>>();

  constructor(opts: BrokerOptions) {
    this.opts = opts;
  }

  async handle(req: DaemonRequest): Promise<DaemonResponse> {
    const t0 = performance.now();
    this.lastActivity = Date.now();
    this.handled++;
    const warnings: string[] = [];
    let context: DaemonResponse['context'];
    try {
      if (req.op === 'ping') return this.#ok(req.id, { pid: process.pid }, t0);
      const call = req.call;
      if (!call) throw new StewardError('USAGE_ERROR', 'A call needs a command.', { suggestions: ['cdt --help'] });
      const ctx = resolveContext(req.caller);
      context = { id: ctx.id, resolvedBy: ctx.resolvedBy, label: ctx.label };
      if (ctx.warning) warnings.push(ctx.warning);
      const command = `cdt ${call.resource} ${call.verb}`.trim();
      if (call.resource === 'session' || call.resource === 'daemon') {
        if (!builtinFor(call.resource, call.verb)) throw unknownCommand(call);
        const data = await handleSessionCommand(this, ctx, call);
        return { ...this.#ok(req.id, data, t0), warnings, context };
      }
      const tool = toolFor(call.resource, call.verb);
      if (!tool) throw unknownCommand(call);
      const input = buildToolInput(tool, { flags: call.flags, page: call.page, inputFile: call.inputFile }, command);
      const slot = await this.slotFor(ctx, call);
      slot.touch(ctx.owner);
      const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const abort = new AbortController();
      const run = () =>
        withDeadline(
          runBrowserTool({ driver: slot.driver, artifactsDir: slot.artifactsDir, timeoutMs, signal: abort.signal }, tool.name, input),
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
      if (!(e instanceof StewardError)) warnings.push(`internal error: ${(e as Error)?.stack ?? String(e)}`);
      return { id: req.id, envelope: env, exitCode: exitCodeFor(env.error.code as never), warnings, context };
    }
  }

  #ok(id: string, data: unknown, t0: number): DaemonResponse {
    return { id, envelope: okEnvelope(data, { requestId: id, durationMs: Math.round(performance.now() - t0) }), exitCode: 0 };
  }

  /** The slot of a context, started on first use (one start at a time per context). */
  async slotFor(ctx: ResolvedContext, call: Pick<CommandCall, 'headless' | 'browserEndpoint'>): Promise<BrowserSlot> {
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
    if (this.slots.size + this.#starting.size >= this.opts.maxSlots) {
      throw new StewardError('SLOT_LIMIT_REACHED', `All ${this.opts.maxSlots} browser slots are in use.`, {
        details: { maxSlots: this.opts.maxSlots, contexts: [...this.slots.keys()] },
        suggestions: [
          'cdt session status --all',
          'cdt session stop --context-id <id>',
          'Raise CDT_MAX_SLOTS before the daemon starts (cdt daemon stop).',
        ],
      });
    }
    const start = BrowserSlot.open({
      id: ctx.id,
      dir: contextDir(this.opts.paths, ctx.id),
      resolvedBy: ctx.resolvedBy,
      label: ctx.label,
      headless: call.headless ?? true,
      browserEndpoint: call.browserEndpoint,
      shortLived: ctx.shortLived,
    }).then((slot) => {
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

  async closeSlot(id: string, reason: string): Promise<boolean> {
    const slot = this.slots.get(id);
    if (!slot) return false;
    this.slots.delete(id);
    process.stderr.write(`[${new Date().toISOString()}] closing context ${id}: ${reason}\n`);
    await slot.close();
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
