import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ConversationView } from '../../../shared/ipc/index.ts';
import { isStage, type Stage } from '../../../shared/stages.ts';
import { call, EngineError } from '../api/client.ts';
import { OutputLinks } from '../campaign/OutputLinks.tsx';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { ConversationList } from './ConversationList.tsx';
import './chat.css';
import { MessageList } from './MessageList.tsx';
import { QuickReplies } from './QuickReplies.tsx';
import { SlotChips } from './SlotChips.tsx';

/** Before the first task the pane shows IDLE; after that, the session's stage. */
const isPaneStage = (s: string): s is Stage | 'IDLE' => s === 'IDLE' || isStage(s);

/**
 * The stage as the person should read it: while a plan runs or waits for approval the plan says
 * where things are (the engine's stage changes only when the turn ends).
 */
function shownStage(view: ConversationView): Stage | 'IDLE' {
  if (view.plan?.status === 'running') return 'EXECUTING';
  if (view.plan?.status === 'awaiting_approval' || view.approval) return 'AWAITING_APPROVAL';
  return isPaneStage(view.stage) ? view.stage : 'IDLE';
}

/** The conversation: messages (streaming), the slots it holds, quick replies, the current stage and the input. */
export function ChatPane({ view }: { view: ConversationView | undefined }) {
  const t = useT();
  const language = useUi((s) => s.language);
  const setConversation = useUi((s) => s.setConversation);
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: async (utterance: string) => {
      let id = view?.conversationId;
      if (!id) {
        id = (await call('conversation.start', { locale: language })).conversationId;
        setConversation(id);
        void qc.invalidateQueries({ queryKey: ['conversations'] });
      }
      await call('conversation.send', { conversationId: id, text: utterance });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const utterance = text.trim();
    if (!utterance) return;
    setText('');
    send.mutate(utterance);
  };
  return (
    <section aria-labelledby="chat-title" className="pane chat">
      <div className="pane-head">
        <h2 id="chat-title">{t('chat.title')}</h2>
        {view && (
          <p className="stage">
            {t('chat.stage')}:{' '}
            <strong data-testid="stage" data-stage={view.stage} data-shown={shownStage(view)}>
              {t(`stage.${shownStage(view)}`)}
            </strong>
          </p>
        )}
        {view && (
          <button type="button" onClick={() => setConversation(undefined)}>
            {t('chat.newTask')}
          </button>
        )}
      </div>
      <ConversationList />
      <MessageList messages={view?.messages ?? []} />
      {view?.outputs && <OutputLinks outputs={view.outputs} />}
      {view && view.slots.length > 0 && <SlotChips conversationId={view.conversationId} slots={view.slots} />}
      {view && view.quickReplies.length > 0 && (
        <QuickReplies replies={view.quickReplies} onPick={(r) => send.mutate(r.text)} disabled={send.isPending} />
      )}
      {view?.error && <ErrorBox error={view.error} />}
      {send.error instanceof EngineError && <ErrorBox error={send.error.value} />}
      <form className="chat-input" onSubmit={submit}>
        <label htmlFor="chat-text">{t('chat.input')}</label>
        <div className="row">
          <input
            id="chat-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('chat.placeholder')}
            autoComplete="off"
            maxLength={4000}
          />
          <button type="submit" disabled={send.isPending || !text.trim()}>
            {t('chat.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
