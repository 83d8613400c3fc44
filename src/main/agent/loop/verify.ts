import type { Field, PageModel } from '../page-model/types.ts';
import type { Expectation } from './actions.ts';

export interface Verdict {
  ok: boolean;
  /** what the page showed, in words for the log */
  observed: string;
  /** the page's own new complaints the action brought (a missing or wrong value) */
  problems?: string[];
}

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const digits = (s: string) => s.replace(/\D/g, '');

/** Whether a field now shows `want`: a select by its chosen option, a date by its digits, text by equality or containment (autocompletes expand). */
export function fieldShows(f: Field, want: string): boolean {
  if (want.includes('|')) return want.split('|').some((w) => fieldShows(f, w));
  if (f.kind === 'select') {
    const chosen = f.options?.find((o) => o.selected);
    return Boolean(
      chosen && (norm(chosen.label) === norm(want) || norm(chosen.value) === norm(want) || norm(chosen.label).includes(norm(want))),
    );
  }
  if (f.kind === 'date' || /^\d{4}\D\d{1,2}\D\d{1,2}$/.test(want.trim())) {
    const a = digits(f.value);
    const b = digits(want);
    if (a && b && (a === b || a.endsWith(b) || b.endsWith(a))) return true;
  }
  if (want === '') return f.value === '';
  // a number the page writes in its own way as it is typed ("010 2345 6789" shown as "010-2345-6789",
  // a card number in groups): the same digits with only separators changed
  if (/^[\d\s().+-]{7,}$/.test(want.trim()) && /^[\d\s().+-]+$/.test(f.value.trim()) && digits(want).length >= 7)
    return digits(f.value) === digits(want);
  return norm(f.value) === norm(want) || (norm(want).length >= 2 && norm(f.value).includes(norm(want)));
}

/** Checks an action's expected change against the page observed after it. */
export function verify(expect: Expectation, before: PageModel, after: PageModel): Verdict {
  const moved = after.url !== before.url;
  switch (expect.kind) {
    case 'nothing':
      return { ok: true, observed: after.fingerprint === before.fingerprint ? 'the page is as it was' : 'the page changed' };
    case 'value': {
      const f = after.fields.find((x) => x.handle === expect.handle);
      if (!f) return { ok: moved, observed: moved ? `the page moved to ${after.url}` : 'the field is gone' };
      return { ok: fieldShows(f, expect.value), observed: `"${f.label}" shows "${f.value}"` };
    }
    case 'checked': {
      const f = after.fields.find((x) => x.handle === expect.handle);
      if (!f) return { ok: false, observed: 'the box is gone' };
      return { ok: f.checked === expect.checked, observed: `"${f.label}" is ${f.checked ? 'checked' : 'not checked'}` };
    }
    case 'scrolled': {
      const s = expect.handle ? after.scrollables.find((x) => x.handle === expect.handle) : undefined;
      const was = expect.handle ? before.scrollables.find((x) => x.handle === expect.handle) : undefined;
      if (s)
        return {
          ok: s.atEnd !== was?.atEnd || s.atStart !== was?.atStart || after.fingerprint !== before.fingerprint,
          observed: s.atEnd ? 'scrolled to the end' : 'scrolled',
        };
      return {
        ok: after.scroll.y !== before.scroll.y || after.fingerprint !== before.fingerprint,
        observed: `page at y=${after.scroll.y}`,
      };
    }
    default: {
      if (moved) return { ok: true, observed: `the page moved to ${after.url}` };
      const changed = after.fingerprint !== before.fingerprint;
      const freshOnes = after.messages.filter((m) => !before.messages.some((b) => b.text === m.text));
      const fresh = freshOnes.map((m) => m.text);
      // the page answered with a complaint (a missing or wrong value): the action did not do its part
      const problems = freshOnes.filter((m) => m.problem).map((m) => m.text);
      return {
        ...(problems.length ? { problems } : {}),
        ok: changed && !problems.length,
        observed: changed ? (fresh.length ? `the page says: ${fresh.join(' / ')}` : 'the page changed') : 'nothing changed',
      };
    }
  }
}
