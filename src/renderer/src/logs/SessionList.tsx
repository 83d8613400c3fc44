import { useQuery } from '@tanstack/react-query';
import type { EventFilter } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { formatDateTime } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { outcomeClass, outcomeLabel } from './outcome.ts';

/** Sessions matching the filter, newest first, with status and error class. */
export function SessionList({ filter }: { filter: EventFilter }) {
  const t = useT();
  const language = useUi((s) => s.language);
  const selected = useUi((s) => s.selectedSessionId);
  const select = useUi((s) => s.selectSession);
  const q = useQuery({ queryKey: ['sessions', filter], queryFn: () => call('logs.sessions', { ...filter, limit: 200 }) });
  return (
    <nav className="sessions" aria-labelledby="sessions-title">
      <h3 id="sessions-title">{t('logs.sessions')}</h3>
      {q.error instanceof EngineError && <ErrorBox error={q.error.value} />}
      {q.data?.length === 0 && <p className="muted">{t('logs.noSessions')}</p>}
      <ul>
        {q.data?.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-current={selected === s.id ? 'true' : undefined}
              onClick={() => select(s.id)}
              data-testid="session-item"
            >
              <span className="session-title">{s.title}</span>
              <span className={`badge ${outcomeClass(s.status)}`} data-testid="session-status">
                {outcomeLabel(s.status, t)}
              </span>
              {s.errorClass && <code className="error-class">{s.errorClass}</code>}
              <span className="muted">
                {s.pack ? `${s.pack} · ` : ''}
                {formatDateTime(s.startedAt, language)} · {t('logs.eventsCount', { n: s.eventCount })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
