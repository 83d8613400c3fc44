import { useQuery } from '@tanstack/react-query';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useRecordsT } from './records-texts.ts';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A session's domain records for support staff: goal, intents per turn, the task's slots and the end summaries. */
export function SessionRecords({ sessionId }: { sessionId: string }) {
  const t = useRecordsT();
  const q = useQuery({ queryKey: ['session', sessionId, 'records'], queryFn: () => call('logs.records', { sessionId }) });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  if (!q.data) return null;
  const d = q.data;
  return (
    <section className="records" aria-labelledby="records-title" data-testid="session-records">
      <h4 id="records-title">{t('records.title')}</h4>
      <p data-testid="records-goal">
        <strong>{t('records.goal')}:</strong> {d.goal || <span className="muted">{t('records.noGoal')}</span>}
      </p>
      <details open={d.intents.length > 0}>
        <summary>
          {t('records.intents')} ({d.intents.length})
        </summary>
        {d.intents.length === 0 && <p className="muted">{t('records.none')}</p>}
        <ol data-testid="records-intents">
          {d.intents.map((i) => (
            <li key={`${i.ts}-${i.turnId ?? ''}-${i.intent}`}>
              <code>{i.intent}</code> · {t('records.confidence')} {i.confidence.toFixed(2)} — {i.text}
            </li>
          ))}
        </ol>
      </details>
      <details open={d.slots.length > 0}>
        <summary>
          {t('records.slots')} ({d.slots.length})
        </summary>
        {d.slots.length === 0 && <p className="muted">{t('records.none')}</p>}
        <dl data-testid="records-slots">
          {d.slots.map((s) => (
            <div key={s.key} className={`slot ${s.status}`}>
              <dt>
                <code>{s.key}</code>
              </dt>
              <dd>{s.status === 'missing' ? <em>{t('records.missing')}</em> : show(s.value)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <details open={d.summaries.length > 0}>
        <summary>
          {t('records.summaries')} ({d.summaries.length})
        </summary>
        {d.summaries.length === 0 && <p className="muted">{t('records.none')}</p>}
        <ol data-testid="records-summaries">
          {d.summaries.map((s) => (
            <li key={`${s.ts}-${s.turnId ?? ''}`}>
              <p>{s.text}</p>
              {s.recommendations.length > 0 && (
                <details>
                  <summary>
                    {t('records.recommendations')} ({s.recommendations.length})
                  </summary>
                  <pre>{JSON.stringify(s.recommendations, null, 1)}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
