import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useRef, type WheelEvent } from 'react';
import type { ScreencastFrame } from '../../../shared/ipc/index.ts';
import { call } from '../api/client.ts';
import { useT } from '../i18n/use-t.ts';

type Input = Parameters<typeof call<'browser.input'>>[1];

/** Keys that act rather than type: sent as key presses (a typed character goes as text). */
const ACTION_KEYS = new Set([
  'Enter',
  'Tab',
  'Backspace',
  'Delete',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

const modifiersOf = (e: KeyboardEvent) =>
  (['Alt', 'Control', 'Meta', 'Shift'] as const).filter((m) => e.getModifierState(m) && !(m === 'Shift' && e.key.length === 1));

/**
 * The page as the person drives it: the screencast picture, large; a click goes to that point of
 * the page, the wheel scrolls what is under the pointer, and typing goes straight to the page
 * (Hangul through the input method too) — no separate text box.
 */
export function LiveView({ frame, active }: { frame: ScreencastFrame; active: boolean }) {
  const t = useT();
  const keys = useRef<HTMLTextAreaElement>(null);
  const input = useMutation({ mutationFn: (i: Input) => call('browser.input', i) });
  const at = (e: MouseEvent<HTMLElement> | WheelEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * frame.width, y: ((e.clientY - box.top) / box.height) * frame.height };
  };
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (!active) return;
    input.mutate({ kind: 'click', ...at(e) });
    keys.current?.focus();
  };
  const wheel = (e: WheelEvent<HTMLDivElement>) => {
    if (!active) return;
    input.mutate({ kind: 'scroll', deltaY: e.deltaY, deltaX: e.deltaX, ...at(e) });
  };
  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!active || e.nativeEvent.isComposing) return;
    const modifiers = modifiersOf(e);
    const command = modifiers.some((m) => m !== 'Shift');
    if (ACTION_KEYS.has(e.key) || command || e.key === ' ') {
      e.preventDefault();
      input.mutate({ kind: 'key', key: e.key, ...(modifiers.length ? { modifiers } : {}) });
    }
  };
  // typed characters (and finished Hangul syllables) arrive as the textarea's text
  const typed = (text: string) => {
    if (active && text) input.mutate({ kind: 'type', text });
    if (keys.current) keys.current.value = '';
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the keyboard goes through the textarea inside
    <div className={`live${active ? ' active' : ''}`} onClick={click} onWheel={wheel} data-testid="live-view">
      <img src={`data:image/jpeg;base64,${frame.data}`} alt={t('browser.frameAlt')} width={frame.width} height={frame.height} />
      {active && (
        <textarea
          ref={keys}
          className="live-keys"
          aria-label={t('browser.keysLabel')}
          data-testid="live-keys"
          onKeyDown={keyDown}
          onInput={(e) => {
            const ev = e.nativeEvent as InputEvent;
            if (!ev.isComposing) typed(e.currentTarget.value);
          }}
          onCompositionEnd={(e) => typed(e.currentTarget.value)}
        />
      )}
    </div>
  );
}
