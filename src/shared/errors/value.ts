import { z } from 'zod';
import { CODE_INFO } from './code-info.ts';
import { type ErrorClass, ErrorCode } from './codes.ts';

/**
 * The one error value every caller derives from. The engine code decides the class, the exit
 * code and whether to retry; the message and the details are for the log (a uid, a timeout, the
 * tool's own reason in `details.reason`, the page's own words in `details.page_says`, words
 * already made for the person in `details.person_says`); the
 * suggestions are next steps for a developer or an agent, the first being the next action. What
 * the person reads is made from the value by person.ts, in their language.
 */
export const ErrorValue = z.object({
  code: ErrorCode,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).default({}),
  suggestions: z.array(z.string()).min(1),
  retryable: z.boolean(),
});
export type ErrorValue = z.infer<typeof ErrorValue>;

/** An error as a value that can also be thrown. */
export class StewardError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;
  readonly suggestions: string[];
  readonly retryable: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; suggestions?: string[]; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'StewardError';
    this.code = code;
    this.details = opts.details ?? {};
    this.suggestions = opts.suggestions?.length ? opts.suggestions : [CODE_INFO[code].suggestion];
    this.retryable = opts.retryable ?? CODE_INFO[code].retryable;
  }

  toValue(): ErrorValue {
    return { code: this.code, message: this.message, details: this.details, suggestions: this.suggestions, retryable: this.retryable };
  }
}

export function isStewardError(e: unknown): e is StewardError {
  return e instanceof StewardError;
}

/** Any thrown thing as an ErrorValue; unknown errors become INTERNAL with their message. */
export function toErrorValue(e: unknown): ErrorValue {
  if (isStewardError(e)) return e.toValue();
  const message = e instanceof Error ? e.message : String(e);
  return new StewardError('INTERNAL', message).toValue();
}

/**
 * The error value of a failure reported by a tool or a pack, whose own code (OTP_EXPIRED,
 * ADDRESS_NOT_FOUND …) may not be an engine code: the engine code is that code when it is one,
 * else the class the tool gave, else INTERNAL; the tool's own code stays in details.reason. The
 * next action is `next` when given, else the code's own suggestion.
 */
export function failureValue(reason: string, message: string, details: Record<string, unknown> = {}, next?: string): ErrorValue {
  const own = ErrorCode.safeParse(reason);
  const cls = ErrorCode.safeParse(details.class);
  const code = own.success ? own.data : cls.success ? cls.data : 'INTERNAL';
  const suggestions = [next ?? CODE_INFO[code].suggestion];
  return { code, message, details: { ...details, reason }, suggestions, retryable: CODE_INFO[code].retryable };
}

/** The code a failure is known by in replies and the log: the tool's own reason when it gave one. */
export function reasonOf(e: ErrorValue): string {
  return typeof e.details.reason === 'string' ? e.details.reason : e.code;
}

export function errorClassOf(code: ErrorCode): ErrorClass {
  return CODE_INFO[code].class;
}

/** The error as events and tool-call rows record it: the value with its class, for the log explorer's filter. */
export function logError(e: unknown): ErrorValue & { class: ErrorClass } {
  const v = toErrorValue(e);
  return { ...v, class: errorClassOf(v.code) };
}

export function exitCodeFor(code: ErrorCode): number {
  return CODE_INFO[code].exit;
}

/** The exit code for a code read from outside (a wire envelope): an unknown one exits as INTERNAL. */
export function exitCodeOfCode(code: string): number {
  const known = ErrorCode.safeParse(code);
  return exitCodeFor(known.success ? known.data : 'INTERNAL');
}
