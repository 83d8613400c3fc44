/**
 * Expert: one turn of an expert's tool loop (at most 3). It either asks for tool calls,
 * answers from what the tools returned, or says it cannot — and who to ask. Never a guess.
 *
 * An expert whose subject is common knowledge (routes between well-known places, sights) may
 * be allowed `general_knowledge`: when its tools cannot answer, the model may answer from what
 * it knows, citing the source `general_knowledge` with at most 0.6 confidence, and the person is
 * told that the answer was not checked on a site.
 */
import { z } from 'zod';
import { Confidence, type Contract, LocaleTag, Meta, NonEmpty, Trimmed, withMeta } from './meta.ts';

export const MAX_EXPERT_ITERATIONS = 3;

export const ExpertInput = Meta.extend({
  expert: NonEmpty,
  question: NonEmpty,
  persona: Trimmed.default(''),
  tone: Trimmed.default('friendly'),
  locale: LocaleTag,
  iteration: z.number().int().min(1).max(MAX_EXPERT_ITERATIONS),
  tools: z.array(z.strictObject({ name: NonEmpty, description: NonEmpty })),
  observations: z.array(z.strictObject({ tool: NonEmpty, input: z.unknown(), output: z.unknown(), error: Trimmed.optional() })),
  general_knowledge: z.boolean().default(false),
}).strict();
export type ExpertInput = z.infer<typeof ExpertInput>;

const Finding = z.strictObject({ claim: NonEmpty, source_tool: NonEmpty, confidence: Confidence });

/** The source a finding cites when the model answers from what it knows (only where allowed). */
export const GENERAL_KNOWLEDGE = 'general_knowledge';

export const ExpertBody = z
  .strictObject({
    action: z.enum(['call_tools', 'answer', 'cannot_answer']),
    tool_calls: z.array(z.strictObject({ tool: NonEmpty, input: z.record(z.string(), z.unknown()) })),
    findings: z.array(Finding),
    answer: Trimmed.nullable(),
    who_to_ask: Trimmed.nullable(),
  })
  .superRefine((o, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (o.action === 'call_tools' && !o.tool_calls.length) issue('tool_calls', 'call_tools needs at least one tool call');
    if (o.action !== 'call_tools' && o.tool_calls.length) issue('tool_calls', 'tool calls only with action call_tools');
    if (o.action === 'answer' && !o.answer) issue('answer', 'an answer must not be empty');
    if (o.action === 'answer' && !o.findings.length) issue('findings', 'an answer rests on at least one finding from a tool');
    if (o.action === 'cannot_answer' && !o.who_to_ask) issue('who_to_ask', 'say who to ask when you cannot answer');
  });
export type ExpertBody = z.infer<typeof ExpertBody>;
export const ExpertOutput = withMeta(ExpertBody);

export const expert: Contract<typeof ExpertInput, typeof ExpertBody> = {
  role: 'expert',
  input: ExpertInput,
  body: ExpertBody,
  output: ExpertOutput,
  system: [
    'You are a domain expert with tools. Never guess: answer only from tool observations, citing the tool for every finding.',
    'If you need data, return action "call_tools" with the calls (only tools from the list). If the tools cannot answer,',
    'return "cannot_answer" and who_to_ask. Follow the persona and tone. Return only the JSON object.',
    'Only when general_knowledge is true and the tools cannot answer: you may answer from common knowledge, citing',
    'source_tool "general_knowledge" with confidence at most 0.6, and still give who_to_ask for up-to-date details.',
  ].join('\n'),
  check: (input, output) => {
    const tools = new Set(input.tools.map((t) => t.name));
    const observed = new Set(input.observations.map((o) => o.tool));
    const problems = output.tool_calls.filter((c) => !tools.has(c.tool)).map((c) => `tool "${c.tool}" is not available`);
    for (const f of output.findings) {
      if (f.source_tool === GENERAL_KNOWLEDGE) {
        if (!input.general_knowledge) problems.push('this expert must answer from its tools, not from general knowledge');
        else if (f.confidence > 0.6) problems.push('a finding from general knowledge has at most 0.6 confidence');
        else if (!output.who_to_ask) problems.push('an answer from general knowledge says who to ask for up-to-date details');
      } else if (!observed.has(f.source_tool)) problems.push(`finding cites "${f.source_tool}", which returned nothing yet`);
    }
    if (output.action === 'call_tools' && input.iteration >= MAX_EXPERT_ITERATIONS) {
      problems.push(`iteration ${input.iteration} is the last: answer or say who to ask`);
    }
    return problems;
  },
};
