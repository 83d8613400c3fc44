import type { Locale } from '../../../shared/ipc/index.ts';

/** A moment as people of the UI's language write it ("Nov 24, 2026, 4:07 PM" / "2026. 11. 24. 오후 4:07"). */
export function formatDateTime(ts: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(ts);
}

/** A time of day in the UI's language. */
export function formatTime(ts: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { timeStyle: 'medium' }).format(ts);
}
