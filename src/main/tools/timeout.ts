/**
 * One run of a tool within its time: the call is aborted at its timeout (TIMEOUT) or when the
 * caller's signal fires (cancelled); a watched call settles only once the tool really stopped
 * (bounded), so the network hold lasts until then.
 */
import { StewardError } from '../../shared/errors.ts';
import type { CallContext, RuntimeTool, ToolOutput } from './types.ts';

/** How long a watched call that timed out may keep running (its network still held) before the hold ends anyway. */
const STOP_GRACE_MS = 10_000;

/** With `untilStopped` (a watched call), a timeout or cancel settles only once the tool really stopped (bounded): the hold lasts until then. */
export function runWithTimeout(
  tool: RuntimeTool,
  input: Record<string, unknown>,
  ctx: CallContext,
  defaultTimeoutMs: number,
  untilStopped = false,
): Promise<ToolOutput> {
  const timeoutMs = ctx.timeoutMs ?? defaultTimeoutMs;
  const ac = new AbortController();
  const onAbort = () => ac.abort(ctx.signal?.reason);
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new StewardError('TIMEOUT', `${tool.name} did not finish within ${timeoutMs} ms.`, {
        details: { tool: tool.name, timeout_ms: timeoutMs },
      });
      ac.abort(e);
      reject(e);
    }, timeoutMs);
  });
  const aborted = new Promise<never>((_, reject) => {
    if (ctx.signal?.aborted) reject(new StewardError('STATE_CONFLICT', 'Cancelled.', { suggestions: ['Run the plan again.'] }));
    ctx.signal?.addEventListener(
      'abort',
      () => reject(new StewardError('STATE_CONFLICT', 'Cancelled.', { suggestions: ['Run the plan again.'] })),
      { once: true },
    );
  });
  aborted.catch(() => undefined);
  const running = tool.run(input, { signal: ac.signal, timeoutMs });
  const stopped = running.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([running, timeout, aborted]).finally(async () => {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onAbort);
    if (untilStopped) await Promise.race([stopped, new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
  });
}
