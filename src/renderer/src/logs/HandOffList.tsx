import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { formatDateTime } from '../common/format.ts';
import { useUi } from '../state/ui-store.ts';
import { useRecordsT } from './records-texts.ts';

/** Support staff's queue: requests no tool could carry out, each with its error, the request and the conversation attached. */
export function HandOffList() {
  const t = useRecordsT();
  const select = useUi((s) => s.selectSession);
  const language = useUi((s) => s.language);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['sessions', 'handoffs'], queryFn: () => call('logs.handoffs', {}) });
  const close = useMutation({
    mutationFn: (id: string) => call('logs.closeHandoff', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sessions', 'handoffs'] }),
  });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  const list = q.data ?? [];
  return (
    <section className="handoffs" aria-labelledby="handoffs-title" data-testid="handoffs">
      <details open={list.some((h) => h.status === 'open')}>
        <summary id="handoffs-title">
          {t('handoffs.title')} ({list.filter((h) => h.status === 'open').length})
        </summary>
        {list.length === 0 && <p className="muted">{t('records.none')}</p>}
        <ul>
          {list.map((h) => (
            <li key={h.id} data-testid="handoff-item">
              <strong>{h.id}</strong> <span className={`badge ${h.status}`}>{h.status}</span> <code>{h.tool}</code>{' '}
              <code>{h.error.code}</code> {formatDateTime(h.createdAt, language)}{' '}
              <button type="button" onClick={() => select(h.sessionId)}>
                {t('handoffs.open')}
              </button>{' '}
              {h.status === 'open' && (
                <button type="button" onClick={() => close.mutate(h.id)} disabled={close.isPending}>
                  {t('handoffs.close')}
                </button>
              )}
              <p>{h.error.message}</p>
              <details>
                <summary>{t('handoffs.request')}</summary>
                <pre>{JSON.stringify(h.request, null, 1)}</pre>
              </details>
              <details>
                <summary>
                  {t('handoffs.conversation')} ({h.conversation.length})
                </summary>
                <ol>
                  {h.conversation.map((m) => (
                    <li key={`${m.at}-${m.role}-${m.text.slice(0, 20)}`}>
                      <strong>{m.role === 'user' ? t('handoffs.person') : t('handoffs.steward')}</strong> {m.text}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
