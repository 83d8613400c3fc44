/** `--describe`: a command's input JSON schema (zod 4's z.toJSONSchema), an example, and the error codes it can return. */
import { CODE_INFO } from '../shared/errors.ts';
import { builtinFor, errorsForTool, toolFor } from './commands.ts';
import { emit, failure, okEnvelope } from './output.ts';
import { planDescription } from './plan/describe-plan.ts';
import { exampleCommand, inputJsonSchema } from './tool-input.ts';

export function describeCommand(resource: string, verb: string, output: 'json' | 'text'): number {
  const tool = toolFor(resource, verb);
  const errorsOf = (codes: readonly (keyof typeof CODE_INFO)[]) =>
    codes.map((code) => ({ code, exitCode: CODE_INFO[code].exit, meaning: CODE_INFO[code].meaning }));
  if (tool) {
    const example = tool.example as Record<string, unknown> | undefined;
    return emit(
      okEnvelope({
        command: `cdt ${resource} ${verb}`,
        tool: tool.name,
        description: tool.description,
        readOnly: tool.readOnly,
        inputSchema: inputJsonSchema(tool),
        example: { input: example ?? {}, command: exampleCommand(tool, example) },
        errors: errorsOf(errorsForTool(tool)),
      }),
      { output },
    );
  }
  const b = builtinFor(resource, verb);
  if (b) {
    const props = Object.fromEntries(
      Object.entries(b.flags ?? {}).map(([k, d]) => {
        const name = k.split(' ')[0] as string;
        return [name, { type: b.valueFlags?.includes(name) ? 'string' : 'boolean', description: d }];
      }),
    );
    return emit(
      okEnvelope({
        command: `cdt ${resource} ${verb}`.trim(),
        description: b.description,
        inputSchema: { type: 'object', properties: props, additionalProperties: false },
        example: { command: b.example },
        errors: errorsOf(b.errors),
        ...(resource === 'plan' ? planDescription() : {}),
      }),
      { output },
    );
  }
  return emit(
    failure('USAGE_ERROR', `Unknown command: cdt ${resource} ${verb}`.trim(), {
      suggestions: [resource ? `cdt ${resource} --help` : 'cdt --help', 'cdt --help'],
    }),
    { output },
  );
}
