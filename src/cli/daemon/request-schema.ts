/**
 * What the daemon accepts on its socket: every request line is parsed as JSON and checked against
 * this schema before anything runs. A line that fails is answered with VALIDATION_ERROR naming the
 * first bad field (e.g. `caller.owner.pid`), never with a stack trace. Unknown extra keys are
 * dropped (a newer client may add some); unknown operations are refused.
 */
import { z } from 'zod';
import { StewardError } from '../../shared/errors.ts';
import type { CallerInfo } from '../caller.ts';
import type { CommandCall, DaemonRequest } from './protocol.ts';

const text = (max: number) => z.string().max(max);
const pid = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const callerSchema = z.object({
  envContextId: text(256).optional(),
  shareGroup: text(256).optional(),
  contextId: text(256).optional(),
  cliPid: pid,
  parentPid: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 31),
  owner: z.object({ pid, startTime: text(64), comm: text(256), tty: z.number().int() }).optional(),
  cwd: text(4096),
}) satisfies z.ZodType<CallerInfo>;

export const callSchema = z.object({
  resource: text(64),
  verb: text(64),
  flags: z.record(text(256), z.union([z.string(), z.literal(true)])),
  page: text(64).optional(),
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(24 * 3600_000)
    .optional(),
  headless: z.boolean().optional(),
  inputFile: text(4096).optional(),
  browserEndpoint: text(4096).optional(),
  verbose: z.boolean().optional(),
  debug: z.boolean().optional(),
  guard: z.boolean().optional(),
}) satisfies z.ZodType<CommandCall>;

export const requestSchema = z.discriminatedUnion('op', [
  z.object({ id: text(200), op: z.literal('ping'), caller: callerSchema.optional(), call: callSchema.optional() }),
  z.object({ id: text(200), op: z.literal('call'), caller: callerSchema, call: callSchema }),
]) satisfies z.ZodType<DaemonRequest>;

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  return path.length ? path.map(String).join('.') : '(request)';
}

/** The request id of a line that failed validation, when it has a usable one (for the answer). */
export function requestIdOf(value: unknown): string {
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' && value.id.length <= 200) return value.id;
  return '';
}

/** Parses one request line: JSON, then the schema. Throws StewardError (no stack in what is sent back). */
export function parseRequestLine(line: string): DaemonRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    throw new StewardError('PROTOCOL_ERROR', `Bad request line: not JSON: ${(e as Error).message}`, {
      details: { field: '(request)' },
      suggestions: ['Send one JSON object per line: {"id":"…","op":"call"|"ping","caller":{…},"call":{…}}.'],
    });
  }
  const parsed = requestSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ field: fieldOf(i.path), message: i.message }));
  const first = issues[0] ?? { field: '(request)', message: 'invalid' };
  throw new StewardError('VALIDATION_ERROR', `Bad request: ${first.field}: ${first.message}`, {
    details: { field: first.field, issues: issues.slice(0, 10) },
    suggestions: ['Requests are {"id":"…","op":"call"|"ping","caller":{…},"call":{"resource","verb","flags":{…}}}.', 'cdt --help'],
  });
}
