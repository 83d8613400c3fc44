import type { z } from 'zod';
import type { ApprovalKind } from '../../shared/plan.ts';
import type { RuntimeTool, ToolOutput, ToolRunContext } from './types.ts';

/** A tool a capability pack brings: a name, a zod input schema, a gate if it has one, and a handler. */
export interface PackToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  readOnly?: boolean;
  idempotent?: boolean;
  approval?: ApprovalKind;
  run(input: z.output<S>, ctx: ToolRunContext): Promise<Record<string, unknown>>;
}

export function packTool<S extends z.ZodType>(spec: PackToolSpec<S>): RuntimeTool {
  return {
    name: spec.name,
    source: 'pack',
    description: spec.description,
    schema: spec.schema,
    readOnly: spec.readOnly ?? false,
    idempotent: spec.idempotent ?? spec.readOnly ?? false,
    ...(spec.approval ? { approval: spec.approval } : {}),
    async run(input, ctx): Promise<ToolOutput> {
      return { data: await spec.run(input as z.output<S>, ctx) };
    },
  };
}
