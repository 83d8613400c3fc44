import { type ErrorValue, reasonOf } from '../../../shared/errors.ts';

/** What a turn's FINAL_ANSWER_READY records about a failure, for the log explorer: the cause (with the tool's own reason) and the next action. */
export function failureFields(failure: ErrorValue): {
  failure_cause: string;
  next_action: string | undefined;
  error: { code: string; message: string };
} {
  const code = reasonOf(failure);
  return { failure_cause: `${code}: ${failure.message}`, next_action: failure.suggestions[0], error: { code, message: failure.message } };
}
