import type { Decision, StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { datedSlot } from './dated-slot.ts';
import { type DayWish, dayWishOf, earliestDay } from './day-wish.ts';
import { fillPlace } from './fill-place.ts';
import { looseOption, placePieces, unplacedQuestion } from './later.ts';
import { movedOnToSend, unsentSend } from './later-send.ts';
import { holdWhen, whenHere, wishedPart, wishedSlot } from './later-when.ts';
import { ERRAND_ONLY, FOR_WHOM, NEEDS, notIntoSearch, ONLY_MOVES } from './later-words.ts';
import { isRemark, mentionedControl, namedOptions } from './mention.ts';
import { misreadings, partWordOf } from './misread.ts';
import { HOLD } from './page-words.ts';
import { onlyThePet, PET_NAME_REF, petPlace } from './pet-name.ts';
import { normText } from './refs.ts';
import { listChoices } from './skills/picker.ts';
import type { SkillStep } from './skills/step.ts';
import { partOfDayWish, type SlotWish, slotWishOf } from './slot-wish.ts';
import { splitClauses } from './split.ts';
import { lengthClause, type TimeSpan, timeSpanOf } from './time-span.ts';
import { whenOf } from './when.ts';
import { withoutWhenWords } from './when-pieces.ts';
import { movesOn, onwardButton, pageKey } from './wizard-step.ts';

/**
 * The errand's pieces left for later, over the whole run: an errand starts with what fits the
 * first page, and each new page or step is read for the rest — before the next clause, and when
 * the clauses run out (then the errand goes on with what was placed, and sends again if it was to
 * send). A piece no page had a place for is asked about: before a form is sent for good, or at
 * the end, never silently dropped.
 */
export class Later {
  #pending: string[] = [];
  /** the errand's day and time, for the step that takes them ("다음 주 수요일 오후 4시" said on a wizard's first step) */
  #when: Record<string, string> = {};
  /** values said for a named place this step does not have ("생일은 880512" on a wizard's first step) */
  #held: Array<Extract<Clause, { kind: 'fill' }>> = [];
  #loose: string[] = [];
  /** a slot left to the page ("제일 빠른 시간으로"): the earliest it offers, on the step that shows the slots */
  #wish: SlotWish | undefined;
  /** how long the errand is for ("from 7 to 9pm", "두 시간"), for the step that asks it */
  #span: TimeSpan | undefined;
  /** a day left to the page ("제일 빨리 와 주실 수 있는 날짜로"), with the clock it is read by */
  #dayWish: DayWish | undefined;
  /** the clock the request's days are read by */
  #clock = { now: new Date(), tz: 'Asia/Seoul' };
  #seen = '';
  #sends = false;
  /** whether this errand placed pieces the first reading could not, here or on a later page */
  #placedAny = false;
  #saidSend = false;
  #text = '';
  readonly #sendsAdded = new WeakSet<Clause>();
  /** the lists opened to look for a place for what is left */
  readonly #looked = new Set<string>();
  /** the steps this errand moved on from to find a place for what is left */
  readonly #forwardedFrom = new Set<string>();
  /** pieces read as remarks on the errand, not as values or choices: shown with the result */
  remarks: string[] = [];

  /** The first reading, with the pieces no rule placed on the first page kept for later when something here can start. */
  start(
    first: { clauses: Clause[]; unknown: string[]; later?: string[] },
    text: string,
    model: PageModel,
    clock: { now: Date; tz: string } = { now: new Date(), tz: 'Asia/Seoul' },
  ): { clauses: Clause[]; unknown: string[] } {
    this.#seen = pageKey(model);
    this.#text = text;
    // a slot the person leaves to the page, when no reading carries a time to book
    const wish = slotWishOf(text) ?? partOfDayWish(text, !!whenOf(text, clock.now, clock.tz).time);
    // (a reading that picks a row or a result by time — "the earliest class" — carries it already)
    const timed = first.clauses.some(
      (c) => (c.kind === 'form' && c.slots.time) || c.kind === 'slots' || (c.kind === 'row' && !c.row.opens) || c.kind === 'result',
    );
    this.#wish = wish && !timed ? wish : undefined;
    this.#span = timeSpanOf(text);
    // the errand's own day and time, said before the step that takes them: kept for that step, and read out of the pieces
    const when = holdWhen(this.#when, first, text, model, clock);
    // (a part of the day said alone is the wish's: its word is no piece to place, unless the page offers a choice by it)
    const partWord = this.#wish?.only ? partWordOf(this.#wish.words, model) : undefined;
    // a day left to the page, when no day is said: its words (and the part of the day said with them) are no piece to place
    const dayWish = whenOf(text, clock.now, clock.tz).date ? undefined : dayWishOf(text);
    this.#dayWish = dayWish;
    this.#clock = clock;
    const given = withoutWhenWords(first, { held: when, wish: this.#wish, partWord, dayWish, clock });
    // a value for a place a later step of a wizard may have waits for it, not failed here
    const isHeld = (c: Clause): c is Extract<Clause, { kind: 'fill' }> =>
      c.kind === 'fill' && c.ref !== '' && !!onwardButton(model) && !fillPlace(c.ref, c.value, model) && !namedOptions(c.value, model);
    const { misread, asks, phrases } = misreadings(given.clauses, model);
    this.#held = given.clauses.filter(isHeld).filter((c) => !misread(c) && !asks(c));
    // "우리 보리 …": the pet's name, for the box that asks it (here or on a later step)
    const { pet, petHere, held } = petPlace(text, given.clauses, model);
    if (held) this.#held.push(held);
    // (a piece that only says the pet and what the person does with it — "우리 보리 맡기려구요" — is placed by the name)
    const petOnly = (u: string) => !!pet && onlyThePet(u, pet);
    const read = {
      ...given,
      clauses: given.clauses.filter((c) => !misread(c) && !asks(c) && !isHeld(c)),
      unknown: [...given.unknown, ...phrases].filter((u) => !petOnly(u)),
    };
    // "Need a tuning for …": asking for the service is asking to send the form that books it
    const said = read.clauses.some((c) => c.kind === 'submit' || c.kind === 'forward' || c.kind === 'click' || c.kind === 'result');
    // (and words that only name the errand and ask for it, "설치 기사 방문 신청해요", send it)
    const asked = read.unknown.some((u) => ERRAND_ONLY.test(u.trim()) && !/\d|@/.test(u));
    if (!said && !HOLD.test(text) && (asked || splitClauses(text).some((p) => NEEDS.test(p.trim()))))
      read.clauses = [...read.clauses, { kind: 'submit' }];
    this.#sends = read.clauses.some((c) => c.kind === 'submit');
    this.#saidSend = read.clauses.some((c) => c.kind === 'submit' || c.kind === 'forward' || c.kind === 'click' || c.kind === 'result');
    this.#loose = splitClauses(text).flatMap((p) => {
      const m = FOR_WHOM.exec(p.trim());
      return m?.[1] && m[1].split(/\s+/).length <= 4 ? [m[1]] : [];
    });
    // "택배 방문 수거 신청해줘", "book a parcel pickup": words that only name the errand and ask for it are its send
    // (and values the reading already knows belong to a later page: a time whose slots show once the day is chosen)
    // a remark about the person's situation ("we're moving in March anyway") explains the errand; it is kept, not placed
    // (one that names a choice the page offers — "it's a bungalow" beside Flat | Bungalow — is that choice)
    const remark = (u: string) => isRemark(u) && !placePieces([u], model).clauses.length;
    this.remarks = read.unknown.filter(remark);
    const values = [
      ...read.unknown.filter((u) => (!ERRAND_ONLY.test(u.trim()) || /\d|@/.test(u)) && !remark(u)),
      ...(read.later ?? []).filter((u) => !petOnly(u)),
    ];
    if (!values.length && read.clauses.some((c) => c.kind === 'submit')) return { clauses: read.clauses, unknown: [] };
    // "…맨 위 강좌 신청": an errand named and asked for with nothing here to send it is not dropped — it waits, and is asked about
    const named = read.unknown.filter((u) => ERRAND_ONLY.test(u.trim()) && !/\d|@/.test(u));
    const sendsHere = read.clauses.some((c) => c.kind === 'submit' || c.kind === 'click' || c.kind === 'result');
    if (named.length && !sendsHere) values.push(...named);
    // (with its send read already, the errand's own words may still name a choice here: "종로점에서 … 커트 예약하고 싶어요")
    const extra = named.length && sendsHere ? placePieces(named, model).clauses : [];
    // the readings the first pass has not (a country, the cheapest plan, a box to tick) on this page first
    const here = placePieces(values, model, notIntoSearch(model));
    const today = whenHere(this.#when, this.#dayWish, this.#held, model, clock);
    if (today.dayTaken) this.#dayWish = undefined;
    this.#held = today.held;
    const clauses: Clause[] = [...today.clauses, ...read.clauses, ...this.#length(model)];
    if (pet && petHere && !clauses.some((c) => c.kind === 'fill' && c.value === pet))
      clauses.unshift({ kind: 'fill', ref: petHere.label || PET_NAME_REF, value: pet });
    const send = clauses.findIndex((c) => c.kind === 'submit');
    clauses.splice(send < 0 ? clauses.length : send, 0, ...extra, ...here.clauses);
    // (a piece read as asking nothing more is still read: the errand placed it)
    this.#placedAny = here.clauses.length > 0 || here.left.length > 0 || here.placed.length > 0;
    if (!here.left.length) return { clauses, unknown: [] };
    // nothing of the request found its place here and the clauses only move: ask before moving
    // (a piece that did — a button or card it names — starts the errand, the rest waits for later pages)
    if (!here.clauses.length && clauses.every((c) => ONLY_MOVES.has(c.kind))) return { clauses: read.clauses, unknown: here.left };
    this.#pending = here.left;
    return { clauses, unknown: [] };
  }

  /** Places what it can on a page not read before, as clauses inserted at `at`; true when it did. */
  place(clauses: Clause[], at: number, model: PageModel): boolean {
    // a send this errand added is pressed as the page shows it when its turn comes: "Continue" to move on, else the form's own send
    const due = clauses[at];
    if (due && this.#sendsAdded.has(due)) {
      const now: Clause = onwardButton(model) ? { kind: 'forward' } : { kind: 'submit' };
      this.#sendsAdded.delete(due);
      clauses[at] = now;
    }
    const found = [...this.#slot(clauses.slice(at), model), ...this.#read(model)];
    // (a send turned into "move on" is a new clause at `at`: it is read again)
    if (!found.length) return clauses[at] !== due;
    clauses.splice(at, 0, ...found);
    return true;
  }

  /**
   * A send for good (not "Next", not a search) while pieces are still unplaced is asked about first;
   * `look` first, when a list that shows its choices only when opened may still hold them.
   */
  beforeSend(clause: Clause, step: SkillStep, model: PageModel): Decision | { look: Clause } | undefined {
    // (a row's action sends what it opened as a form is sent)
    if ((clause.kind !== 'submit' && clause.kind !== 'send') || !this.#left().length || step === 'done' || step.type !== 'act')
      return undefined;
    if (step.action.kind !== 'click' && step.action.kind !== 'press') return undefined;
    if (step.action.kind === 'click' && movesOn(step.target ?? '')) return undefined;
    const look = this.lookInto(model);
    return look ? { look } : unplacedQuestion(this.#left(), true);
  }

  /**
   * A send for good the page has no button for yet, on a wizard's step while pieces still wait for
   * their place: the step is moved on first ("다음"), and the send comes after (a few steps at most).
   */
  onwardFirst(clause: Clause, step: SkillStep, model: PageModel): boolean {
    if (clause.kind !== 'submit' || step === 'done' || step.type !== 'fail' || !this.#left().length || !onwardButton(model)) return false;
    const key = pageKey(model);
    if (this.#forwardedFrom.has(key) || this.#forwardedFrom.size >= 6) return false;
    this.#forwardedFrom.add(key);
    return true;
  }

  /** What is still waiting for its place, in the person's words. */
  #left(): string[] {
    return [
      ...this.#pending,
      ...this.#held.map((c) => `${c.ref} ${c.value}`),
      ...Object.values(this.#when),
      // (a part of the day said alone is a soft wish: left unmet, the page's own checks ask for the time)
      ...(this.#wish && !this.#wish.only ? [this.#wish.words] : []),
    ];
  }

  /**
   * An errand said without a verb ("travel insurance for Vietnam …, the cheapest plan") whose
   * pieces filled a form that has its own send: filled is not done — the person is asked whether
   * to send it. Undefined when the request said to send, or the errand read nothing for later.
   */
  unsent(model: PageModel, history: StepRecord[]): Decision | undefined {
    if (this.#saidSend || this.#left().length) return undefined;
    return unsentSend(model, history, this.#text, this.#placedAny);
  }

  /** When the clauses ran out: 'more' when pieces found their place on this page (and the clauses go on), a question when some never did. */
  atEnd(clauses: Clause[], model: PageModel, history: StepRecord[] = []): 'more' | Decision | undefined {
    const found = [...this.#slot([], model), ...this.#read(model)];
    if (found.length) {
      const send: Clause[] = this.#sends ? [{ kind: 'submit' }] : [];
      for (const c of send) this.#sendsAdded.add(c);
      clauses.push(...found, ...send);
      return 'more';
    }
    const key = pageKey(model);
    // an errand that sends, whose last press only moved a wizard on to a step that has its own send
    // (nothing reached the site): "다음" to the confirm screen is not the booking — that step's send is pressed too
    // (so does an errand that already moved on through steps of the wizard: the gate asks before it is sent for good)
    if ((this.#sends || this.#forwardedFrom.size > 0) && !this.#left().length && movedOnToSend(history, model, this.#forwardedFrom, key)) {
      this.#forwardedFrom.add(key);
      const send: Clause = { kind: 'submit' };
      this.#sendsAdded.add(send);
      clauses.push(send);
      return 'more';
    }
    if (!this.#left().length) return undefined;
    const look = this.lookInto(model);
    if (look) {
      clauses.push(look);
      return 'more';
    }
    // a step of a wizard that has nothing more for the errand: the rest may belong to the next step
    // (once per step; the page's own check stops it when this step still wants something)
    if (onwardButton(model) && !this.#forwardedFrom.has(key) && this.#forwardedFrom.size < 6) {
      this.#forwardedFrom.add(key);
      clauses.push({ kind: 'forward' });
      return 'more';
    }
    return unplacedQuestion(this.#left(), false);
  }

  /** A day or a time this step has no place for, held for the step that takes it (asked about if none does). */
  hold(slots: Record<string, string>): void {
    for (const [k, v] of Object.entries(slots)) if ((k === 'date_start' || k === 'time') && !this.#when[k]) this.#when[k] = v;
  }

  /**
   * A list that shows its choices only when opened ("매장 선택 ▾") may hold a piece still waiting
   * ("…점"): it is opened once to look (three lists at most), and the piece is read again on what it shows.
   */
  lookInto(model: PageModel): Clause | undefined {
    if (!this.#left().length || this.#looked.size >= 3) return undefined;
    const closed = model.fields.find((f) => f.picker && !f.disabled && f.label && !this.#looked.has(f.label));
    if (!closed) return undefined;
    this.#looked.add(closed.label);
    return { kind: 'click', ref: closed.label, handle: closed.handle };
  }

  /** The slot wished for as the errand's time, once the page shows it (then the wish is spent). */
  #slot(ahead: Clause[], model: PageModel): Clause[] {
    // (a grid of slots each named with its day and time: the day held and its time, or the part of the day wished, are one button)
    const dated = datedSlot(this.#when.date_start, this.#when.time, this.#wish, model);
    if (dated) {
      delete this.#when.date_start;
      delete this.#when.time;
      this.#wish = undefined;
      const name = dated.cell ? `${dated.cell.row} ${dated.text}` : dated.text;
      return [{ kind: 'click', ref: name, handle: dated.handle, why: `slot: "${name}" is the day and the time asked` }];
    }
    const day = this.#dayWish ? earliestDay(this.#dayWish, model, this.#clock.now, this.#clock.tz) : undefined;
    if (day) {
      this.#dayWish = undefined;
      return [{ kind: 'form', slots: { date_start: day } }];
    }
    const time = this.#wish ? wishedSlot(this.#wish, this.#when, ahead, model) : undefined;
    // (a page that offers parts of the day, "아침 (8시~11시)", instead of clock times)
    const part = this.#wish && !time ? wishedPart(this.#wish, this.#when, ahead, model) : undefined;
    if (!time && !part) return [];
    this.#wish = undefined;
    return time ? [{ kind: 'form', slots: { time } }] : [{ kind: 'choose', option: part as string }];
  }

  #read(model: PageModel): Clause[] {
    if (!this.#left().length && !this.#loose.length) return [];
    const key = pageKey(model);
    if (key === this.#seen) return [];
    this.#seen = key;
    const r = placePieces(this.#pending, model);
    this.#pending = r.left;
    // (a list opened to look lies over what is around it: its own choice is made first, and that closes it)
    const open = new Set(listChoices(model).map((b) => normText(b.text)));
    const inOpen = (c: Clause) =>
      (c.kind === 'choose' && open.has(normText(c.option))) || (c.kind === 'click' && open.has(normText(c.ref)));
    r.clauses.sort((a, b) => Number(inOpen(b)) - Number(inOpen(a)));
    // a value for a place with no field of its name may be a box or a choice its words name ("수업은 이번이 처음" → "처음 수강합니다")
    const held: Clause[] = [];
    // the errand's day and time on the step that takes them
    const today = whenHere(this.#when, undefined, this.#held, model, this.#clock);
    held.push(...today.clauses);
    this.#held = today.held.filter((c) => {
      const found = fillPlace(c.ref, c.value, model) ? c : mentionedControl(`${c.ref} ${c.value}`, model);
      if (found) held.push(found);
      return !found;
    });
    const loose: Clause[] = [];
    this.#loose = this.#loose.filter((w) => {
      const c = looseOption(w, model);
      if (c) loose.push(c);
      return !c;
    });
    return [...held, ...r.clauses, ...loose, ...this.#length(model)];
  }

  /** The errand's length in hours into the page's "how long" place, once. */
  #length(model: PageModel): Clause[] {
    const c = this.#span ? lengthClause(this.#span, model) : undefined;
    if (!c) return [];
    // (the length said as a piece of its own — "1시간" kept for what a row opens — is placed with it)
    const hours = this.#span?.hours;
    this.#pending = this.#pending.filter(
      (p) => !(/^\d+(?:\.\d+)?\s*(?:시간|분|hours?|hrs?|mins?|minutes?)$/i.test(p.trim()) && timeSpanOf(p)?.hours === hours),
    );
    this.#span = undefined;
    return [c];
  }
}
