import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { EventFilter, LogEvent } from '../../../shared/ipc/index.ts';
import { EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { formatTime } from '../common/format.ts';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { PAGE_SIZE, useEventRows, useFirstEventPage } from './use-event-pages.ts';

const ROW_HEIGHT = 28;

function EventRow({ event, index }: { event: LogEvent | undefined; index: number }) {
  const language = useUi((s) => s.language);
  if (!event) return <div className="event-row placeholder">#{index + 1} …</div>;
  const code = (event.data.error as { code?: string } | undefined)?.code;
  return (
    <div className={`event-row level-${event.level}`} data-testid="event-row">
      <time dateTime={new Date(event.ts).toISOString()}>{formatTime(event.ts, language)}</time>
      <code className="type">{event.type}</code>
      {code && <code className="error-class">{code}</code>}
      <span className="message">{event.message}</span>
    </div>
  );
}

/** Every event matching the filter, virtualised (only the rows on screen exist in the DOM). */
export function EventList({ filter, virtual = true }: { filter: EventFilter; virtual?: boolean }) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const first = useFirstEventPage(filter);
  const total = first.data?.total ?? 0;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtualizer.getVirtualItems();
  const wanted = virtual
    ? [...new Set(items.map((i) => Math.floor(i.index / PAGE_SIZE)))]
    : Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, i) => i);
  const row = useEventRows(filter, first.data?.events, wanted);

  return (
    <div className="events">
      <h3>
        {t('logs.events')}{' '}
        <span className="muted" data-testid="events-count">
          {t('logs.eventsCount', { n: total })}
        </span>
      </h3>
      {first.error instanceof EngineError && <ErrorBox error={first.error.value} />}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling list must be reachable by keyboard */}
      <div ref={scroller} className="event-scroller" tabIndex={0} role="log" aria-label={t('logs.events')} data-testid="event-scroller">
        {virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => (
              <div
                key={item.key}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <EventRow event={row(item.index)} index={item.index} />
              </div>
            ))}
          </div>
        ) : (
          Array.from({ length: total }, (_, i) => <EventRow key={row(i)?.id ?? i} event={row(i)} index={i} />)
        )}
      </div>
    </div>
  );
}
