import { type ErrorValue, personError } from '../../../shared/errors.ts';
import { useUi } from '../state/ui-store.ts';

/**
 * An engine error as a person needs it, in their language: what happened (the page's own words
 * when it said something) and what to do next. The code and the technical detail are in the log
 * explorer.
 */
export function ErrorBox({ error }: { error: ErrorValue }) {
  const language = useUi((s) => s.language);
  const person = personError(error, language);
  return (
    <div className="error-box" role="alert">
      <p>{person.says}</p>
      <p>{person.next}</p>
    </div>
  );
}
