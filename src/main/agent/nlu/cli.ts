/**
 * `cdt agent parse`: what offline understanding makes of one text, with "now" and the time
 * zone pinned so relative dates are reproducible (src/cli/agent/commands.ts calls it).
 */
import type { Locale } from '../../../shared/commands.ts';
import { StewardError } from '../../../shared/errors.ts';
import { type ParseResult, parseUtterance } from './index.ts';

export interface ParseForCliInput {
  text: string;
  /** ISO time; defaults to the current time. */
  now?: string;
  /** IANA time zone; defaults to Asia/Seoul. */
  tz?: string;
  locale?: string;
}

export const DEFAULT_TZ = 'Asia/Seoul';

export function parseForCli(input: ParseForCliInput): ParseResult {
  const text = input.text?.trim();
  if (!text) {
    throw new StewardError('USAGE_ERROR', 'Nothing to parse: give the text in quotes.', {
      suggestions: ['cdt agent parse "인천에서 나리타 12월 20일 직항"'],
    });
  }
  const now = input.now === undefined ? new Date() : new Date(input.now);
  if (Number.isNaN(now.getTime())) {
    throw new StewardError('VALIDATION_ERROR', `--now "${input.now}" is not an ISO time.`, {
      details: { field: 'now', value: input.now },
      suggestions: ['Use an ISO time such as 2026-12-01T09:00:00+09:00.'],
    });
  }
  const tz = input.tz ?? DEFAULT_TZ;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new StewardError('VALIDATION_ERROR', `--tz "${tz}" is not a time zone.`, {
      details: { field: 'tz', value: tz },
      suggestions: ['Use an IANA zone such as Asia/Seoul or Europe/London.'],
    });
  }
  if (input.locale !== undefined && input.locale !== 'ko' && input.locale !== 'en') {
    throw new StewardError('VALIDATION_ERROR', `--locale "${input.locale}" must be ko or en.`, {
      details: { field: 'locale', value: input.locale },
      suggestions: ['Use --locale ko or --locale en, or leave it out to detect it.'],
    });
  }
  return parseUtterance(text, { now, tz, ...(input.locale ? { locale: input.locale as Locale } : {}) });
}
