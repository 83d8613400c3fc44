/** `cdt session start|stop|status|restart` and `cdt daemon status|stop`, answered by the broker. */
import { StewardError } from '../../shared/errors.ts';
import type { CdtPaths } from './paths.ts';
import type { CommandCall } from './protocol.ts';
import type { ResolvedContext } from './resolver.ts';
import type { BrowserSlot } from './slot/index.ts';
import type { SlotSizing } from './slot/sizing.ts';

/** What the session commands need of the broker (the broker passes itself). */
export interface SessionHost {
  readonly startedAt: number;
  readonly slots: Map<string, BrowserSlot>;
  readonly gate: { readonly used: number; readonly waiting: number };
  readonly opts: { paths: CdtPaths; sizing: SlotSizing; requestStop: () => void };
  slotFor(
    ctx: ResolvedContext,
    call: Pick<CommandCall, 'headless' | 'browserEndpoint' | 'timeoutMs'>,
    signal?: AbortSignal,
  ): Promise<BrowserSlot>;
  closeSlot(id: string, reason: string): Promise<boolean>;
}

function contextFacts(ctx: ResolvedContext) {
  return { id: ctx.id, resolvedBy: ctx.resolvedBy, label: ctx.label };
}

export async function handleSessionCommand(
  broker: SessionHost,
  ctx: ResolvedContext,
  call: CommandCall,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const key = `${call.resource} ${call.verb}`;
  const extra = Object.keys(call.flags).filter((f) => !(key === 'session status' && f === 'all'));
  if (extra.length) {
    throw new StewardError('USAGE_ERROR', `Unknown option --${extra[0]} for cdt ${key}`, {
      details: { options: extra },
      suggestions: [`cdt ${key} --help`],
    });
  }
  const daemon = () => ({
    pid: process.pid,
    startedAt: new Date(broker.startedAt).toISOString(),
    uptimeMs: Date.now() - broker.startedAt,
    slots: broker.slots.size,
    maxSlots: broker.opts.sizing.maxSlots,
    /** Calls waiting in line for a free slot. */
    waitingForSlot: broker.gate.waiting,
    slotSizing: broker.opts.sizing,
    home: broker.opts.paths.home,
  });
  const existsOrThrow = () => {
    if (ctx.resolvedBy === 'context-id' && !broker.slots.has(ctx.id)) {
      throw new StewardError('CONTEXT_NOT_FOUND', `No context has the id ${ctx.id}.`, {
        details: { contextId: ctx.id },
        suggestions: ['cdt session status --all'],
      });
    }
  };
  switch (key) {
    case 'session start': {
      const running = broker.slots.get(ctx.id);
      if (running) {
        throw new StewardError('STATE_CONFLICT', `A browser is already running for this context (${ctx.id}).`, {
          details: { context: contextFacts(ctx) },
          suggestions: ['cdt session status', 'cdt session restart', 'cdt page list'],
        });
      }
      const slot = await broker.slotFor(ctx, call, signal);
      slot.touch(ctx.owner);
      return { started: true, context: contextFacts(ctx), session: slot.info() };
    }
    case 'session stop': {
      existsOrThrow();
      const stopped = await broker.closeSlot(ctx.id, 'session stop');
      return { stopped, context: contextFacts(ctx) };
    }
    case 'session restart': {
      existsOrThrow();
      const before = broker.slots.get(ctx.id);
      const opts = {
        headless: call.headless ?? before?.opts.headless,
        browserEndpoint: call.browserEndpoint ?? before?.opts.browserEndpoint,
        timeoutMs: call.timeoutMs,
      };
      await broker.closeSlot(ctx.id, 'session restart');
      // An operator's --context-id restart keeps the context as it was first resolved.
      const same: ResolvedContext = before
        ? { ...ctx, resolvedBy: before.opts.resolvedBy, label: before.opts.label, shortLived: before.opts.shortLived }
        : ctx;
      const slot = await broker.slotFor(same, opts, signal);
      slot.touch(ctx.owner);
      return { restarted: true, context: contextFacts(ctx), session: slot.info() };
    }
    case 'session status': {
      if (call.flags.all) return { daemon: daemon(), contexts: [...broker.slots.values()].map((s) => s.info()) };
      existsOrThrow();
      const slot = broker.slots.get(ctx.id);
      return { context: contextFacts(ctx), running: Boolean(slot), session: slot?.info() ?? null, daemon: daemon() };
    }
    case 'daemon status':
      return { daemon: daemon(), contexts: [...broker.slots.values()].map((s) => s.info()) };
    case 'daemon stop':
      setImmediate(() => broker.opts.requestStop());
      return { stopping: true, pid: process.pid };
    default:
      throw new StewardError('USAGE_ERROR', `Unknown command: cdt ${key}`, { suggestions: [`cdt ${call.resource} --help`] });
  }
}
