import { redactToolInput } from './redact/index.ts';
import type { CallContext, RuntimeTool, ToolOutput } from './types.ts';

/** How the runtime records a call: the input as the audit row keeps it, and a summary of the result. */

/** The input as the audit row keeps it: a value typed into an OTP, password or card field (or refused for what it is) is masked. */
export function loggableInput(tool: RuntimeTool, input: unknown, ctx: CallContext, refused = false): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input ?? {};
  const step = ctx.step as { target?: { name?: string; label?: string; placeholder?: string } } | undefined;
  const fields = input as Record<string, unknown>;
  const field = [step?.target?.name, step?.target?.label, step?.target?.placeholder, tool.describe?.(fields)].filter(Boolean).join(' ');
  return redactToolInput(fields, field, refused);
}

/** What an audit row keeps of a result: data and lines (not the whole snapshot text). */
export function summarise(out: ToolOutput): unknown {
  const { snapshot, ...data } = out.data;
  const text = typeof snapshot === 'string' ? snapshot : out.snapshot;
  // snapshots are kept by size only (they can be large and show what the person typed)
  return {
    data,
    lines: text ? [`(snapshot, ${text.length} chars)`] : out.lines?.slice(0, 20),
    files: out.files,
    ...(text ? { snapshot_chars: text.length } : {}),
  };
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
