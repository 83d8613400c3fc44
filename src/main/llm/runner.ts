/**
 * One way to call a model for any role: structured output, validate against the role's
 * contract, retry once with the validation error in the prompt, then SCHEMA_VALIDATION_FAILED.
 * A model or network failure is MODEL_UNAVAILABLE. Nothing is ever substituted for an answer.
 */
import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import type { z } from 'zod';
import { StewardError } from '../../shared/errors.ts';
import { CONTRACTS, type Contract, type Contracts, newTraceId, type Role, SCHEMA_VERSION } from './contracts/index.ts';

export type ContractInput<R extends Role> = z.input<Contracts[R]['input']>;
export type ContractOutput<R extends Role> = z.infer<Contracts[R]['body']> & {
  schema_version: typeof SCHEMA_VERSION;
  agent: R;
  trace_id: string;
  created_at: string;
};

export interface RunOptions {
  model: LanguageModel;
  /** Shown in errors ("openai/gpt-4o-mini"). */
  modelName?: string;
  signal?: AbortSignal;
  /** For tests: a fixed clock for created_at. */
  now?: () => Date;
  /** Passed to the AI SDK; network retries of the provider call itself (default 1). */
  maxRetries?: number;
}

export interface Attempt {
  attempt: number;
  error: string;
  text?: string;
}

function issuesText(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] })?.issues;
  if (Array.isArray(issues)) return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
  if (error instanceof Error) return error.cause ? `${error.message} (${issuesText(error.cause)})` : error.message;
  return String(error);
}

function retryPrompt(prompt: string, last: Attempt): string {
  return [
    prompt,
    '',
    'Your previous answer did not match the required JSON contract.',
    `Validation errors: ${last.error}`,
    last.text ? `Your previous answer was: ${last.text.slice(0, 4000)}` : '',
    'Answer again with one JSON object that fixes these errors: no markdown, no extra keys, same types.',
  ].join('\n');
}

export async function runContract<R extends Role>(role: R, rawInput: ContractInput<R>, opts: RunOptions): Promise<ContractOutput<R>> {
  const contract: Contract<z.ZodType, z.ZodType> = CONTRACTS[role];
  return (await runModelContract(contract, rawInput, opts)) as ContractOutput<R>;
}

/**
 * A contract any module declares (a pack's own roles included): its role name, input, the body
 * the model writes, instructions and an optional rule over input and output together.
 */
export interface ModelContract<I extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, A extends string = string> {
  role: A;
  input: I;
  body: B;
  system: string;
  check?(input: z.infer<I>, output: z.infer<B>): string[];
}

/** The stored output of a contract: the body stamped with the meta fields. */
export type StampedOutput<B, A extends string = string> = B & {
  schema_version: typeof SCHEMA_VERSION;
  agent: A;
  trace_id: string;
  created_at: string;
};

/** Runs any contract the same way as the shipped roles: validate, retry once, then SCHEMA_VALIDATION_FAILED. */
export async function runModelContract<I extends z.ZodType, B extends z.ZodType, A extends string>(
  contract: ModelContract<I, B, A>,
  rawInput: unknown,
  opts: RunOptions,
): Promise<StampedOutput<z.infer<B>, A>> {
  const role = contract.role;
  const parsedInput = contract.input.safeParse(rawInput);
  if (!parsedInput.success) {
    throw new StewardError('VALIDATION_ERROR', `Input for the ${role} role does not match its contract: ${issuesText(parsedInput.error)}`, {
      details: { role, issues: parsedInput.error.issues },
      suggestions: ['Fix the named input field; the model was not called.'],
    });
  }
  const input = parsedInput.data;
  if ((input as { agent?: string }).agent !== role) {
    throw new StewardError('VALIDATION_ERROR', `Input meta.agent is "${(input as { agent?: string }).agent}", not "${role}".`, {
      details: { role },
      suggestions: ['Build the input meta with makeMeta(role).'],
    });
  }
  const prompt = `Input (${role}, schema ${SCHEMA_VERSION}):\n${JSON.stringify(input, null, 2)}`;
  const attempts: Attempt[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const last = attempts[attempts.length - 1];
    let body: unknown;
    try {
      const result = await generateText({
        model: opts.model,
        system: contract.system,
        prompt: last ? retryPrompt(prompt, last) : prompt,
        output: Output.object({ schema: contract.body, name: `${role}_output` }),
        maxRetries: opts.maxRetries ?? 1,
        ...(opts.signal ? { abortSignal: opts.signal } : {}),
      });
      body = result.output;
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) {
        attempts.push({ attempt, error: issuesText(error.cause ?? error), ...(error.text !== undefined ? { text: error.text } : {}) });
        continue;
      }
      if (opts.signal?.aborted) throw error;
      const cause = error instanceof Error ? error.message : String(error);
      throw new StewardError('MODEL_UNAVAILABLE', `The ${role} model could not be reached: ${cause}`, {
        cause: error,
        details: { role, model: opts.modelName ?? modelLabel(opts.model), cause, status: (error as { statusCode?: number }).statusCode },
        suggestions: [
          'Check the provider, model name, API key and base URL in settings, then retry.',
          'Or switch understanding to the offline parser.',
        ],
      });
    }
    const problems = contract.check?.(input, body as z.infer<B>) ?? [];
    if (problems.length) {
      attempts.push({ attempt, error: problems.join('; '), text: JSON.stringify(body) });
      continue;
    }
    return {
      schema_version: SCHEMA_VERSION,
      agent: role,
      trace_id: (input as { trace_id?: string }).trace_id ?? newTraceId(),
      created_at: (opts.now?.() ?? new Date()).toISOString(),
      ...(body as z.infer<B> & object),
    };
  }
  throw new StewardError('SCHEMA_VALIDATION_FAILED', `The ${role} model's answer did not match its contract after one retry.`, {
    details: { role, model: opts.modelName ?? modelLabel(opts.model), attempts },
    suggestions: ['Retry the turn, choose a stronger model in settings, or switch understanding to the offline parser.'],
  });
}

function modelLabel(model: LanguageModel): string {
  return typeof model === 'string' ? model : `${model.provider}/${model.modelId}`;
}
