import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../../shared/ipc/index.ts';
import { RichText } from '../common/text.tsx';
import { useT } from '../i18n/use-t.ts';
import { ResultsTable } from './ResultsTable.tsx';

/** The messages of the conversation; a live region so screen readers hear replies as they arrive. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const t = useT();
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the last message grows
  useEffect(() => {
    // (in recent Chromium scrollIntoView returns a promise, which must not become the effect's cleanup)
    void end.current?.scrollIntoView({ block: 'end' });
  }, [last?.text, messages.length]);
  if (!messages.length) return <p className="muted">{t('chat.empty')}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <ol className="messages" aria-live="polite" aria-relevant="additions text" tabIndex={0} aria-label={t('chat.title')}>
      {messages.map((m) => (
        <li key={m.id} className={`msg ${m.role}`} data-testid={`msg-${m.role}`} aria-busy={m.streaming}>
          <span className="who">{m.role === 'user' ? t('chat.you') : t('chat.steward')}</span>
          <p>
            <RichText text={m.text} t={t} short={m.role === 'assistant'} />
          </p>
          {m.results && m.results.length > 0 && <ResultsTable rows={m.results} />}
        </li>
      ))}
      <li ref={end} aria-hidden="true" className="end" />
    </ol>
  );
}
