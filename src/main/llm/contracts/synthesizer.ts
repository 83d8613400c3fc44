/** Synthesizer: combines what the experts found into one answer for the person. */
import { z } from 'zod';
import { Confidence, type Contract, LocaleTag, Meta, NonEmpty, Trimmed, withMeta } from './meta.ts';

export const SynthesizerInput = Meta.extend({
  question: NonEmpty,
  persona: Trimmed.default(''),
  tone: Trimmed.default('friendly'),
  locale: LocaleTag,
  expert_results: z
    .array(
      z.strictObject({
        expert: NonEmpty,
        findings: z.array(z.strictObject({ claim: NonEmpty, source_tool: NonEmpty, confidence: Confidence })),
        answer: Trimmed.nullable(),
        who_to_ask: Trimmed.nullable(),
        error: Trimmed.nullable().default(null),
      }),
    )
    .min(1),
}).strict();
export type SynthesizerInput = z.infer<typeof SynthesizerInput>;

export const SynthesizerBody = z
  .strictObject({
    answer: NonEmpty,
    citations: z.array(z.strictObject({ expert: NonEmpty, claim: NonEmpty })),
    risks: z.array(NonEmpty),
    confidence: Confidence,
    /** Set when something failed: the cause and what to do next (never hidden). */
    failure: z.strictObject({ cause: NonEmpty, next_action: NonEmpty }).nullable(),
    who_to_ask: Trimmed.nullable(),
  })
  .superRefine((o, ctx) => {
    if (!o.citations.length && !o.who_to_ask) {
      ctx.addIssue({ code: 'custom', path: ['who_to_ask'], message: 'an answer without citations must say who to ask' });
    }
  });
export type SynthesizerBody = z.infer<typeof SynthesizerBody>;
export const SynthesizerOutput = withMeta(SynthesizerBody);

export const synthesizer: Contract<typeof SynthesizerInput, typeof SynthesizerBody> = {
  role: 'synthesizer',
  input: SynthesizerInput,
  body: SynthesizerBody,
  output: SynthesizerOutput,
  system: [
    "You write the final answer from the experts' findings only, in the locale, persona and tone given.",
    'Cite the expert for every claim you use. Put anything uncertain in risks. If an expert failed, fill failure with the',
    'cause and the next action. If the findings do not answer the question, say so and who to ask. Return only the JSON object.',
  ].join('\n'),
  check: (input, output) => {
    const experts = new Set(input.expert_results.map((r) => r.expert));
    const problems = output.citations.filter((c) => !experts.has(c.expert)).map((c) => `citation names unknown expert "${c.expert}"`);
    if (input.expert_results.some((r) => r.error) && !output.failure)
      problems.push('an expert failed: fill failure with cause and next action');
    return problems;
  },
};
