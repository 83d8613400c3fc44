import type { AgentAction, Decision, Expectation } from '../loop/actions.ts';
import type { DecideInput, Decider } from '../loop/contract.ts';
import { normText, usableButtons } from '../offline/refs.ts';
import { putValue } from '../offline/skills/field.ts';
import type { PageModel } from '../page-model/types.ts';
import type { TraceStep } from './step.ts';

type Load = (model: PageModel) => { steps: TraceStep[]; values: Record<string, string> } | undefined;

/**
 * Replays a learned trace step by step: each step's element is found again by its words
 * (a field by purpose and label, a button by its text, a scroll box by its label) and acted
 * on with the new values. A step whose element depends on the values (a calendar day, a
 * suggestion, a result record), a literal typed value, or an element not found, ends the
 * replay: from there the fallback decider runs the loop (healing), with the replayed steps as
 * its history.
 */
export class TraceDecider implements Decider {
  readonly name: Decider['name'];
  readonly #fallback: Decider;
  readonly #load: Load;
  #trace: ReturnType<Load> | null = null;
  #healing = false;

  constructor(fallback: Decider, load: Load) {
    this.#fallback = fallback;
    this.#load = load;
    this.name = fallback.name;
  }

  /** whether a trace was found for this task */
  get replaying(): boolean {
    return Boolean(this.#trace);
  }

  async decide(input: DecideInput): Promise<Decision> {
    if (this.#trace === null) {
      this.#trace = this.#load(input.model);
      // the fallback reads the request against this first page, even when it takes over later
      this.#fallback.prime?.(input.goal, input.model);
    }
    const trace = this.#trace;
    const replayed = input.history.filter((s) => s.source === 'replayed');
    if (!trace || this.#healing || replayed.some((s) => !s.ok)) return this.#heal(input);
    const step = trace.steps[replayed.length];
    const d = step ? this.#replay(step, trace.values, input.model) : undefined;
    return d ?? this.#heal(input);
  }

  #heal(input: DecideInput): Promise<Decision> {
    this.#healing = true;
    return this.#fallback.decide(input);
  }

  #replay(step: TraceStep, values: Record<string, string>, model: PageModel): Decision | undefined {
    const value = step.valueKey ? values[step.valueKey] : step.literal;
    let action: AgentAction | undefined;
    let expect: Expectation = { kind: 'change' };
    const loc = step.locator;
    if (loc.kind === 'field') {
      const f =
        model.fields.find((x) => !x.disabled && x.purpose === loc.purpose && normText(x.label) === normText(loc.label)) ??
        model.fields.find((x) => !x.disabled && normText(x.label) === normText(loc.label));
      if (!f) return undefined;
      if ((step.action === 'fill' || step.action === 'type' || step.action === 'select') && !step.valueKey) return undefined;
      if (step.action === 'fill' || step.action === 'type') {
        action = { kind: step.action, handle: f.handle, value: value ?? '' };
        expect = step.action === 'fill' ? { kind: 'value', handle: f.handle, value: value ?? '' } : { kind: 'change' };
      } else if (step.action === 'select') {
        // the option the new value means, found the way the skill found it (words, codes, meaning)
        const chosen = putValue(f, value ?? '', model, []);
        if (chosen === 'done') return undefined;
        if (chosen.type !== 'act' || chosen.action.kind !== 'select') return undefined;
        action = chosen.action;
        expect = chosen.expect;
      } else if (step.action === 'click') {
        // a box that shows a number (a day chip, a seat) was chosen for that request's values: healed, never replayed
        if (/\d/.test(loc.label) && (f.kind === 'radio' || f.kind === 'checkbox')) return undefined;
        action = { kind: 'click', handle: f.handle };
        if (f.kind === 'checkbox' || f.kind === 'radio')
          expect = { kind: 'checked', handle: f.handle, checked: f.kind === 'radio' ? true : !f.checked };
      }
    } else if (loc.kind === 'button' && step.action === 'click') {
      // a button that shows a number (a day, a time, a seat, a price) was chosen for that request's values: healed, never replayed
      if (/\d/.test(loc.label)) return undefined;
      // several buttons with these words (the "+" of each counter): which one was meant is not known again
      const same = usableButtons(model).filter((x) => normText(x.text) === normText(loc.label));
      const b = same.length === 1 ? same[0] : undefined;
      if (!b) return undefined;
      action = { kind: 'click', handle: b.handle };
    } else if (loc.kind === 'page' && step.action === 'scroll') {
      const s = model.scrollables.find((x) => normText(x.label) === normText(loc.label));
      action = { kind: 'scroll', to: step.to ?? 'bottom', ...(s ? { handle: s.handle } : {}) };
      expect = { kind: 'scrolled', ...(s ? { handle: s.handle } : {}) };
    }
    if (!action) return undefined;
    return {
      type: 'act',
      action,
      target: step.target,
      why: `replay of a learned step on "${step.target}"${value !== undefined ? ` with "${value}"` : ''}`,
      expect,
      source: 'replayed',
      ...(step.clause !== undefined ? { clause: step.clause } : {}),
    };
  }
}
