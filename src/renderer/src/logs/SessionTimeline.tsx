import { useQuery } from '@tanstack/react-query';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { formatDateTime, formatTime } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { BeforeAfter } from './BeforeAfter.tsx';
import { Diagnosis } from './Diagnosis.tsx';
import { outcomeClass, outcomeLabel } from './outcome.ts';
import './logs.css';

const json = (v: unknown) => JSON.stringify(v, null, 1);

/**
 * One session for support staff: how it ended, for a failed one the diagnosis (failing step, page
 * before/after, the decision before it, error class, cause, next action), each step with its
 * before/after pictures, then the turns, tool calls (redacted) and machine decisions.
 */
export function SessionTimeline({ sessionId }: { sessionId: string }) {
  const t = useT();
  const language = useUi((s) => s.language);
  const q = useQuery({ queryKey: ['session', sessionId], queryFn: () => call('logs.session', { sessionId }) });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  if (!q.data) return <p className="muted">{t('common.loading')}</p>;
  const d = q.data;
  return (
    <div className="timeline" data-testid="session-timeline">
      <h3>
        {d.session.title}{' '}
        <span className={`badge ${outcomeClass(d.session.status)}`} data-testid="session-status">
          {outcomeLabel(d.session.status, t)}
        </span>
      </h3>
      <p className="muted">
        {formatDateTime(d.session.startedAt, language)}
        {d.session.pack ? ` · ${d.session.pack}` : ''}
      </p>
      {d.failingStep && <Diagnosis failing={d.failingStep} />}
      {d.steps.length > 0 && (
        <details open={!d.failingStep}>
          <summary>{t('logs.steps', { n: d.steps.length })}</summary>
          <ol className="step-stories" data-testid="step-screenshots">
            {d.steps.map((s) => (
              <li key={`${s.stepId}-${s.ts}`} data-testid="step-story" data-status={s.status}>
                <p>
                  <strong>{s.title}</strong> <span className={`badge ${s.status}`}>{t(`status.${stepStatus(s.status)}`)}</span>{' '}
                  <code className="muted">{s.stepId}</code>
                </p>
                {s.error && <ErrorBox error={s.error} detail />}
                {(s.before || s.after) && (
                  <BeforeAfter title={s.title} before={s.before} after={s.after} unchanged={s.status === 'done' && !s.after} />
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
      <details>
        <summary>{t('logs.timeline')}</summary>
        <ol className="turns">
          {d.turns.map((turn) => (
            <li key={turn.id}>
              <time dateTime={new Date(turn.ts).toISOString()}>{formatTime(turn.ts, language)}</time>{' '}
              <strong>{turn.role === 'user' ? t('chat.you') : t('chat.steward')}</strong> {turn.text}
            </li>
          ))}
        </ol>
      </details>
      <details>
        <summary>
          {t('logs.toolCalls')} ({d.toolCalls.length})
        </summary>
        <ol className="tool-calls">
          {d.toolCalls.map((c) => (
            <li key={c.id}>
              <code>{c.tool}</code> <span className={`badge ${c.status}`}>{c.status}</span> {c.errorClass && <code>{c.errorClass}</code>}
              <pre>{json(c.args)}</pre>
              <pre>{json(c.result)}</pre>
            </li>
          ))}
        </ol>
      </details>
      <details>
        <summary>
          {t('logs.decisions')} ({d.decisions.length})
        </summary>
        <ol className="decisions">
          {d.decisions.map((x) => (
            <li key={`${x.ts}-${x.from}-${x.event}`}>
              <code>{x.from}</code> —{x.event}→ <code>{x.to}</code>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}

const STEP_STATUSES = ['pending', 'running', 'awaiting_approval', 'done', 'failed', 'skipped', 'cancelled'] as const;
const stepStatus = (s: string) => ((STEP_STATUSES as readonly string[]).includes(s) ? (s as (typeof STEP_STATUSES)[number]) : 'running');
