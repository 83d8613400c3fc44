import type { Locale } from '../../../shared/commands.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Decision, StepRecord } from './actions.ts';

/** How to choose among result records. */
export interface Criterion {
  by: 'cheapest' | 'priciest' | 'earliest' | 'latest' | 'shortest' | 'best_rated' | 'nth' | 'text';
  nth?: number;
  text?: string;
  direct?: boolean;
  maxPrice?: number;
}

/** What the person wants done on the page: a request in words, or slots + intent, or both. */
export interface Goal {
  request?: string;
  intent?: string;
  /** values by field purpose or by field words, e.g. {origin: 'ICN', depart_date: '2026-12-20', '이름': '홍길동'} */
  slots?: Record<string, string>;
  pick?: Criterion;
  /** press the form's own submit / search button after filling */
  submit?: boolean;
  locale: Locale;
  /** today, for dates said relatively ("내일", "Dec 20") */
  now?: Date;
  /** the person's time zone (IANA), for the same */
  tz?: string;
}

export interface DecideInput {
  goal: Goal;
  model: PageModel;
  history: StepRecord[];
}

/** One contract for every decider: the next typed step, done, a question for the person, or a stop. */
export interface Decider {
  readonly name: 'offline' | 'model';
  decide(input: DecideInput): Promise<Decision>;
  /** reads the goal against the first page, for a decider that may take over on a later one (after a replay) */
  prime?(goal: Goal, model: PageModel): void;
}
