import { useQuery } from '@tanstack/react-query';
import { isStage } from '../../../shared/stages.ts';
import { call } from '../api/client.ts';
import { formatDateTime } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

/** The person's earlier conversations (kept by the engine), newest first; choosing one reopens it. */
export function ConversationList() {
  const t = useT();
  const language = useUi((s) => s.language);
  const current = useUi((s) => s.conversationId);
  const setConversation = useUi((s) => s.setConversation);
  const q = useQuery({ queryKey: ['conversations'], queryFn: () => call('conversation.list', { limit: 30 }) });
  const list = q.data ?? [];
  return (
    <details className="conversations" onToggle={(e) => e.currentTarget.open && void q.refetch()}>
      <summary>{t('chat.history', { n: list.length })}</summary>
      {list.length === 0 ? (
        <p className="muted">{t('chat.historyNone')}</p>
      ) : (
        <ul>
          {list.map((c) => (
            <li key={c.conversationId}>
              <button
                type="button"
                data-testid="conversation-item"
                aria-current={c.conversationId === current ? 'true' : undefined}
                onClick={() => setConversation(c.conversationId)}
              >
                <span className="conversation-title">{c.title}</span>
                <span className="muted">
                  {formatDateTime(c.startedAt, language)}
                  {isStage(c.status) ? ` · ${t(`stage.${c.status}`)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
