import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { BrowserControl, ScreencastFrame } from '../../../shared/ipc/index.ts';
import { call } from '../api/client.ts';
import { usePush } from '../api/hooks.ts';
import { useT } from '../i18n/use-t.ts';
import { FilePrompt } from './FilePrompt.tsx';
import { LiveView } from './LiveView.tsx';
import './browser.css';

/**
 * The automated browser: the screencast on the headless host (the embedded WebContentsView in Electron
 * sits beside this panel), with who is in control and the take-over / give-back switch. Taken over,
 * the page opens large over the work screen and takes the person's clicks, keys, wheel and files.
 */
export function BrowserPane() {
  const t = useT();
  const qc = useQueryClient();
  const [pushed, setFrame] = useState<ScreencastFrame>();
  const [chooser, setChooser] = useState<{ multiple: boolean }>();
  const last = useQuery({ queryKey: ['browser-last-frame'], queryFn: () => call('browser.lastFrame', {}) });
  const frame = pushed ?? last.data ?? undefined;
  const state = useQuery({ queryKey: ['browser'], queryFn: () => call('browser.state', {}) });
  usePush(
    'browser.control',
    useCallback((s: BrowserControl) => qc.setQueryData(['browser'], s), [qc]),
  );
  usePush('browser.frame', setFrame);
  usePush(
    'browser.fileChooser',
    useCallback((r: { mode: string }) => setChooser({ multiple: r.mode === 'selectMultiple' }), []),
  );
  const control = useMutation({
    mutationFn: (what: 'browser.takeOver' | 'browser.giveBack') => call(what, {}),
    onSuccess: (s) => qc.setQueryData(['browser'], s),
  });
  const mode = state.data?.mode ?? 'idle';
  const person = mode === 'person';
  const screencast = state.data?.surface !== 'embedded';
  const toggle = (
    <button type="button" onClick={() => control.mutate(person ? 'browser.giveBack' : 'browser.takeOver')}>
      {t(person ? 'browser.giveBack' : 'browser.takeOver')}
    </button>
  );
  const url = state.data?.url && /^https?:/.test(state.data.url) ? state.data.url : undefined;
  return (
    <section aria-labelledby="browser-title" className="pane browser">
      <div className="pane-head">
        <h2 id="browser-title">{t('browser.region')}</h2>
        <span className={`control-indicator ${mode}`} role="status" data-testid="control-indicator">
          {t(person ? 'browser.person' : mode === 'agent' ? 'browser.agent' : 'browser.idle')}
        </span>
        {toggle}
      </div>
      {url && (
        <p className="url">
          <a href={url} target="_blank" rel="noopener noreferrer">
            {state.data?.title || url}
          </a>
        </p>
      )}
      {!screencast ? (
        <p className="muted">{t('browser.embedded')}</p>
      ) : !frame ? (
        <p className="muted">{t('browser.noFrame')}</p>
      ) : person ? (
        <div className="take-over" role="dialog" aria-modal="false" aria-labelledby="take-over-title" data-testid="take-over">
          <div className="pane-head">
            <h2 id="take-over-title">{t('browser.person')}</h2>
            <p className="muted">{t('browser.takeOverHint')}</p>
            {toggle}
          </div>
          {chooser && <FilePrompt multiple={chooser.multiple} onDone={() => setChooser(undefined)} />}
          <LiveView frame={frame} active />
        </div>
      ) : (
        <LiveView frame={frame} active={false} />
      )}
    </section>
  );
}
