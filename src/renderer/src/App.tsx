import { useState } from 'react';

type Tab = 'work' | 'logs';

export function App() {
  const [tab, setTab] = useState<Tab>('work');
  return (
    <div className="app">
      <header className="topbar">
        <h1>Steward</h1>
        <nav aria-label="Main">
          <button type="button" aria-pressed={tab === 'work'} onClick={() => setTab('work')}>
            작업 · Work
          </button>
          <button type="button" aria-pressed={tab === 'logs'} onClick={() => setTab('logs')}>
            로그 · Logs
          </button>
        </nav>
      </header>
      {tab === 'work' ? (
        <main className="work">
          <section aria-label="Chat" className="pane chat">
            <h2>대화 · Chat</h2>
          </section>
          <section aria-label="Plan" className="pane plan">
            <h2>계획 · Plan</h2>
          </section>
        </main>
      ) : (
        <main className="logs">
          <section aria-label="Log explorer" className="pane">
            <h2>로그 탐색기 · Log explorer</h2>
          </section>
        </main>
      )}
    </div>
  );
}
