import type { ErrorValue } from '../../../shared/errors.ts';
import { useT } from '../i18n/use-t.ts';

/** An engine error as a person needs it: its class, the cause and what to do next. */
export function ErrorBox({ error }: { error: ErrorValue }) {
  const t = useT();
  return (
    <div className="error-box" role="alert">
      <dl>
        <dt>{t('error.class')}</dt>
        <dd>
          <code>{error.code}</code>
        </dd>
        <dt>{t('error.cause')}</dt>
        <dd>{error.message}</dd>
        <dt>{t('error.next')}</dt>
        <dd>
          <ul>
            {error.suggestions.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </div>
  );
}
