/**
 * Understanding through a model: the same result shape as the offline parser
 * (commands, intent, slots, locale), produced by the understanding contract.
 */
import type { Command, Intent, Locale, UnderstandingState } from '../../shared/commands.ts';
import { makeMeta } from './contracts/meta.ts';
import { type RunOptions, runContract } from './runner.ts';

export interface ModelUnderstanding {
  commands: Command[];
  intent?: { name: Intent; confidence: number };
  slots: Record<string, unknown>;
  locale: Locale;
  trace_id: string;
}

export async function understandWithModel(
  text: string,
  ctx: { now: Date; tz: string; locale?: Locale; state?: UnderstandingState; sessionId?: string; traceId?: string },
  opts: RunOptions,
): Promise<ModelUnderstanding> {
  const out = await runContract(
    'understanding',
    {
      ...makeMeta('understanding', ctx.traceId, opts.now?.() ?? new Date()),
      session_id: ctx.sessionId ?? 'adhoc',
      user_message: text,
      now: ctx.now.toISOString(),
      tz: ctx.tz,
      ...(ctx.locale ? { locale: ctx.locale } : {}),
      state: ctx.state ?? {},
    },
    opts,
  );
  const slots: Record<string, unknown> = {};
  for (const c of out.commands) if (c.type === 'set_slot' || c.type === 'correct_slot') slots[c.slot] = c.value;
  return {
    commands: out.commands,
    ...(out.intent ? { intent: out.intent } : {}),
    slots,
    locale: out.locale,
    trace_id: out.trace_id,
  };
}

/**
 * A drop-in for a session's `understand` option (conversation/understanding.ts): the model path with the offline
 * parser's signature and result (minus trace_id). Errors (MODEL_UNAVAILABLE,
 * SCHEMA_VALIDATION_FAILED) propagate; nothing is substituted.
 */
export function modelUnderstander(opts: RunOptions) {
  return async (
    text: string,
    ctx: { now: Date; tz: string; locale?: Locale; state: UnderstandingState },
  ): Promise<Omit<ModelUnderstanding, 'trace_id'>> => {
    const { trace_id: _trace, ...rest } = await understandWithModel(text, ctx, opts);
    return rest;
  };
}
