import { type ErrorValue, personError } from '../../../shared/errors.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

/**
 * An engine error as a person needs it, in their language: what happened (the page's own words
 * when it said something) and what to do next. With `detail` (the log explorer, for support
 * staff) the code and the technical message are shown too.
 */
export function ErrorBox({ error, detail = false }: { error: ErrorValue; detail?: boolean }) {
  const language = useUi((s) => s.language);
  const t = useT();
  const person = personError(error, language);
  return (
    <div className="error-box" role="alert">
      <p>{person.says}</p>
      <p>{person.next}</p>
      {detail && (
        <p>
          {t('logs.errorClass')}: <code>{error.code}</code> {error.message}
        </p>
      )}
    </div>
  );
}
