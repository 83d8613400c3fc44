import { keyDefinition, MODIFIER_BITS, parseChord } from './keys.ts';
import type { Page } from './page.ts';

export type MouseButton = 'left' | 'right' | 'middle';
const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4 };

interface InputState {
  x: number;
  y: number;
  buttons: number;
  modifiers: number;
}

const states = new WeakMap<Page, InputState>();
function state(page: Page): InputState {
  let s = states.get(page);
  if (!s) {
    s = { x: 0, y: 0, buttons: 0, modifiers: 0 };
    states.set(page, s);
  }
  return s;
}

/** Where the mouse is on this page (main-viewport CSS pixels). */
export function mousePosition(page: Page): { x: number; y: number } {
  const s = state(page);
  return { x: s.x, y: s.y };
}

/** Moves the mouse to (x, y) in `steps` intermediate moves. Input goes to the page session: the browser routes it into iframes. */
export async function mouseMove(page: Page, x: number, y: number, steps = 1): Promise<void> {
  const s = state(page);
  const from = { x: s.x, y: s.y };
  const button = s.buttons & 1 ? 'left' : s.buttons & 2 ? 'right' : s.buttons & 4 ? 'middle' : 'none';
  const { buttons, modifiers } = s;
  // the position is the destination from the start, so an event sent right after this one starts from there
  s.x = x;
  s.y = y;
  for (let i = 1; i <= steps; i++) {
    const px = from.x + ((x - from.x) * i) / steps;
    const py = from.y + ((y - from.y) * i) / steps;
    await page.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: px, y: py, button, buttons, modifiers });
  }
}

export async function mouseDown(page: Page, opts: { button?: MouseButton; clickCount?: number } = {}): Promise<void> {
  const s = state(page);
  const button = opts.button ?? 'left';
  s.buttons |= BUTTON_BITS[button];
  await page.send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    x: s.x,
    y: s.y,
    button,
    buttons: s.buttons,
    clickCount: opts.clickCount ?? 1,
    modifiers: s.modifiers,
  });
}

export async function mouseUp(page: Page, opts: { button?: MouseButton; clickCount?: number } = {}): Promise<void> {
  const s = state(page);
  const button = opts.button ?? 'left';
  s.buttons &= ~BUTTON_BITS[button];
  await page.send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    x: s.x,
    y: s.y,
    button,
    buttons: s.buttons,
    clickCount: opts.clickCount ?? 1,
    modifiers: s.modifiers,
  });
}

/** Move, press and release (twice for a double click, with clickCount 1 then 2). */
export async function mouseClick(page: Page, x: number, y: number, opts: { button?: MouseButton; double?: boolean } = {}): Promise<void> {
  // Sent back to back, answers awaited together: the browser queues input in order, and the press
  // makes the renderer handle the move first (a move alone waits for the next frame).
  const sent = [mouseMove(page, x, y)];
  const clicks = opts.double ? 2 : 1;
  for (let clickCount = 1; clickCount <= clicks; clickCount++) {
    sent.push(mouseDown(page, { button: opts.button, clickCount }));
    sent.push(mouseUp(page, { button: opts.button, clickCount }));
  }
  await Promise.all(sent);
}

export async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 10): Promise<void> {
  await mouseMove(page, from.x, from.y);
  await mouseDown(page);
  await mouseMove(page, to.x, to.y, steps);
  await mouseUp(page);
}

/** Presses a chord like "Control+Shift+R" or "Enter": modifiers down, key down/up, modifiers up. */
export async function pressKey(page: Page, chord: string): Promise<void> {
  const { modifiers, key } = parseChord(chord);
  const s = state(page);
  for (const m of modifiers) {
    s.modifiers |= MODIFIER_BITS[m] ?? 0;
    const def = keyDefinition(m);
    await page.send('Input.dispatchKeyEvent', {
      type: 'rawKeyDown',
      key: m,
      code: def?.code,
      windowsVirtualKeyCode: def?.keyCode,
      modifiers: s.modifiers,
      location: def?.location,
    });
  }
  try {
    const shortcut = (s.modifiers & (MODIFIER_BITS.Control! | MODIFIER_BITS.Alt! | MODIFIER_BITS.Meta!)) !== 0;
    const shifted = (s.modifiers & MODIFIER_BITS.Shift!) !== 0;
    const keyName = shifted && /^[a-z]$/.test(key.key) ? key.key.toUpperCase() : key.key;
    const text = shortcut ? undefined : shifted && key.text && /^[a-z]$/.test(key.text) ? key.text.toUpperCase() : key.text;
    const base = { key: keyName, code: key.code, windowsVirtualKeyCode: key.keyCode, modifiers: s.modifiers, location: key.location };
    await page.send('Input.dispatchKeyEvent', {
      type: text ? 'keyDown' : 'rawKeyDown',
      ...base,
      ...(text ? { text, unmodifiedText: text } : {}),
    });
    await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
  } finally {
    for (const m of [...modifiers].reverse()) {
      s.modifiers &= ~(MODIFIER_BITS[m] ?? 0);
      const def = keyDefinition(m);
      await page
        .send('Input.dispatchKeyEvent', {
          type: 'keyUp',
          key: m,
          code: def?.code,
          windowsVirtualKeyCode: def?.keyCode,
          modifiers: s.modifiers,
        })
        .catch(() => undefined);
    }
  }
}

/** Types text into the focused element key by key; characters without a key (e.g. 한글) are inserted as text. */
export async function typeText(page: Page, text: string, delayMs = 0): Promise<void> {
  for (const ch of text) {
    const def = ch === '\n' ? keyDefinition('Enter') : keyDefinition(ch);
    if (def?.keyCode) {
      const base = { key: def.key, code: def.code, windowsVirtualKeyCode: def.keyCode };
      await page.send('Input.dispatchKeyEvent', { type: 'keyDown', ...base, text: def.text, unmodifiedText: def.text });
      await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
    } else {
      await page.send('Input.insertText', { text: ch });
    }
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  }
}
