import { z } from 'zod';

/**
 * The typed actions a decider may propose, over handles of the last page observation. The
 * loop turns each into one browser tool call through the ToolRuntime (so the policy, the
 * approval gate, audit and redaction apply), then verifies what it was expected to change.
 */
const handle = z.string().regex(/^\d+:\d+$/, 'A handle from the page model, e.g. "0:12"');

export const AgentAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fill'), handle, value: z.string() }),
  z.object({ kind: z.literal('type'), handle, value: z.string().min(1) }),
  z.object({ kind: z.literal('select'), handle, option: z.string().min(1) }),
  z.object({ kind: z.literal('click'), handle }),
  z.object({ kind: z.literal('check'), handle, checked: z.boolean() }),
  z.object({ kind: z.literal('press'), key: z.string().min(1), handle: handle.optional() }),
  z.object({ kind: z.literal('scroll'), handle: handle.optional(), to: z.enum(['bottom', 'top']) }),
  z.object({ kind: z.literal('navigate'), url: z.url() }),
  z.object({ kind: z.literal('wait'), ms: z.number().int().min(50).max(2000) }),
]);
export type AgentAction = z.infer<typeof AgentAction>;

/** What must be true after the action; nothing of it → ACTION_NO_EFFECT. */
export const Expectation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('value'), handle, value: z.string() }),
  z.object({ kind: z.literal('checked'), handle, checked: z.boolean() }),
  z.object({ kind: z.literal('change') }),
  z.object({ kind: z.literal('scrolled'), handle: handle.optional() }),
  /** a pause for the page's own scripts: nothing to check */
  z.object({ kind: z.literal('nothing') }),
]);
export type Expectation = z.infer<typeof Expectation>;

export type Decision =
  | {
      type: 'act';
      action: AgentAction;
      why: string;
      target: string;
      expect: Expectation;
      clause?: number;
      source?: 'replayed';
      /** the action carries out a clause the person said naming this control ("동의 눌러"): a consent they give */
      personAsked?: boolean;
    }
  | { type: 'done'; why: string; result?: Record<string, unknown> }
  | { type: 'ask'; question: { ko: string; en: string }; why: string }
  | { type: 'fail'; code: 'ELEMENT_NOT_FOUND' | 'ACTION_NO_EFFECT' | 'VERIFICATION_FAILED' | 'USAGE_ERROR'; why: string };

/** How to find a step's element again on a later visit, in the page's own words. */
export interface Locator {
  kind: 'field' | 'button' | 'day' | 'record' | 'option' | 'page';
  label: string;
  purpose?: string;
}

/** One step the loop took: what, why, how it ended, where the decision came from. */
export interface StepRecord {
  locator?: Locator;
  index: number;
  source: 'decided' | 'replayed' | 'model';
  action: AgentAction;
  /** the target's words (label, button text), for the log and for re-finding it on replay */
  target: string;
  why: string;
  clause?: number;
  ok: boolean;
  /** what the verification saw */
  observed: string;
  error?: { code: string; message: string };
  /** requests the page sent to its site while the step ran (a load, a form post, a fetch); absent when unknown */
  sent?: number;
  /** of those, the requests that can change something on the site (not GET/HEAD/OPTIONS) */
  wrote?: number;
}

/** A short line for the log: `fill "이름" ← 홍길동`. */
export function describeAction(a: AgentAction, target: string): string {
  switch (a.kind) {
    case 'fill':
    case 'type':
      return `${a.kind} "${target}" ← ${a.value}`;
    case 'select':
      return `select "${a.option}" in "${target}"`;
    case 'check':
      return `${a.checked ? 'check' : 'uncheck'} "${target}"`;
    case 'press':
      return `press ${a.key}${target ? ` in "${target}"` : ''}`;
    case 'scroll':
      return `scroll ${target ? `"${target}"` : 'the page'} to the ${a.to}`;
    case 'navigate':
      return `open ${a.url}`;
    case 'wait':
      return `wait ${a.ms} ms for the page`;
    default:
      return `click "${target}"`;
  }
}
