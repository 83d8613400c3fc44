import { useEffect } from 'react';
import { EngineError } from './api/client.ts';
import { useConversation } from './api/hooks.ts';
import { BrowserPane } from './browser/BrowserPane.tsx';
import { ChatPane } from './chat/ChatPane.tsx';
import { ApprovalCard } from './plan/ApprovalCard.tsx';
import { PlanPane } from './plan/PlanPane.tsx';
import { useUi } from './state/ui-store.ts';

/** The person's screen: chat, the live plan with any approval card, and the browser. */
export function WorkScreen() {
  const conversationId = useUi((s) => s.conversationId);
  const language = useUi((s) => s.language);
  const setConversation = useUi((s) => s.setConversation);
  const conversation = useConversation(conversationId, language);
  // a remembered conversation the engine no longer has (its store was emptied): start afresh
  useEffect(() => {
    if (conversation.error instanceof EngineError && conversation.error.value.code === 'CONTEXT_NOT_FOUND') setConversation(undefined);
  }, [conversation.error, setConversation]);
  const view = conversationId ? conversation.data : undefined;
  return (
    <main className="work">
      <ChatPane view={view} />
      <div className="middle">
        {view?.approval && <ApprovalCard request={view.approval} />}
        <PlanPane conversationId={conversationId} plan={view?.plan} unverified={view?.error?.code === 'VERIFICATION_FAILED'} />
      </div>
      <BrowserPane />
    </main>
  );
}
