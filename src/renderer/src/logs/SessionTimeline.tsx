import { useQuery } from '@tanstack/react-query';
import { call, EngineError } from '../api/client.ts';
import { ArtifactImage } from '../common/ArtifactImage.tsx';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';

const json = (v: unknown) => JSON.stringify(v, null, 1);

/** One session for support staff: failing step, turns, tool calls (redacted), machine decisions, screenshots. */
export function SessionTimeline({ sessionId }: { sessionId: string }) {
  const t = useT();
  const q = useQuery({ queryKey: ['session', sessionId], queryFn: () => call('logs.session', { sessionId }) });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  if (!q.data) return <p className="muted">{t('common.loading')}</p>;
  const d = q.data;
  return (
    <div className="timeline" data-testid="session-timeline">
      <h3>
        {d.session.title} <span className={`badge ${d.session.status}`}>{d.session.status}</span>
      </h3>
      {d.failingStep && (
        <section aria-labelledby="failing-title" className="failing" data-testid="failing-step">
          <h4 id="failing-title">
            {t('logs.failingStep')}: <code>{d.failingStep.stepId}</code>
          </h4>
          <ErrorBox error={d.failingStep.error} />
        </section>
      )}
      <details open>
        <summary>{t('logs.timeline')}</summary>
        <ol className="turns">
          {d.turns.map((turn) => (
            <li key={turn.id}>
              <time dateTime={new Date(turn.ts).toISOString()}>{new Date(turn.ts).toLocaleTimeString()}</time> <strong>{turn.role}</strong>{' '}
              {turn.text}
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
      <details open={d.screenshots.length > 0}>
        <summary>
          {t('logs.screenshots')} ({d.screenshots.length})
        </summary>
        <ul className="shots" data-testid="step-screenshots">
          {d.screenshots.map((s) => (
            <li key={s.artifactId}>
              <p>
                {s.stepId} · {s.phase}
              </p>
              <ArtifactImage artifactId={s.artifactId} alt={`${s.stepId} ${s.phase}`} />
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
