import type { StepRecord } from '../loop/actions.ts';
import { fieldShows } from '../loop/verify.ts';
import type { PageModel } from '../page-model/types.ts';
import { normText } from './refs.ts';

/**
 * After a send, before done is claimed: every value the errand put into the form is still
 * what the form holds, or the form let go of it (cleared, or another page is shown). A page
 * that rewrote a value on its way out (cut it to a length, changed its case, swapped an
 * option) sent something the person did not ask for: that value is named, not claimed done.
 */
export function valueNotKept(history: StepRecord[], model: PageModel): string | undefined {
  const sentAt = history.findLastIndex((s) => s.ok && (s.action.kind === 'click' || s.action.kind === 'press'));
  if (sentAt < 0) return undefined;
  // on another page now: the form's own fields are gone, and a field of the same place is another one
  if (history.slice(sentAt).some((s) => s.observed.startsWith('the page moved'))) return undefined;
  const wanted = new Map<string, { target: string; value: string; offered?: boolean }>();
  for (const s of history.slice(0, sentAt)) {
    if (!s.ok) continue;
    if (s.action.kind === 'fill' || s.action.kind === 'type') wanted.set(s.action.handle, { target: s.target, value: s.action.value });
    else if (s.action.kind === 'select') wanted.set(s.action.handle, { target: s.target, value: s.action.option });
    // a suggestion the field offered for the words typed ("베트남 (Vietnam)" for "Vietnam") is what it was to hold
    const offered = /"([^"]+)" offers "([^"]+)" for "/.exec(s.why);
    if (s.action.kind === 'click' && offered) {
      for (const [handle, w] of wanted)
        if (w.target === offered[1]) wanted.set(handle, { target: w.target, value: offered[2] ?? w.value, offered: true });
    }
  }
  for (const [handle, w] of wanted) {
    const f = model.fields.find((x) => x.handle === handle && x.label === w.target);
    if (!f || f.disabled || !f.value.trim() || fieldShows(f, w.value)) continue;
    // a chosen suggestion may put part of its words in the field ("베트남" of "베트남 (Vietnam)")
    if (w.offered && normText(w.value).includes(normText(f.value))) continue;
    const held = f.kind === 'select' ? (f.options?.find((o) => o.selected)?.label ?? f.value) : f.value;
    return `"${w.target}" was to be "${w.value}", but the form sent "${held}".`;
  }
  return undefined;
}
