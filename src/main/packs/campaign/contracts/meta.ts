/**
 * What every campaign agent's input and output share: the meta fields (schema version, the
 * agent, a trace id, the time), trimmed strings, 0..1 confidences, and the stored output shape
 * (meta + the body the model wrote, strict keys).
 */
import { z } from 'zod';
import { Confidence, NonEmpty, SCHEMA_VERSION, Trimmed } from '../../../llm/contracts/meta.ts';

export { Confidence, NonEmpty, SCHEMA_VERSION, Trimmed };

export const CAMPAIGN_AGENTS = ['planner', 'research', 'strategy', 'creative', 'voice'] as const;
export const CampaignAgent = z.enum(CAMPAIGN_AGENTS);
export type CampaignAgent = z.infer<typeof CampaignAgent>;

export const CampaignMeta = z.strictObject({
  schema_version: z.literal(SCHEMA_VERSION),
  agent: CampaignAgent,
  trace_id: z.string().regex(/^trc_[A-Za-z0-9_-]{4,}$/, 'expected trc_…'),
  created_at: z.iso.datetime({ offset: true }),
});
export type CampaignMeta = z.infer<typeof CampaignMeta>;

/** A calendar date as seen (YYYY-MM-DD). */
export const IsoDate = z.iso.date();

/** The stored output: meta plus the body (strict keys), with the body's own rules still checked. */
export function withCampaignMeta<T extends z.ZodRawShape>(body: z.ZodObject<T>) {
  return z.strictObject({ ...CampaignMeta.shape, ...body.shape }).superRefine((value, ctx) => {
    const { schema_version: _v, agent: _a, trace_id: _t, created_at: _c, ...rest } = value as Record<string, unknown>;
    const r = body.safeParse(rest);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

export function campaignMeta(agent: CampaignAgent, traceId: string, now: Date): CampaignMeta {
  return { schema_version: SCHEMA_VERSION, agent, trace_id: traceId, created_at: now.toISOString() };
}
