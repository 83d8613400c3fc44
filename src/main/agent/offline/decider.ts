import type { Decision, StepRecord } from '../loop/actions.ts';
import type { DecideInput, Decider, Goal } from '../loop/contract.ts';
import type { PageModel } from '../page-model/types.ts';
import { type Clause, clauseText } from './clauses.ts';
import { dayLater } from './day-later.ts';
import { confirmDialog } from './dialog-confirm.ts';
import { fillPlace } from './fill-place.ts';
import { fillForm, sendSplitsForms, unsentSubmit } from './form.ts';
import { clausesOf, typed } from './goal-clauses.ts';
import { valueNotKept } from './kept.ts';
import { Later } from './later-errand.ts';
import { onlyBox } from './list-words.ts';
import { namedOptions } from './mention.ts';
import { missingBeforeSend } from './missing.ts';
import { recordWords } from './record-words.ts';
import { fieldWords, normText, rank } from './refs.ts';
import { withSection } from './section.ts';
import { askedByPerson, LAYER, nameThenOption, numberForNamedBox, offeredWordForWord, unchosen, writable } from './skill-helpers.ts';
import { addToCart } from './skills/cart.ts';
import { pressChip } from './skills/chips.ts';
import { applyFilter, checkRef, choose, clickRef, forward, goPage, scroll, submit } from './skills/controls.ts';
import { setCounter } from './skills/counters.ts';
import { goToDay } from './skills/day-nav.ts';
import { putValue } from './skills/field.ts';
import { tapDigits } from './skills/keypad.ts';
import { dismiss, uncover } from './skills/layers.ts';
import { answerEveryRow, onlyOption } from './skills/matrix.ts';
import { showMonth } from './skills/month.ts';
import { recordAction } from './skills/record.ts';
import { pickResult } from './skills/results.ts';
import { rowAction } from './skills/row.ts';
import { chooseSeats } from './skills/seats.ts';
import { sendOpened } from './skills/send.ts';
import { chooseSlots } from './skills/slot-grid.ts';
import { sortByHeader, sortList } from './skills/sort.ts';
import { act, type SkillStep, verified } from './skills/step.ts';
import { setSwitches } from './skills/switches.ts';

/**
 * The default decider: no model, no tokens. A goal becomes clauses (grammar or slots); each
 * clause is worked by a small skill over the page model until the page shows it done, then
 * the next. Finished when every clause is; a page message about a wrong or missing value
 * after the last action stops it instead.
 */
export class OfflineDecider implements Decider {
  readonly name = 'offline' as const;
  #clauses: Clause[] | undefined;
  #primed: ReturnType<typeof clausesOf> | undefined;
  #at = 0;
  /** pieces of the request left for a later page or step */
  readonly #later = new Later();
  /** clauses tried again after the ones said with them, once */
  readonly #deferred = new WeakSet<Clause>();

  /** Reads the goal against the page it was given on (a replay may hand over on a later page). */
  prime(goal: Goal, model: PageModel): void {
    this.#primed ??= clausesOf(typed(goal), model);
  }

  async decide(input: DecideInput): Promise<Decision> {
    const { model, history } = input;
    const goal = typed(input.goal);
    if (!this.#clauses) {
      const { clauses, unknown } = this.#later.start(this.#primed ?? clausesOf(goal, model), goal.request ?? '', model, {
        now: goal.now ?? new Date(),
        tz: goal.tz ?? 'Asia/Seoul',
      });
      if (unknown.length || !clauses.length) {
        return {
          type: 'ask',
          why: `no rule understood: ${unknown.join(' / ') || goal.request || '(empty)'}`,
          question: {
            ko: `이 부분을 이해하지 못했어요: "${unknown.join(' / ') || goal.request || ''}". 어떤 칸이나 버튼인지 말씀해 주세요.`,
            en: `I did not understand: "${unknown.join(' / ') || goal.request || ''}". Which field or button do you mean?`,
          },
        };
      }
      this.#clauses = clauses;
      // clauses before the latest one the history already worked on were verified when taken
      const reached = Math.max(-1, ...history.filter((h) => h.ok && h.clause !== undefined).map((h) => h.clause as number));
      this.#at = Math.max(0, reached);
    }
    const clauses = this.#clauses;
    const cover = uncover(model, history);
    if (cover && cover !== 'done') return { ...cover, clause: this.#at } as Decision;
    while (this.#at < clauses.length) {
      const clause = clauses[this.#at] as Clause;
      const mine = history.filter((s) => s.clause === this.#at);
      // a new page or step: the pieces left for later may have their place here, before this clause
      if (!mine.length && this.#later.place(clauses, this.#at, model)) continue;
      const step = withSection(clause, model, mine, (cl) => this.#skill(cl, goal, model, mine, history));
      // (filters said one after another are applied once, after the last)
      const next = clauses[this.#at + 1];
      const more = next?.kind === 'only' || (next?.kind === 'choose' && next.sort);
      const apply = step === 'done' && !more ? applyFilter(clause, mine, model) : undefined;
      if (apply && apply !== 'done' && apply.type === 'act')
        return { ...apply, clause: this.#at, why: `${clauseText(clause)}: ${apply.why}` };
      if (step === 'done') {
        this.#at++;
        continue;
      }
      if (this.#later.onwardFirst(clause, step, model)) {
        clauses.splice(this.#at, 0, { kind: 'forward' });
        continue;
      }
      // a day the page does not offer yet (or has no place for on this step) is tried again later, never given up at once
      if (step.type === 'fail' && !mine.length && dayLater(clause, step.why, clauses, this.#at, this.#deferred, this.#later, model))
        continue;
      const layered =
        step.type === 'fail' && step.code === 'ELEMENT_NOT_FOUND' ? this.#underLayer(clause, goal, model, mine, history) : undefined;
      if (layered && layered !== 'done' && layered.type === 'act') return { ...layered, clause: this.#at };
      const held = this.#later.beforeSend(clause, step, model);
      if (held && 'look' in held) {
        clauses.splice(this.#at, 0, held.look);
        continue;
      }
      if (held) return held;
      // (a send for one form while values this run gave sit in another form of the page: asked, never half done)
      const split = step.type === 'act' && 'handle' in step.action ? sendSplitsForms(step.action.handle, model, history) : undefined;
      if (split) return split;
      return step.type === 'act' ? { ...step, clause: this.#at, why: `${clauseText(clause)}: ${step.why}` } : step;
    }
    // pieces still left: placed on this page and the errand goes on, or asked about, never dropped
    const left = this.#later.atEnd(clauses, model, history);
    if (left === 'more') return this.decide(input);
    if (left) return left;
    const unsentErrand = this.#later.unsent(model, history);
    if (unsentErrand) return unsentErrand;
    // the action asked for opened its own confirmation: confirming it is part of the action
    const confirmed = confirmDialog(model, history, clauses, goal.request ?? '');
    if (confirmed) return confirmed;
    const problems = model.messages.filter((m) => m.problem);
    const last = history.at(-1);
    if (problems.length && last && last.action.kind === 'click') {
      return { type: 'fail', code: 'VERIFICATION_FAILED', why: `The page says: ${problems.map((p) => p.text).join(' / ')}` };
    }
    const unsent = unsentSubmit(clauses, history, model);
    if (unsent) return { type: 'fail', code: 'VERIFICATION_FAILED', why: unsent };
    const changed = valueNotKept(history, model);
    if (changed) return { type: 'fail', code: 'VERIFICATION_FAILED', why: changed };
    const remarks = this.#later.remarks.length ? ` (taken as a remark: ${this.#later.remarks.map((r) => `"${r}"`).join(', ')})` : '';
    return { type: 'done', why: clauses.map(clauseText).join('; ') + remarks, result: { url: model.url, clauses: clauses.length } };
  }

  /**
   * What the clause names is on the page, under a layer that was there before this run pressed
   * anything (a promotion shown on arrival): a person closes the layer first (never accepting
   * what it offers). Undefined when there is no such layer or the clause finds nothing under it.
   */
  #underLayer(c: Clause, goal: Goal, model: PageModel, mine: StepRecord[], history: StepRecord[]): SkillStep | undefined {
    if (c.kind === 'dismiss' || !model.dialogs.some((d) => d.modal)) return undefined;
    if (history.some((s) => s.ok && s.action.kind === 'click' && !s.why.includes('uncover'))) return undefined;
    const bare = { ...model, dialogs: model.dialogs.map((d) => ({ ...d, modal: false })) };
    const under = withSection(c, bare, mine, (cl) => this.#skill(cl, goal, bare, mine, history));
    if (under === 'done' || under.type !== 'act') return undefined;
    const closed = dismiss(false, undefined, model, mine);
    return closed !== 'done' && closed.type === 'act'
      ? { ...closed, why: `uncover: ${closed.why}, which lies over "${under.target}"` }
      : undefined;
  }

  #skill(c: Clause, goal: Goal, model: PageModel, mine: StepRecord[], history: StepRecord[]): SkillStep {
    switch (c.kind) {
      case 'fill': {
        if (c.ref === '') {
          const empty =
            model.fields.find((x) => !x.disabled && !x.readonly && (x.kind === 'text' || x.kind === 'textarea') && !x.value) ??
            model.fields.find((x) => x.kind === 'text' && !x.disabled);
          return empty
            ? putValue(empty, c.value, model, mine, goal.now)
            : { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'No text field to put it in.' };
        }
        const place = fillPlace(c.ref, c.value, model, goal.now);
        if (place && 'option' in place) return choose(place.option, c.ref, model, mine);
        if (!place) {
          // no box for it: digits tapped on the page's own keypad (a PIN pad that draws dots)
          const keyed = tapDigits(c.value, model, mine);
          if (keyed) return keyed;
          // the value may be one of a row of choices ("음료는 라떼로" → the chip "라떼"), pressed once
          if (mine.some((s) => s.ok && s.action.kind === 'click' && !s.why.includes('uncover:'))) return 'done';
          const chosen = namedOptions(c.value, model);
          if (chosen?.length === 0) return 'done';
          if (chosen?.length === 1 && chosen[0]?.kind !== 'fill') return this.#skill(chosen[0] as Clause, goal, model, mine, history);
          // the value is, word for word, one choice the page offers ("코스는 X로" where X is a chip's words)
          if (offeredWordForWord(c.value, model)) return choose(c.value, undefined, model, mine);
          return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No field on the page is called "${c.ref}".` };
        }
        const g = place.field;
        return putValue(g, c.value, model, mine, goal.now);
      }
      case 'form':
        return fillForm(c.slots, model, mine, goal.now);
      case 'click': {
        if (c.handle) {
          if (verified(mine).length) return 'done';
          return act({ kind: 'click', handle: c.handle }, c.ref, c.why ?? `look: open "${c.ref}" to see its choices`, { kind: 'change' });
        }
        // "press reply first" only when the box to write in is not on the page yet
        const next = this.#clauses?.[this.#at + 1];
        if (c.optional && !mine.length && next?.kind === 'fill' && rank(next.ref, model.fields.filter(writable), fieldWords, 0.3).length)
          return 'done';
        const step = askedByPerson(clickRef(c.ref, model, mine));
        if (step === 'done' || step.type !== 'fail') return step;
        if (c.optional) return 'done';
        // not a control: a record named by its words ("엄마가 보낸 메일 열어줘")
        if (model.lists.some((l) => l.records.length) || mine.some((s) => s.why.includes('pick:')))
          return pickResult({ by: 'text', text: recordWords(c.ref) }, 'open', model, mine);
        return step;
      }
      case 'record':
        return recordAction(c.verb, c.text, model, mine);
      case 'cart':
        return addToCart(c.item, c.pick, c.qty, model, mine);
      case 'every':
        return answerEveryRow(c.answer, model, mine);
      case 'only': {
        // filter boxes first; a row of chips when the page has no box of that name
        const boxes = onlyOption(c.option, model);
        const chip = boxes !== 'done' && boxes.type === 'fail' ? pressChip(c.option, model, mine) : boxes;
        if (chip === 'done' || chip.type !== 'fail') return chip;
        // a list or a picker that filters by it ("only jazz records" → Genre: Jazz), the records' own noun left out
        const shorter = c.option.split(/\s+/).slice(0, -1).join(' ');
        for (const option of [c.option, ...(shorter ? [shorter] : [])]) {
          const step = choose(option, undefined, model, mine);
          if (step === 'done' || step.type !== 'fail') return step;
        }
        // "채식 되는 곳만", "only the ones that take cards": the one box that says the thing itself ("X 가능 …만")
        const box = onlyBox(c.option, model);
        return box ? checkRef(box, true, model, mine) : chip;
      }
      case 'choose': {
        // an order for a list, by what it sorts by and which way, in the page's own words for it
        const sorted = c.sort ? sortList(c.option, model, mine) : undefined;
        if (sorted) return sorted;
        if (mine.some((s) => /(^|: )(pick|page): /.test(s.why))) return pickResult({ by: 'text', text: c.option }, 'pick', model, mine);
        // a table sorted by its own column headers ("Cost ↕"): the header, checked by the rows' order
        const step = choose(c.option, c.ref, model, mine);
        const byHeader = c.sort && step !== 'done' && step.type === 'fail' ? sortByHeader(c.option, model, mine) : undefined;
        if (byHeader) return byHeader;
        // "픽업 장소 서문으로": the control's name said before the option, with no particle between
        const named = step !== 'done' && step.type === 'fail' && !c.ref ? nameThenOption(c.option, model, mine) : undefined;
        if (named) return named;
        // "make it 3 nights in the cabin", "4명으로": a number for the box its unit names
        const counted = step !== 'done' && step.type === 'fail' ? numberForNamedBox(c.option, model, mine, goal.now) : undefined;
        if (counted) return counted;
        // the option is under a layer shown on arrival: closed first, before any other reading
        const layered = step !== 'done' && step.type === 'fail' ? this.#underLayer(c, goal, model, mine, history) : undefined;
        if (layered) return layered;
        // not an option of any control: a result named by its words ("서피스 랩탑" 선택해줘)
        if (step !== 'done' && step.type === 'fail' && c.ref !== 'tab' && model.lists.length)
          return pickResult({ by: 'text', text: c.option }, 'pick', model, mine);
        return step;
      }
      case 'check': {
        const step = askedByPerson(checkRef(c.ref, c.checked, model, mine));
        // "배너 좀 꺼줘", "turn off this popup": no switch of that name, and the words name a layer over the page —
        // turning it off is closing it (never accepting what it offers)
        if (!c.checked && step !== 'done' && step.type === 'fail' && LAYER.test(c.ref) && (model.dialogs.length || mine.some((s) => s.ok)))
          return dismiss(false, undefined, model, mine);
        // "no rush", "no gift wrap": nothing of that name to untick is nothing ticked
        if (c.ifAny && step !== 'done' && step.type === 'fail' && step.code === 'ELEMENT_NOT_FOUND') return 'done';
        return step;
      }
      case 'switches':
        return setSwitches(c, model, mine);
      case 'count': {
        const step = setCounter(c, model, mine);
        // no counter of that name: a number box or a slider the count names ("3 hours" → "Hours of use")
        if (step === 'done' || step.type !== 'fail') return step;
        const place = fillPlace(c.ref, String(c.n), model, goal.now);
        const box = place && 'field' in place && ['number', 'range', 'text'].includes(place.field.kind) ? place.field : undefined;
        return box ? putValue(box, String(c.n), model, mine, goal.now) : step;
      }
      case 'seats':
        return chooseSeats(c, model, mine);
      case 'month':
        return showMonth(c, model, mine, goal.now ?? new Date());
      case 'result':
        return pickResult(c.criterion, c.verb, model, mine);
      case 'dismiss':
        // "쿠키 동의하고" / "accept the cookies": the person gives that consent; a bare "dismiss" does not
        return c.accept ? askedByPerson(dismiss(c.accept, c.ref, model, mine)) : dismiss(c.accept, c.ref, model, mine);
      case 'scroll':
        return scroll(c.ref, c.to, model, mine);
      case 'forward':
        return forward(model, mine);
      case 'submit': {
        // a required value or consent still missing is asked for, once, before anything is sent
        const missing = mine.length ? undefined : missingBeforeSend(model, history);
        if (missing) return missing;
        // a choice this run pressed that the page no longer shows chosen (a later press took it back): never sent so
        const undone = unchosen(history, model);
        if (undone && !mine.length)
          return { type: 'fail', code: 'VERIFICATION_FAILED', why: `"${undone}" was chosen but the page no longer shows it chosen.` };
        // (a button pressed before whose words changed — "Next" that became "Place order" on the last step — is a new one)
        const renamed = (h: string, said: string) => {
          const b = model.buttons.find((x) => x.handle === h);
          return b !== undefined && normText(b.text) !== normText(said);
        };
        return submit(
          model,
          mine,
          history.flatMap((s) => ('handle' in s.action && s.action.handle && !renamed(s.action.handle, s.target) ? [s.action.handle] : [])),
        );
      }
      case 'page':
        return goPage(c.n, model, mine);
      case 'row':
        return rowAction(c.row, model, mine, goal.now ?? new Date(), goal.tz ?? 'Asia/Seoul');
      case 'send':
        return sendOpened(c, model, mine, history);
      case 'slots':
        return chooseSlots(c.slots, model, mine, goal.now ?? new Date(), goal.tz ?? 'Asia/Seoul');
      case 'day': {
        const step = goToDay(c.date, model, mine, goal.now ?? new Date(), goal.tz ?? 'Asia/Seoul');
        return step === 'none' ? { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The page has no way to show ${c.date}.` } : step;
      }
    }
  }
}
