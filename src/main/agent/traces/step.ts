import type { AgentAction, Locator } from '../loop/actions.ts';

/** One learned step: what was done to which element (by its words), with the value as a slot when it came from one. */
export interface TraceStep {
  action: AgentAction['kind'];
  locator: Locator;
  /** the slot whose value this step typed or chose */
  valueKey?: string;
  /** a value that did not come from the request (e.g. "true" of a checkbox); absent when the step typed a slot */
  literal?: string;
  to?: 'bottom' | 'top';
  key?: string;
  clause?: number;
  why: string;
  target: string;
}
