/**
 * Capability packs: all domain knowledge as data. A pack declares its intent, slot schema,
 * flow states, allowed tools, approval policy, recovery rules, question and confirmation
 * templates (ko/en), verification rules and site recipes. The conversation reads only these
 * declarations; adding a pack folder edits no engine file.
 *
 * Two kinds of flow exist:
 * - `dialogue` packs (orders, refunds) walk a list of flow states; each state either asks the
 *   person for one input or runs tool rules whose preconditions hold over the held facts.
 * - `browse` packs (flights, hotels, shopping, forms) collect slots, then build a plan from a
 *   site recipe, run it in the browser, verify and present the results.
 * - `pipeline` packs collect a brief in conversation, then run their own staged pipeline (model
 *   contracts, research in the browser) and keep what it made as a run package the UI opens.
 */
import type { LanguageModel } from 'ai';
import type { ZodType } from 'zod';
import type { ErrorValue } from '../../shared/errors.ts';
import type { EngineEventType } from '../../shared/events.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Stage } from '../../shared/stages.ts';
import type { Page } from '../browser/page.ts';
import type { Store } from '../store/index.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import type { RuntimeTool } from '../tools/types.ts';

export type { Locale } from '../../shared/locale.ts';
export { STAGES, type Stage } from '../../shared/stages.ts';

/** A text in both languages; `{name}` placeholders are filled from variables. */
export interface Text {
  ko: string;
  en: string;
}

/** Slots the person gave plus facts the flow derived (tokens, orders, results). */
export type Facts = Record<string, unknown>;

export interface SlotSpec {
  name: string;
  required: boolean;
  /** The type of the canonical value; a value that does not fit is refused with INVALID_VALUE. */
  schema?: ZodType;
  /** Turns a raw value into the canonical one; `undefined` means it cannot be understood. */
  normalise?: (raw: unknown) => unknown;
  /** Returns a reason key (looked up in the pack's `texts`) when the value is not acceptable. */
  validate?: (value: unknown) => string | null;
  /** The one question asked when this slot is missing. */
  question?: Text;
  /** Masked in every log and debug record (phone, otp). */
  sensitive?: boolean;
  /** How the slot is named to the person (slot chips, approval cards). */
  label?: Text;
}

/** What the person said in this turn that matters to rules (never the wording itself). */
export interface TurnSignals {
  turnId: string;
  confirmed: boolean;
  denied: boolean;
  /** What the previous turn asked for (a slot name or a confirmation state id). */
  expecting?: string;
  /** Slots set or corrected in this turn. */
  changed: string[];
  /** With `denied`: the person's own reason (typed with the reject button), if they gave one. */
  reason?: string;
}

/** One tool call a flow state may make when its precondition holds. */
export interface ToolRule {
  tool: string;
  /** Why this call exists; shown in PRE_TOOL_DECISION. */
  purpose: string;
  /** `true` to run now, otherwise the reason it is skipped (e.g. DEFERRED_TO_REFUND_CONFIRM). */
  when: (facts: Facts, turn: TurnSignals) => true | string;
  args: (facts: Facts) => Record<string, unknown>;
  /** Facts to merge after success; may return `{ error }` to treat a domain result as a failure. */
  onOk: (data: Record<string, unknown>, facts: Facts) => FactsPatch;
  /** Mark facts so the same call is not repeated within one flow pass. */
  doneKey?: string;
  /** When the call fails: the same tool on another configured server, then a hand-off to support staff. */
  fallback?: ToolFallback;
}

/** What a failed call falls back to; `handedOff` is what the person is told ({handoff_id}, {why}, {next}, facts). */
export interface ToolFallback {
  handedOff: Text;
}

/** Facts to merge; `$error` turns a domain answer into a failure, `$audit` adds audit events. */
export type FactsPatch = Facts & {
  $error?: { code: string; message: string; details?: Record<string, unknown> };
  $audit?: Array<{ type: EngineEventType; message: string; data: Record<string, unknown> }>;
};

/** What to do when a tool fails with a given error class. */
export interface Recovery {
  /** ask_again: clear slots and ask again; retry: retry once now; end: stop the flow (FAILED). */
  action: 'ask_again' | 'retry' | 'end' | 'hand_over';
  /** Slots and facts to clear before asking again. */
  clear?: string[];
  /** For ask_again: end instead when this holds (e.g. no other order to choose). */
  endIf?: (facts: Facts) => boolean;
  /** What went wrong, in the person's words. */
  say: Text;
  /** The next action offered. */
  next: Text;
}

export interface FlowState {
  id: string;
  stage: Stage;
  /** The slot (or `confirmation`) this state asks for when it cannot move on. */
  expects?: (facts: Facts) => string | undefined;
  /** The question (or confirmation summary) for `expects`. */
  ask?: (facts: Facts, locale: Locale) => string;
  /** Tool rules tried in order while the state is not complete. */
  calls?: ToolRule[];
  /** The state is passed once this holds. */
  complete: (facts: Facts) => boolean;
  /** A confirmation state: the execute state entered on "yes" and what "no" means. */
  confirm?: {
    /** Fact set to true on "yes"; `<fact>_turn` holds the turn id so execution happens only in that turn. */
    fact: string;
    executeState: string;
    onDeny: 'end' | 'ask_again';
    clearOnDeny?: string[];
  };
}

/** A plan template over a fixture-like site, parameterised by slots and a base URL. */
export interface SiteRecipe {
  site: string;
  /** Build the plan steps (the plan's Step shape) for these slots and base URL; summaries in `locale` when given. */
  build: (facts: Facts, baseUrl: string, locale?: Locale) => RecipePlan;
}

export interface RecipePlan {
  steps: Array<Record<string, unknown> & { id: string; type: string }>;
  /** Step ids whose extract output holds the results. */
  extractSteps: string[];
  /**
   * The plan's own checks once it ran (the plan's verification rules): the page applied the
   * person's values (`slot_applied`), the read values are plausible (`fields_plausible`).
   */
  verify?: Array<Record<string, unknown> & { rule: string }>;
}

export interface ApprovalPolicy {
  /** Step types or tool names that need the person's approval. */
  gated: string[];
  /** The approval kind of each gated tool (the runtime's policy gates these tools for every caller). */
  kinds?: Record<string, 'payment' | 'submission' | 'account_change'>;
  /** hand_over: the engine stops and the person finishes (payment); approve: engine runs after yes. */
  mode: 'approve' | 'hand_over';
  /**
   * Gated steps that are the site's own confirmation of an earlier gated step (recipe step id →
   * the step whose approval covers it), e.g. a "Submit this application?" dialog after "Submit".
   * The person's one yes is recorded for both; the runtime still needs a stored approval of each.
   */
  sameApproval?: Record<string, string>;
}

export interface VerificationRule {
  id: string;
  /** null when satisfied, otherwise what was expected vs seen. */
  check: (facts: Facts) => { expected: string; seen: string } | null;
}

export interface PackBase {
  id: string;
  intent: string;
  version: string;
  title: Text;
  slots: SlotSpec[];
  allowedTools: string[];
  approval: ApprovalPolicy;
  /** Keyed by error code (ErrorCode or a tool's own code like OTP_EXPIRED); `default` catches the rest. */
  recovery: Record<string, Recovery> & { default: Recovery };
  /** Texts referenced by key (validation reasons, outcomes). */
  texts: Record<string, Text>;
  verification: VerificationRule[];
  /** Expert tools this pack lends to the expert graph (see conversation/experts). */
  expert?: ExpertSpec;
  /** Runtime tools the pack brings (e.g. read-only site APIs for its expert), given the configured site URLs. */
  tools?: (sites: Record<string, string>) => RuntimeTool[];
  /** What the task holds, masked, for the audit (PRE_TOOL_DECISION) and the debug record; held non-sensitive slots when absent. */
  entity?: (facts: Facts) => Record<string, unknown>;
  /** The rows of the approval card: what the approved step changes, before and after. */
  card?: (facts: Facts, locale: Locale) => ApprovalChange[];
  /** How the offline understanding recognises this pack's requests and reads its slots. */
  understanding?: PackUnderstanding;
  /** A slot's value as the person reads it (a canonical value in their words); as held when absent or undefined. */
  shownValue?: (slot: string, value: unknown, locale: Locale) => string | undefined;
}

/** One row of an approval card. */
export interface ApprovalChange {
  label: string;
  before?: string;
  after?: string;
}

/**
 * What a pack teaches the offline understanding: phrases that start its task (matched case-
 * insensitively, as regular expressions) and a reader for its own slots in a message.
 */
export interface PackUnderstanding {
  starts: { ko: string[]; en: string[] };
  /** Slot values this message gives, given what the last question expects. */
  slots?: (text: string, expecting: string | undefined) => Facts;
}

export interface DialoguePack extends PackBase {
  kind: 'dialogue';
  flow: FlowState[];
  /** Reads a bare answer ("2번", "123456") to the question asked, when understanding gave no slot for it. */
  bareAnswer?: (text: string, expecting: string, facts: Facts) => Facts | undefined;
  /** When a slot changes, these derived facts are stale and cleared (identity change clears the token). */
  invalidates: Record<string, string[]>;
  /** The slot that identifies the person and the fact that proves it: changing one after the proof is held is logged as contamination. */
  identity?: { slot: string; proof: string };
  /** Final answer once every state is complete. */
  doneAnswer: (facts: Facts, locale: Locale) => string;
}

export interface BrowsePack extends PackBase {
  kind: 'browse';
  recipes: SiteRecipe[];
  /** Turn extracted rows from every site into ranked results for the person. */
  present: (rowsBySite: Record<string, Array<Record<string, unknown>>>, facts: Facts, baseUrls: Record<string, string>) => BrowseResult;
  /** The brief shown before planning. */
  brief: (facts: Facts, locale: Locale) => string;
  /** How the brief is introduced (`{brief}`); "Here is what I will look for" when absent. */
  briefLead?: Text;
  /** Follow-ups on presented results ("book the first one"): a second plan over the same facts. */
  followUps?: FollowUp[];
  /**
   * Which read values must be plausible before a row is shown: a row whose price is missing,
   * not a number or below `minPrice` (a "1" read from "1박") is rejected, never presented.
   */
  plausible?: { price: { minPrice: number } };
  /** How the pack runs on a site the person chose that no recipe knows: through the agent loop. */
  anySite?: AnySite;
}

/** A pack's errand on any site: the values for the site's own form and whether results are read. */
export interface AnySite {
  /** The site key rows are presented under; the site's own name when absent (a shop). */
  as?: string;
  /** Values by field purpose (origin, destination, date_start, query, given_name, …); `a|b` offers alternatives. */
  slots: (facts: Facts, locale: Locale) => Record<string, string>;
  /** Read the result records the page shows once the form is sent (a search); a form reads none. */
  read: boolean;
  /** Put in only the values the page has a field for (a profile on a form that asks for part of it). */
  onlyFields?: boolean;
  /** One site per errand (a form), not every saved one; its name fills `siteSlot` when the person did not say it. */
  one?: boolean;
  siteSlot?: string;
  /** What to tell the person from what the last page showed (`facts.page_seen`: title, headings, messages); else `present`. */
  present?: (facts: Facts, locale: Locale) => BrowseResult;
  /** The brief shown before a run on such a site; else `brief`. */
  brief?: (facts: Facts, locale: Locale) => string;
  /** Rules for a run on such a site; else `verification`. */
  verification?: VerificationRule[];
}

export interface FollowUp {
  id: string;
  /** Facts to add when the text asks for this follow-up on the held results, else null. */
  match: (text: string, facts: Facts) => Facts | null;
  recipe: SiteRecipe;
  /** The answer once the follow-up plan finished (after the person's hand-over). */
  done: (facts: Facts, locale: Locale) => string;
}

export interface BrowseResult {
  items: Array<Record<string, unknown>>;
  answer: Text;
}

export interface ExpertTool {
  name: string;
  description: Text;
  /** Reads facts from the question; returns null when the question gives nothing to call with. */
  argsFrom: (question: string, context: Facts) => Record<string, unknown> | null;
  /** One or two sentences from the tool's answer; never more than the data says. */
  summarise: (data: Record<string, unknown>, locale: Locale) => string;
}

export interface ExpertSpec {
  id: string;
  /** Words that route a question to this expert (rule-based router). */
  keywords: string[];
  tools: ExpertTool[];
  /** Who to ask when the tools cannot answer. */
  referral: Text;
  /**
   * With a model, the expert may answer from common knowledge when its tools cannot (marked as
   * such to the person). Only for subjects that are common knowledge, never for the app's own rules.
   */
  generalKnowledge?: boolean;
}

export interface GenericPack extends PackBase {
  kind: 'generic';
}

/** What the engine lends a pipeline pack for one turn. */
export interface PipelinePorts {
  sessionId: string;
  turnId: string;
  locale: Locale;
  store: Store;
  /** The model chosen in settings; absent when none is set (the pack then says what needs one). */
  model?: { model: LanguageModel; modelName?: string };
  /** The browser the conversation drives, through the one tool runtime. */
  browser?: { runtime: ToolRuntime; page: () => Page | Promise<Page> };
  /** Host settings a pipeline may use: `tts` is the text-to-speech provider ({baseUrl, apiKey, model, voice}) when one is set. */
  settings: Record<string, unknown>;
  /** Where the pack writes files (exports, audio). */
  artifactsDir: string;
  now: () => Date;
  emit: (type: EngineEventType, message: string, data: Record<string, unknown>) => void;
}

/** One turn of a pipeline pack: the text and the held facts (slots the understanding set included). */
export interface PipelineTurnInput {
  text: string;
  facts: Facts;
  expecting?: string;
  /** Slots set or corrected in this turn. */
  changed: string[];
}

/** A run the pipeline made, that the UI can open and export. */
export interface PipelineOutput {
  packId: string;
  id: string;
  title: Text;
}

export interface PipelineOutcome {
  facts: Facts;
  reply: string;
  /** collecting: asks `expecting` next; done: the pipeline ran (its output holds the result); failed: stopped with `failure`. */
  status: 'collecting' | 'done' | 'failed';
  expecting?: string;
  failure?: ErrorValue;
  output?: PipelineOutput;
}

export interface PipelinePack extends PackBase {
  kind: 'pipeline';
  turn: (input: PipelineTurnInput, ports: PipelinePorts) => Promise<PipelineOutcome>;
  /** A stored output by id, as JSON for the UI (undefined when there is none). */
  output: (store: Store, id: string) => unknown;
  /** Writes a stored output to a file in `dir` and returns its path. */
  exportOutput: (store: Store, id: string, dir: string) => string;
}

export type Pack = DialoguePack | BrowsePack | GenericPack | PipelinePack;
