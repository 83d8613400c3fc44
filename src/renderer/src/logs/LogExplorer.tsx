import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePush } from '../api/hooks.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { BundleButtons } from './BundleButtons.tsx';
import { EventList } from './EventList.tsx';
import { FilterBar } from './FilterBar.tsx';
import { HandOffList } from './HandOffList.tsx';
import { SessionList } from './SessionList.tsx';
import { SessionRecords } from './SessionRecords.tsx';
import { SessionTimeline } from './SessionTimeline.tsx';

/** `?virtual=0` renders the event list without virtualisation — only for the bench's baseline column. */
const virtual = new URLSearchParams(location.search).get('virtual') !== '0';

/** The support staff's view: sessions, filters, the event list and one session's timeline. */
export function LogExplorer() {
  const t = useT();
  const qc = useQueryClient();
  const filter = useUi((s) => s.filter);
  const setFilter = useUi((s) => s.setFilter);
  const sessionId = useUi((s) => s.selectedSessionId);
  usePush(
    'log.appended',
    useCallback(() => {
      void qc.invalidateQueries({ queryKey: ['sessions'] });
      void qc.invalidateQueries({ queryKey: ['events'] });
    }, [qc]),
  );
  return (
    <main className="logs" aria-labelledby="logs-title">
      <div className="pane-head">
        <h2 id="logs-title">{t('logs.region')}</h2>
        <BundleButtons sessionId={sessionId} />
      </div>
      <FilterBar value={filter} onApply={setFilter} />
      <HandOffList />
      <div className="logs-body">
        <SessionList filter={filter} />
        <div className="logs-main">
          {sessionId ? <SessionTimeline sessionId={sessionId} /> : <p className="muted">{t('logs.selectSession')}</p>}
          {sessionId && <SessionRecords sessionId={sessionId} />}
          <EventList filter={sessionId ? { ...filter, sessionId } : filter} virtual={virtual} />
        </div>
      </div>
    </main>
  );
}
