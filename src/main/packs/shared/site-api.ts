/**
 * Read-only site API tools packs lend to the expert graph (flight_search, hotel_search): a GET
 * on the site the recipe also drives, answered as data or as an error value with its class.
 */
import { StewardError } from '../../../shared/errors.ts';

export async function getJson(
  base: string,
  path: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const url = `${base.replace(/\/$/, '')}${path}?${new URLSearchParams(query)}`;
  let res: Response;
  try {
    res = await fetch(url, { ...(signal ? { signal } : {}), headers: { accept: 'application/json' } });
  } catch (e) {
    throw new StewardError('TRANSIENT', `${url} could not be reached: ${(e as Error).message}`, {
      suggestions: ['Check that the site is up, then ask again.'],
    });
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return body;
  const err = (body.error ?? {}) as { code?: string; message?: string };
  const code = res.status === 404 ? 'NO_API_FOUND' : res.status >= 500 ? 'TRANSIENT' : 'INVALID_ARG';
  throw new StewardError(code, err.message ?? `${url} answered ${res.status}`, { details: { status: res.status, url } });
}

/** An IATA code or a YYYY-MM-DD date written in a question. */
export function codesIn(text: string): string[] {
  return [...text.matchAll(/\b([A-Z]{3})\b/g)].map((m) => m[1] as string);
}

export function dateIn(text: string): string | undefined {
  return /\b(\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1];
}
