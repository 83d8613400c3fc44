import { z } from 'zod';

/**
 * The laboratory over IPC: the same question (and follow-up lines) through the chosen routes —
 * legacy, domain_agent (old name mk2), orchestrator (old name v3) — compared turn by turn on each
 * turn's event bundle. Only zod here (the renderer imports it through ipc.ts).
 */
export const LabRunInput = z
  .object({
    question: z.string().trim().min(1).max(2000),
    followUps: z.array(z.string().trim().min(1).max(2000)).max(10).default([]),
    routes: z.array(z.string().min(1).max(40)).max(6).default([]),
  })
  .strict();

const RouteTurn = z.object({
  turnId: z.string(),
  reply: z.string(),
  stage: z.string(),
  flowState: z.string().optional(),
  expecting: z.string().optional(),
  outcome: z.string().optional(),
  failure: z.string().optional(),
  bundle: z.array(z.object({ type: z.string(), level: z.string(), message: z.string() })),
  tools: z.array(z.string()),
  skipped: z.array(z.string()),
});

export const LabRunOutput = z.object({
  lab_id: z.string(),
  routes: z.array(z.enum(['legacy', 'domain_agent', 'orchestrator'])),
  sessions: z.record(z.string(), z.string()),
  turns: z.array(
    z.object({ index: z.number(), text: z.string(), routes: z.record(z.string(), RouteTurn), differences: z.array(z.string()) }),
  ),
  summary: z.object({ turns: z.number(), identical: z.number(), differing: z.number() }),
});
export type LabRunOutput = z.infer<typeof LabRunOutput>;
