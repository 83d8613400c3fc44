/**
 * The per-turn debug record kept with `turn_finished`: which tools were candidates, called or
 * skipped, what the last question expects, the held facts as the pack shows them (masked), and
 * the policy rules that decided.
 */
export interface TurnDebug {
  tool: { last_function?: string; last_status?: 'ok' | 'error'; last_error?: string; candidate_calls: string[]; skipped: string[] };
  slot: { expected_input?: string; entity?: Record<string, unknown> };
  policy: { input_rules: string[]; tool_rules: string[] };
}

export function emptyDebug(): TurnDebug {
  return { tool: { candidate_calls: [], skipped: [] }, slot: {}, policy: { input_rules: [], tool_rules: [] } };
}
