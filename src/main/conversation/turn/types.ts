/** What a turn takes and gives: its understanding function, snapshot store, options and result. */
import type { Understanding, UnderstandingState } from '../../../shared/commands.ts';
import type { ErrorValue } from '../../../shared/errors.ts';
import type { PackRegistry } from '../../packs/registry.ts';
import type { Locale, Stage } from '../../packs/types.ts';
import type { ApprovalDesk } from '../approvals.ts';
import type { EventSink } from '../audit.ts';
import type { TurnDebug } from '../debug.ts';
import type { SessionContext } from '../machine.ts';
import type { SupportDesk } from '../support.ts';
import type { TaskOption } from '../task-choice.ts';
import type { BrowseSetup, PipelineSetup, QuestionAnswerer, TaskTurnResult } from '../tasks/types.ts';
import type { ToolPort } from '../tool-port.ts';

export type Understand = (
  text: string,
  opts: { now: Date; tz: string; locale?: Locale; state: UnderstandingState },
) => Understanding | Promise<Understanding>;

/** Where snapshots live between turns (the store's machine_snapshots in the app). */
export interface SnapshotStore {
  save(sessionId: string, snapshot: unknown): void;
  load(sessionId: string): unknown;
}

export interface TurnResult {
  turnId: string;
  stage: Stage;
  flowState?: string;
  expecting?: string;
  reply: string;
  outcome?: SessionContext['outcome'];
  failure?: ErrorValue;
  approval?: SessionContext['pendingApproval'];
  results?: Array<Record<string, unknown>>;
  /** What a pipeline pack made in this turn. */
  output?: TaskTurnResult['output'];
  /** "Which task?" is asked: the tasks to pick from (quick replies). */
  choices?: TaskOption[];
  debug: TurnDebug;
}

export interface TurnRunnerOptions {
  sessionId: string;
  registry: PackRegistry;
  understand: Understand;
  /** Label of the understanding path in FINAL_ANSWER_READY ('offline' or a model id). */
  understandingLabel?: string;
  tools: ToolPort;
  approvals: ApprovalDesk;
  experts?: QuestionAnswerer;
  browse?: BrowseSetup;
  pipeline?: PipelineSetup;
  support?: SupportDesk;
  sink: EventSink;
  snapshots: SnapshotStore;
  now?: () => Date;
  tz?: string;
  locale?: Locale;
  /** Called when a turn starts/ends (the store records turns). */
  onTurn?: (t: { phase: 'start'; turnId: string; text: string } | { phase: 'end'; turnId: string; reply: string }) => void;
}
