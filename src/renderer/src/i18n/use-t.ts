import { useUi } from '../state/ui-store.ts';
import { en, ko, type MessageKey } from './messages.ts';

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The translate function for the current language; `{name}` placeholders are filled from vars. */
export function useT(): Translate {
  const language = useUi((s) => s.language);
  const table = language === 'ko' ? ko : en;
  return (key, vars) => {
    let s: string = table[key] ?? en[key];
    for (const [k, v] of Object.entries(vars ?? {})) s = s.replaceAll(`{${k}}`, String(v));
    return s;
  };
}
