import type { PageModel } from '../page-model/types.ts';
import type { AgentAction, Locator } from './actions.ts';

/** The element an action points at, described in the page's own words (kept in traces). */
export function locatorOf(model: PageModel, a: AgentAction): Locator | undefined {
  if (a.kind === 'navigate') return undefined;
  if (!('handle' in a) || !a.handle) return { kind: 'page', label: '' };
  const h = a.handle;
  const field = model.fields.find((f) => f.handle === h);
  if (field) return { kind: 'field', label: field.label, purpose: field.purpose };
  if (model.calendars.some((c) => c.days.some((d) => d.handle === h))) return { kind: 'day', label: '' };
  const scroller = model.scrollables.find((s) => s.handle === h);
  if (scroller) return { kind: 'page', label: scroller.label };
  const b = model.buttons.find((x) => x.handle === h);
  if (!b || b.regions.some((r) => r.startsWith('rec:'))) return { kind: 'record', label: b?.text ?? '' };
  if (b.kind === 'option' || b.regions.some((r) => r.startsWith('listbox:'))) return { kind: 'option', label: b.text };
  return { kind: 'button', label: b.text };
}
