/**
 * Envelope + exit-code helpers for every `cdt` command (also used by `cdt agent …`, src/cli/agent/commands.ts).
 * Exit codes come from the error code via src/shared/errors.ts: 0 ok, 2 usage, 3 not found, 4 timeout,
 * 5 state, 6 external, 7 protocol, 8 transient, 10 connection, 11 internal.
 */
import { type ErrorCode, ErrorCode as ErrorCodeSchema, exitCodeFor, StewardError, toErrorValue } from '../shared/errors.ts';
import { type Envelope, type ErrorEnvelope, newRequestId, type OkEnvelope, type PrintOptions, writeEnvelope } from './envelope.ts';

export type { Envelope, ErrorBody, ErrorEnvelope, OkEnvelope, PrintOptions } from './envelope.ts';
export { diag, renderEnvelope, selectFields, writeEnvelope } from './envelope.ts';

/** What a command returns before it is printed: the envelope (and human lines for --output text). */
export type CliResult = Envelope & { lines?: string[] };

export function okEnvelope(data: unknown, meta: { requestId?: string; durationMs?: number } = {}): OkEnvelope {
  return { ok: true, data, meta: { requestId: meta.requestId ?? newRequestId(), durationMs: meta.durationMs ?? 0 } };
}

/** Any thrown thing as an error envelope (unknown errors become INTERNAL). */
export function errorEnvelope(e: unknown, meta: { requestId?: string; durationMs?: number } = {}): ErrorEnvelope {
  const v = toErrorValue(e);
  return {
    ok: false,
    error: { code: v.code, message: v.message, details: v.details, suggestions: v.suggestions },
    meta: {
      retryable: v.retryable,
      ...(meta.requestId ? { requestId: meta.requestId } : {}),
      ...(meta.durationMs !== undefined ? { durationMs: meta.durationMs } : {}),
    },
  };
}

export function failure(code: ErrorCode, message: string, opts: ConstructorParameters<typeof StewardError>[2] = {}): ErrorEnvelope {
  return errorEnvelope(new StewardError(code, message, opts));
}

/** The process exit code for a result: 0 when ok, else derived from the error code. */
export function exitCodeOf(result: Envelope): number {
  if (result.ok) return 0;
  const parsed = ErrorCodeSchema.safeParse(result.error.code);
  return parsed.success ? exitCodeFor(parsed.data) : exitCodeFor('INTERNAL');
}

/** Prints the result on stdout and returns the exit code to use. */
export function emit(result: CliResult, opts: Partial<PrintOptions> = {}): number {
  const { lines, ...env } = result;
  writeEnvelope(env as Envelope, {
    output: opts.output ?? 'json',
    fields: opts.fields,
    tty: opts.tty ?? process.stdout.isTTY,
    lines: opts.lines ?? lines,
  });
  return exitCodeOf(result);
}
