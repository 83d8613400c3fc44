import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useCallback, useState } from 'react';
import type { BrowserControl, ScreencastFrame } from '../../../shared/ipc.ts';
import { call } from '../api/client.ts';
import { usePush } from '../api/hooks.ts';
import { useT } from '../i18n/use-t.ts';

/**
 * The automated browser: the screencast on the headless host (the embedded WebContentsView in Electron
 * sits beside this panel), with who is in control and the take-over / give-back switch.
 */
export function BrowserPane() {
  const t = useT();
  const qc = useQueryClient();
  const [pushed, setFrame] = useState<ScreencastFrame>();
  const last = useQuery({ queryKey: ['browser-last-frame'], queryFn: () => call('browser.lastFrame', {}) });
  const frame = pushed ?? last.data ?? undefined;
  const [typed, setTyped] = useState('');
  const state = useQuery({ queryKey: ['browser'], queryFn: () => call('browser.state', {}) });
  usePush(
    'browser.control',
    useCallback((s: BrowserControl) => qc.setQueryData(['browser'], s), [qc]),
  );
  usePush('browser.frame', setFrame);
  const control = useMutation({
    mutationFn: (what: 'browser.takeOver' | 'browser.giveBack') => call(what, {}),
    onSuccess: (s) => qc.setQueryData(['browser'], s),
  });
  const input = useMutation({ mutationFn: (i: Parameters<typeof call<'browser.input'>>[1]) => call('browser.input', i) });
  const mode = state.data?.mode ?? 'idle';
  const person = mode === 'person';

  const clickFrame = (e: MouseEvent<HTMLButtonElement>) => {
    if (!frame || !person) return;
    const box = e.currentTarget.getBoundingClientRect();
    input.mutate({
      kind: 'click',
      x: ((e.clientX - box.left) / box.width) * frame.width,
      y: ((e.clientY - box.top) / box.height) * frame.height,
    });
  };
  const typeText = (e: FormEvent) => {
    e.preventDefault();
    if (typed) input.mutate({ kind: 'type', text: typed });
    setTyped('');
  };

  return (
    <section aria-labelledby="browser-title" className="pane browser">
      <div className="pane-head">
        <h2 id="browser-title">{t('browser.region')}</h2>
        <span className={`control-indicator ${mode}`} role="status" data-testid="control-indicator">
          {t(person ? 'browser.person' : mode === 'agent' ? 'browser.agent' : 'browser.idle')}
        </span>
        <button type="button" onClick={() => control.mutate(person ? 'browser.giveBack' : 'browser.takeOver')}>
          {t(person ? 'browser.giveBack' : 'browser.takeOver')}
        </button>
      </div>
      {state.data?.url && /^https?:/.test(state.data.url) ? (
        <p className="url">
          <a href={state.data.url} target="_blank" rel="noopener noreferrer">
            {state.data.title || state.data.url}
          </a>
        </p>
      ) : null}
      {state.data?.surface === 'embedded' ? (
        <p className="muted">{t('browser.embedded')}</p>
      ) : frame ? (
        <button type="button" className="frame" onClick={clickFrame} disabled={!person} aria-label={t('browser.frameAlt')}>
          <img src={`data:image/jpeg;base64,${frame.data}`} alt={t('browser.frameAlt')} width={frame.width} height={frame.height} />
        </button>
      ) : (
        <p className="muted">{t('browser.noFrame')}</p>
      )}
      {person && state.data?.surface === 'screencast' && (
        <form className="row" onSubmit={typeText}>
          <input aria-label={t('browser.typeText')} value={typed} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit">{t('browser.typeSend')}</button>
          {(['Tab', 'Space', 'Enter'] as const).map((key) => (
            <button key={key} type="button" onClick={() => input.mutate({ kind: 'key', key })}>
              {key}
            </button>
          ))}
        </form>
      )}
    </section>
  );
}
