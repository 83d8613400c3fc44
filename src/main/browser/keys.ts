import { StewardError } from '../../shared/errors.ts';

export interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  /** Text the key types (none for named keys like ArrowLeft). */
  text?: string;
  location?: number;
}

/** Modifier bits of Input.dispatchKeyEvent/dispatchMouseEvent. */
export const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

const ALIASES: Record<string, string> = {
  Ctrl: 'Control',
  Cmd: 'Meta',
  Command: 'Meta',
  Option: 'Alt',
  Esc: 'Escape',
  Return: 'Enter',
  Del: 'Delete',
  Space: ' ',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
  ControlOrMeta: process.platform === 'darwin' ? 'Meta' : 'Control',
};

const NAMED: Record<string, Omit<KeyDefinition, 'key'>> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
  Escape: { code: 'Escape', keyCode: 27 },
  Backspace: { code: 'Backspace', keyCode: 8 },
  Delete: { code: 'Delete', keyCode: 46 },
  Insert: { code: 'Insert', keyCode: 45 },
  Home: { code: 'Home', keyCode: 36 },
  End: { code: 'End', keyCode: 35 },
  PageUp: { code: 'PageUp', keyCode: 33 },
  PageDown: { code: 'PageDown', keyCode: 34 },
  ArrowUp: { code: 'ArrowUp', keyCode: 38 },
  ArrowDown: { code: 'ArrowDown', keyCode: 40 },
  ArrowLeft: { code: 'ArrowLeft', keyCode: 37 },
  ArrowRight: { code: 'ArrowRight', keyCode: 39 },
  ' ': { code: 'Space', keyCode: 32, text: ' ' },
  Control: { code: 'ControlLeft', keyCode: 17, location: 1 },
  Shift: { code: 'ShiftLeft', keyCode: 16, location: 1 },
  Alt: { code: 'AltLeft', keyCode: 18, location: 1 },
  Meta: { code: 'MetaLeft', keyCode: 91, location: 1 },
  CapsLock: { code: 'CapsLock', keyCode: 20 },
  ContextMenu: { code: 'ContextMenu', keyCode: 93 },
};
for (let i = 1; i <= 12; i++) NAMED[`F${i}`] = { code: `F${i}`, keyCode: 111 + i };

const PUNCTUATION: Record<string, [string, number]> = {
  '-': ['Minus', 189],
  '=': ['Equal', 187],
  '[': ['BracketLeft', 219],
  ']': ['BracketRight', 221],
  '\\': ['Backslash', 220],
  ';': ['Semicolon', 186],
  "'": ['Quote', 222],
  ',': ['Comma', 188],
  '.': ['Period', 190],
  '/': ['Slash', 191],
  '`': ['Backquote', 192],
};

/** The definition of one key name ("Enter", "a", "R", "F5", "ArrowLeft"), or undefined for unknown names. */
export function keyDefinition(name: string): KeyDefinition | undefined {
  const key = ALIASES[name] ?? name;
  const named = NAMED[key];
  if (named) return { key, ...named };
  if ([...key].length !== 1) return undefined;
  if (/^[a-zA-Z]$/.test(key)) return { key, code: `Key${key.toUpperCase()}`, keyCode: key.toUpperCase().charCodeAt(0), text: key };
  if (/^[0-9]$/.test(key)) return { key, code: `Digit${key}`, keyCode: key.charCodeAt(0), text: key };
  const p = PUNCTUATION[key];
  if (p) return { key, code: p[0], keyCode: p[1], text: key };
  return { key, code: '', keyCode: 0, text: key };
}

export interface Chord {
  modifiers: string[];
  key: KeyDefinition;
}

/** Parses "Control+Shift+R", "Enter", "Shift++" into modifiers and one key. */
export function parseChord(chord: string): Chord {
  const parts =
    chord === '+'
      ? ['+']
      : chord
          .replace(/\+\+$/, '+PLUS')
          .split('+')
          .map((p) => (p === 'PLUS' ? '+' : p));
  const names = parts.map((p) => ALIASES[p] ?? p);
  const last = names.at(-1) ?? '';
  const modifiers = names.slice(0, -1);
  for (const m of modifiers) {
    if (!(m in MODIFIER_BITS)) {
      throw new StewardError('VALIDATION_ERROR', `"${m}" in "${chord}" is not a modifier (use Control, Shift, Alt or Meta).`, {
        details: { field: 'key', value: chord },
      });
    }
  }
  const key = keyDefinition(last);
  if (!key) {
    throw new StewardError('VALIDATION_ERROR', `Unknown key "${last}" in "${chord}".`, {
      details: { field: 'key', value: chord },
      suggestions: ['Use a key name such as Enter, Tab, Escape, ArrowDown, F5, a letter or a digit, e.g. "Control+Shift+R".'],
    });
  }
  return { modifiers, key };
}
