import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import { AgentAction, type Decision, describeAction, type Expectation } from '../loop/actions.ts';
import type { DecideInput, Decider } from '../loop/contract.ts';
import { compactModel } from '../page-model/compact.ts';
import type { PageModel } from '../page-model/types.ts';

/** What the model must answer: the next typed action over the page's handles, done, or a question. */
export const NextStep = z.object({
  decision: z
    .enum(['act', 'done', 'ask'])
    .describe('act: do one action; done: the goal holds on the page now; ask: the person must say something'),
  action: AgentAction.optional().describe('with decision "act": one action on a handle from the page'),
  why: z.string().min(1).max(300).describe('one sentence: why this step'),
  question: z.string().max(300).optional().describe('with decision "ask": the question for the person'),
});
export type NextStep = z.infer<typeof NextStep>;

const SYSTEM = [
  'You operate a web page for a person, one action at a time, through handles like [0:12] listed in the page description.',
  'Answer with one JSON object: {decision, action?, why, question?}. Use only handles that appear in the page description.',
  'Action kinds: fill {handle, value}; type {handle, value} (key by key, for suggestion boxes); select {handle, option}; click {handle};',
  'check {handle, checked}; press {key, handle?}; scroll {handle?, to: "bottom"|"top"}; wait {ms}.',
  'Say "done" only when the page already shows the goal achieved. Never invent values the person did not give: ask instead.',
].join('\n');

function expectationOf(a: AgentAction): Expectation {
  if (a.kind === 'fill') return { kind: 'value', handle: a.handle, value: a.value };
  if (a.kind === 'select') return { kind: 'value', handle: a.handle, value: a.option };
  if (a.kind === 'check') return { kind: 'checked', handle: a.handle, checked: a.checked };
  if (a.kind === 'scroll') return { kind: 'scrolled', ...(a.handle ? { handle: a.handle } : {}) };
  if (a.kind === 'wait') return { kind: 'nothing' };
  return { kind: 'change' };
}

function targetWords(m: PageModel, handle: string | undefined): string | undefined {
  if (!handle) return '';
  const f = m.fields.find((x) => x.handle === handle);
  if (f) return f.label;
  const b = m.buttons.find((x) => x.handle === handle);
  if (b) return b.text;
  const r = m.lists.flatMap((l) => l.records).find((x) => x.handle === handle);
  if (r) return r.cells.slice(0, 3).join(' ');
  const d = m.calendars.flatMap((c) => c.days).find((x) => x.handle === handle);
  if (d) return String(d.day);
  const s = m.scrollables.find((x) => x.handle === handle);
  return s ? s.label || 'scroll box' : undefined;
}

/**
 * The model decider: the same contract as the offline one. The model sees the goal, the
 * compact page model and the history, and proposes the next typed action; an answer that is
 * not valid (schema, or a handle not on the page) is retried once with the error; after that,
 * or when the model cannot be reached, the fallback decider answers (or the person is asked).
 * The action still goes through the runtime: the model proposes, the gate decides.
 */
export class ModelDecider implements Decider {
  readonly name = 'model' as const;
  readonly #model: LanguageModel;
  readonly #fallback: Decider | undefined;
  #fellBack = false;
  /** model calls made, with their outcome (for the log and tests) */
  readonly calls: Array<{ ok: boolean; error?: string }> = [];

  constructor(opts: { model: LanguageModel; fallback?: Decider }) {
    this.#model = opts.model;
    this.#fallback = opts.fallback;
  }

  async decide(input: DecideInput): Promise<Decision> {
    if (this.#fellBack && this.#fallback) return this.#fallback.decide(input);
    const goal = input.goal.request ?? JSON.stringify({ intent: input.goal.intent, slots: input.goal.slots, pick: input.goal.pick });
    const history = input.history
      .map((s) => `${s.index + 1}. ${describeAction(s.action, s.target)} → ${s.ok ? 'ok' : 'failed'}: ${s.error?.message ?? s.observed}`)
      .join('\n');
    const prompt = `Goal: ${goal}\n\nSteps so far:\n${history || '(none)'}\n\nThe page now:\n${compactModel(input.model)}`;
    let lastError = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      let answer: NextStep;
      try {
        const r = await generateText({
          model: this.#model,
          system: SYSTEM,
          prompt: lastError
            ? `${prompt}\n\nYour previous answer was not usable: ${lastError}\nAnswer again with one valid JSON object.`
            : prompt,
          output: Output.object({ schema: NextStep, name: 'next_step' }),
          maxRetries: 0,
        });
        answer = r.output as NextStep;
      } catch (e) {
        if (NoObjectGeneratedError.isInstance(e)) {
          lastError = e.cause instanceof Error ? e.cause.message.slice(0, 400) : 'the answer did not match the schema';
          this.calls.push({ ok: false, error: lastError });
          continue;
        }
        this.calls.push({ ok: false, error: e instanceof Error ? e.message : String(e) });
        return this.#giveUp(
          input,
          new StewardError('MODEL_UNAVAILABLE', `The model could not be reached: ${e instanceof Error ? e.message : String(e)}`),
        );
      }
      const problem = this.#check(answer, input.model);
      if (problem) {
        lastError = problem;
        this.calls.push({ ok: false, error: problem });
        continue;
      }
      this.calls.push({ ok: true });
      if (answer.decision === 'done') return { type: 'done', why: answer.why };
      if (answer.decision === 'ask')
        return { type: 'ask', why: answer.why, question: { ko: answer.question ?? answer.why, en: answer.question ?? answer.why } };
      const action = answer.action as AgentAction;
      const handle = 'handle' in action ? action.handle : undefined;
      return { type: 'act', action, why: answer.why, target: targetWords(input.model, handle) ?? '', expect: expectationOf(action) };
    }
    return this.#giveUp(
      input,
      new StewardError('SCHEMA_VALIDATION_FAILED', `The model's answer was not usable after one retry: ${lastError}`),
    );
  }

  #check(a: NextStep, m: PageModel): string | undefined {
    if (a.decision !== 'act') return undefined;
    if (!a.action) return 'decision "act" needs an action';
    const handle = 'handle' in a.action ? a.action.handle : undefined;
    if (handle && targetWords(m, handle) === undefined) return `handle ${handle} is not on the page`;
    return undefined;
  }

  #giveUp(input: DecideInput, error: StewardError): Promise<Decision> {
    if (this.#fallback) {
      this.#fellBack = true;
      return this.#fallback.decide(input);
    }
    return Promise.resolve({
      type: 'ask',
      why: error.message,
      question: {
        ko: `모델을 쓸 수 없어요 (${error.code}). 무엇을 할지 조금 더 구체적으로 말씀해 주세요.`,
        en: `The model is not usable (${error.code}). Please say more precisely what to do.`,
      },
    });
  }
}
