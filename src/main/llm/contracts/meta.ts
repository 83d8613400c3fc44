/**
 * What every model role's input and output share: the meta fields, trimmed strings, a
 * 0..1 confidence, and the shape of a contract (input, the body the model writes, role rules).
 */
import { z } from 'zod';

export const SCHEMA_VERSION = 'v1';
export const ROLES = ['understanding', 'planning', 'expert', 'synthesizer', 'router'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const Meta = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  agent: Role,
  trace_id: z.string().regex(/^trc_[A-Za-z0-9_-]{4,}$/, 'expected trc_…'),
  created_at: z.iso.datetime({ offset: true }),
});
export type Meta = z.infer<typeof Meta>;

/** A string stored trimmed (the model may pad it; we never store the padding). */
export const Trimmed = z.string().trim();
export const NonEmpty = z.string().trim().min(1, 'must not be empty');
export const Confidence = z.number().min(0, 'confidence is 0..1').max(1, 'confidence is 0..1');
export const LocaleTag = z.enum(['ko', 'en']);

export interface Contract<I extends z.ZodType, B extends z.ZodType> {
  role: Role;
  /** What the caller passes in (meta included). */
  input: I;
  /** What the model writes: the output without meta, which the runner stamps. */
  body: B;
  /** The full stored output: meta + body. */
  output: z.ZodType;
  /** Instructions for the model. */
  system: string;
  /**
   * A role rule that needs the input as well as the output (e.g. "only experts that exist").
   * Declared as a method so any contract can be used where its input and body are only known as zod types.
   */
  check?(input: z.infer<I>, output: z.infer<B>): string[];
}

/** The stored output: meta plus the body, with the body's own rules still checked. */
export function withMeta<S extends z.ZodObject>(body: S) {
  return Meta.extend(body.shape)
    .strict()
    .superRefine((value, ctx) => {
      const { schema_version: _v, agent: _a, trace_id: _t, created_at: _c, ...rest } = value as Record<string, unknown>;
      const r = body.safeParse(rest);
      if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    });
}

export function newTraceId(): string {
  return `trc_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** Meta for a new input: the role, a fresh trace id (or the caller's) and the time. */
export function makeMeta(agent: Role, traceId: string = newTraceId(), now: Date = new Date()): Meta {
  return { schema_version: SCHEMA_VERSION, agent, trace_id: traceId, created_at: now.toISOString() };
}
