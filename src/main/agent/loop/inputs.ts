import { StewardError } from '../../../shared/errors.ts';
import type { PageObserver } from '../page-model/observe.ts';
import type { PageModel } from '../page-model/types.ts';
import { type ActContext, perform } from './act.ts';
import type { StepRecord } from './actions.ts';
import { fieldShows } from './verify.ts';

/** A value a verified step put into a field: the field's handle, the value, and the step's target words. */
export interface PutValue {
  handle: string;
  value: string;
  target: string;
  action: 'fill' | 'type' | 'select';
}

/** The values the errand has put in so far (the latest per field), from verified fill / type / select steps. */
export function valuesPut(steps: StepRecord[]): PutValue[] {
  const out = new Map<string, PutValue>();
  for (const s of steps) {
    if (!s.ok) continue;
    const a = s.action;
    if ((a.kind === 'fill' || a.kind === 'type') && a.handle && a.value !== '')
      out.set(a.handle, { handle: a.handle, value: a.value, target: s.target, action: a.kind });
    else if (a.kind === 'select' && a.handle) out.set(a.handle, { handle: a.handle, value: a.option, target: s.target, action: 'select' });
  }
  return [...out.values()];
}

/** The values put in earlier that a field still on the page no longer shows (it was emptied or reset). */
export function lostValues(steps: StepRecord[], model: PageModel): PutValue[] {
  return valuesPut(steps).filter((p) => {
    const f = model.fields.find((x) => x.handle === p.handle);
    if (!f) return false;
    // an autocomplete may have turned the words into its own option: only an emptied field counts as lost
    return f.kind === 'select' ? !fieldShows(f, p.value) : f.value.trim() === '';
  });
}

/**
 * Before a held action runs again after its approval: the page may have reacted to the first
 * attempt (cleared the field it was about to send). Puts every lost value back, then checks the
 * page shows them all; when it does not, the approved action is not run on what is left.
 */
export async function restoreInputs(ctx: ActContext, observer: PageObserver, steps: StepRecord[], stepId: string): Promise<string[]> {
  const lost = lostValues(steps, await observer.observe());
  if (!lost.length) return [];
  const plain: ActContext = { ...ctx };
  delete plain.onApproval;
  delete plain.restore;
  for (const p of lost) {
    const action =
      p.action === 'select'
        ? { kind: 'select' as const, handle: p.handle, option: p.value }
        : { kind: p.action, handle: p.handle, value: p.value };
    await perform(plain, `${stepId}-refill-${p.handle}`, action, p.target);
  }
  const still = lostValues(steps, await observer.observe());
  if (still.length) {
    throw new StewardError(
      'VERIFICATION_FAILED',
      `After the approval, the page no longer held what was filled in (${still.map((p) => `"${p.target}"`).join(', ')}), so the approved step was not sent again.`,
      {
        details: { step_id: stepId, lost: still.map((p) => p.target) },
        suggestions: ['Fill the form again and approve once more, or finish it in the browser view.'],
      },
    );
  }
  return lost.map((p) => p.target);
}
