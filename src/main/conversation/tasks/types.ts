/** What every task kind (dialogue, browse, pipeline, generic) gets for one turn and gives back. */
import type { Actor } from 'xstate';
import type { ErrorValue } from '../../../shared/errors.ts';
import type { PackRegistry } from '../../packs/registry.ts';
import type { Facts, Locale, Pack, PipelineOutput, PipelinePorts, Stage } from '../../packs/types.ts';
import type { Store } from '../../store/index.ts';
import type { ApprovalDesk } from '../approvals.ts';
import type { TurnAudit } from '../audit.ts';
import type { AppliedCommands } from '../commands.ts';
import type { TurnDebug } from '../debug.ts';
import type { SessionContext, SessionMachine } from '../machine.ts';
import type { PlanRunnerPort } from '../plan-runner.ts';
import type { SupportDesk } from '../support.ts';
import type { ToolPort } from '../tool-port.ts';
import type { LoopRunner } from './browse/loop-run.ts';
import type { ChosenSite } from './browse/sites.ts';

/** Answers questions (the expert graph of conversation/experts). */
export interface QuestionAnswerer {
  answer(question: string, ctx: { locale: Locale; facts: Facts; turnId: string; sessionId: string; audit: TurnAudit }): Promise<string>;
  /** Answers only when an expert takes the message (a line no task or question was read from); undefined otherwise. */
  consider?(
    text: string,
    ctx: { locale: Locale; facts: Facts; turnId: string; sessionId: string; audit: TurnAudit },
  ): Promise<string | undefined>;
}

/** What browse tasks need: a plan runner and the sites the recipes name. */
export interface BrowseSetup {
  runner: PlanRunnerPort;
  /** Base URL of each site a recipe names (`--site flights=http://…`). */
  sites: Record<string, string>;
  now?: () => Date;
  /** Facts packs may read but that are not the person's slots (saved profiles for forms). */
  context?: Facts;
  /** Runs a pack on a site no recipe knows (the agent loop), when a browser page is at hand. */
  loop?: LoopRunner;
  /** The sites the person saved for a pack (Settings). */
  savedSites?: (packId: string) => ChosenSite[];
  /** The address of the page open in the browser view ("이 페이지에서 …"). */
  pageUrl?: () => string | undefined;
  /** What that page says when the site answered it with an error ("404 Not Found" and its title). */
  pageError?: () => Promise<string[] | undefined>;
}

/** What pipeline packs need: the store, a files folder, and the model and browser when there are. */
export interface PipelineSetup {
  store: Store;
  artifactsDir: string;
  model?: PipelinePorts['model'];
  browser?: PipelinePorts['browser'];
  /** Host settings pipeline packs may use (the text-to-speech provider). */
  settings?: Record<string, unknown>;
  now?: () => Date;
}

export interface TaskDeps {
  registry: PackRegistry;
  tools: ToolPort;
  approvals: ApprovalDesk;
  audit: TurnAudit;
  debug: TurnDebug;
  experts?: QuestionAnswerer;
  browse?: BrowseSetup;
  /** Where a request no tool could carry out goes (support staff's hand-offs). */
  support?: SupportDesk;
  pipeline?: PipelineSetup;
}

export interface TurnContext {
  actor: Actor<SessionMachine>;
  pack: Pack | undefined;
  facts: Facts;
  applied: AppliedCommands;
  locale: Locale;
  turnId: string;
  text: string;
  /** What the previous turn asked for. */
  expecting?: string;
  /** The person's decision came as a command (approve/reject button, CLI) and the gate holds it already. */
  decided?: boolean;
  /** With a rejection: the person's own reason, if they gave one. */
  reason?: string;
}

export interface TaskTurnResult {
  stage: Stage;
  reply: string;
  outcome?: SessionContext['outcome'];
  failure?: ErrorValue;
  results?: Array<Record<string, unknown>>;
  /** What a pipeline pack made in this turn (the UI opens it by id). */
  output?: PipelineOutput;
}
