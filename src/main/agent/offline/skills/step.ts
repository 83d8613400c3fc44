import type { AgentAction, Decision, Expectation, StepRecord } from '../../loop/actions.ts';

/** A skill's answer for one clause: the next action, finished, or a stop. */
export type SkillStep = Decision | 'done';

export function act(action: AgentAction, target: string, why: string, expect: Expectation): Decision {
  return { type: 'act', action, target, why, expect };
}

export function notFound(what: string): Decision {
  return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `Nothing on the page matches ${what}.` };
}

/** The steps this clause already took that the page confirmed. */
export const verified = (mine: StepRecord[]) => mine.filter((s) => s.ok);
/** How many times the same action on the same handle already failed to show its effect. */
export const failedOn = (mine: StepRecord[], handle: string | undefined) =>
  mine.filter((s) => !s.ok && 'handle' in s.action && s.action.handle === handle).length;
