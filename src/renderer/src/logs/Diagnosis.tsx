import type { SessionDetail } from '../../../shared/ipc/index.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { formatTime } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { BeforeAfter } from './BeforeAfter.tsx';

type Failing = NonNullable<SessionDetail['failingStep']>;

/** A failed session in one screen: the failing step, the page before and after it, the decision before it, and the error. */
export function Diagnosis({ failing }: { failing: Failing }) {
  const t = useT();
  const language = useUi((s) => s.language);
  const title = failing.title ?? failing.stepId;
  return (
    <section aria-labelledby="diagnosis-title" className="failing diagnosis" data-testid="failing-step">
      <h4 id="diagnosis-title">{t('logs.diagnosis')}</h4>
      <dl className="diagnosis-facts">
        <dt>{t('logs.failedAt')}</dt>
        <dd>
          {title} <code>{failing.stepId}</code>
        </dd>
        {failing.decision && (
          <>
            <dt>{t('logs.decision')}</dt>
            <dd data-testid="failing-decision">
              <time dateTime={new Date(failing.decision.ts).toISOString()}>{formatTime(failing.decision.ts, language)}</time>{' '}
              <code>{failing.decision.from}</code> —{failing.decision.event}→ <code>{failing.decision.to}</code>
            </dd>
          </>
        )}
      </dl>
      <ErrorBox error={failing.error} detail />
      <BeforeAfter title={title} before={failing.before} after={failing.after} afterIsLast />
    </section>
  );
}
