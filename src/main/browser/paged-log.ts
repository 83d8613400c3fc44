/**
 * What the console and network logs of a page share: text patterns for filters, result pages,
 * and waiting for the first entry that matches.
 */
import { StewardError } from '../../shared/errors.ts';
import { globMatch } from './glob.ts';

export interface Paging {
  pageIdx?: number;
  pageSize?: number;
}

/** Compiles a user pattern: /regex/flags, a glob with * (anchored), or a case-insensitive substring. */
export function textMatcher(pattern: string): (text: string) => boolean {
  const re = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  if (re) {
    let compiled: RegExp;
    try {
      compiled = new RegExp(re[1] ?? '', re[2]);
    } catch (e) {
      throw new StewardError('VALIDATION_ERROR', `Not a valid regular expression: ${pattern} (${(e as Error).message})`, {
        details: { pattern },
        suggestions: ['Fix the expression, or pass plain text to match as a substring.'],
      });
    }
    return (text) => compiled.test(text);
  }
  if (pattern.includes('*')) return (text) => globMatch(pattern, text, { ignoreCase: true });
  const needle = pattern.toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}

/** Slices a list into one page of results and says how many there are. */
export function paginate<T>(items: T[], paging: Paging): { items: T[]; total: number; pageIdx: number; pageSize: number; pages: number } {
  const pageSize = Math.max(1, paging.pageSize ?? 50);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const pageIdx = Math.min(Math.max(0, paging.pageIdx ?? 0), pages - 1);
  return { items: items.slice(pageIdx * pageSize, (pageIdx + 1) * pageSize), total: items.length, pageIdx, pageSize, pages };
}

type Waiter<T> = { match: (item: T) => boolean; resolve: (item: T) => void };

/** Callers waiting for the next entry of a log that matches theirs. */
export class Waiters<T> {
  readonly #waiting = new Set<Waiter<T>>();

  /** Hands a new entry to every waiter it matches. */
  offer(item: T): void {
    for (const w of [...this.#waiting]) if (w.match(item)) w.resolve(item);
  }

  /** Resolves with the next offered entry that matches; rejects with `timedOut()` after `timeoutMs`, or `cancelled()` on abort. */
  wait(
    match: (item: T) => boolean,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    errors: { timedOut: () => StewardError; cancelled: () => StewardError },
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter<T> = {
        match,
        resolve: (item) => {
          done();
          resolve(item);
        },
      };
      const timer = setTimeout(() => {
        done();
        reject(errors.timedOut());
      }, timeoutMs);
      const onAbort = () => {
        done();
        reject(errors.cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.add(waiter);
    });
  }
}
