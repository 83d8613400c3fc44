/** One expert's own tool loop: at most three iterations, each calling a tool the question gives arguments for. */
import type { ToolPort } from '../tool-port.ts';
import type { Collected, ExpertOf, GraphState } from './types.ts';

export const MAX_EXPERT_ITERATIONS = 3;

export async function runExpertLoop(
  expert: ExpertOf,
  state: GraphState,
  tools: ToolPort,
  ctx: { sessionId: string; turnId: string },
): Promise<Collected[]> {
  const out: Collected[] = [];
  const tried = new Set<string>();
  for (let i = 0; i < MAX_EXPERT_ITERATIONS; i++) {
    const tool = expert.tools.find((t) => !tried.has(t.name) && t.argsFrom(state.question, state.context) !== null);
    if (!tool) break;
    tried.add(tool.name);
    const args = tool.argsFrom(state.question, state.context) as Record<string, unknown>;
    const r = await tools.call(tool.name, args, { ...ctx, purpose: `${expert.id} expert: ${tool.description.en}` });
    out.push(
      r.ok
        ? { expert: expert.id, tool: tool.name, ok: true, data: r.data }
        : { expert: expert.id, tool: tool.name, ok: false, error: r.error },
    );
    if (r.ok) break;
  }
  return out;
}
