import { Fragment, type ReactNode } from 'react';
import type { Translate } from '../i18n/use-t.ts';

const URL_RE = /\bhttps?:\/\/[^\s<>"'）)]+[^\s<>"'）).,;:!?]/g;
const MASK_RE = /\[REDACTED\]/g;

/** A hidden value as the person reads it: a localized marker, never the log's "[REDACTED]". */
export function unmask(text: string, t: Translate): string {
  return text.replace(MASK_RE, t('common.masked'));
}

/** A value of a slot as words: true/false as yes/no, an ISO date in the UI's language. */
export function valueWords(value: string, t: Translate, locale: 'ko' | 'en'): string {
  if (value === 'true') return t('common.yes');
  if (value === 'false') return t('common.no');
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (d) {
    const date = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
    return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  return unmask(value, t);
}

/** A long address as a link reads: without its scheme, cut after a few dozen characters (the full address is the link's title). */
function shortUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//, '');
  return bare.length > 40 ? `${bare.slice(0, 38)}…` : bare;
}

/**
 * Text with its web addresses as links (opened outside the app) and masked values as markers; `short`
 * shows a long address shortened (the engine's replies), otherwise in full (what the person typed, an approval).
 */
export function RichText({ text, t, short = false }: { text: string; t: Translate; short?: boolean }): ReactNode {
  const shown = unmask(text, t);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of shown.matchAll(URL_RE)) {
    const at = m.index ?? 0;
    parts.push(shown.slice(last, at));
    parts.push(
      <a key={at} href={m[0]} title={m[0]} target="_blank" rel="noopener noreferrer">
        {short ? shortUrl(m[0]) : m[0]}
      </a>,
    );
    last = at + m[0].length;
  }
  parts.push(shown.slice(last));
  return <Fragment>{parts}</Fragment>;
}
