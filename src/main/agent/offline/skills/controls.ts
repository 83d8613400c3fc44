import type { Decision, StepRecord } from '../../loop/actions.ts';
import type { Button, Field, PageModel } from '../../page-model/types.ts';
import type { Clause } from '../clauses.ts';
import { buttonWords, cleanRef, coverage, fieldWords, normText, rank, similarity, usableButtons } from '../refs.ts';
import { putValue } from './field.ts';
import { act, failedOn, notFound, type SkillStep, verified } from './step.ts';

// (not a calendar's or a list's own paging: "Next week ›", "다음 달", "Next page")
const FORWARD =
  /^(continue|next|proceed|go on|go|next step|계속|다음|다음 단계|진행|계속하기|다음으로)(?![\p{L}\p{N}])(?!\s*(?:week|month|day|days|year|page|results|photo|image|slide|주|달|날|페이지))/iu;
const SUBMIT =
  /^(submit|send|search|find|show|get|check|update|go|apply|save|confirm|ok|done|sign up|subscribe|register|search flights|보기|검색|찾기|조회|제출|보내기|전송|확인|저장|신청|등록|완료|가입)/i;
/** A wizard's way back: never its send. */
const BACK = /^(?:back|previous|prev|go back|이전|뒤로|돌아가기|이전 단계)(?![\p{L}\p{N}])/iu;
const SENDS =
  /^(submit|send|search|find|show|get|apply|book|reserve|request|sign up|subscribe|register|검색|찾기|조회|제출|보내기|전송|신청|예약|등록|가입|요청|접수)|(?:^|\s)(검색|찾기|조회|제출|보내기|전송|신청|예약|등록|가입|접수)(?:하기)?$/i;
/** Buttons never pressed as a form's submit by guesswork. */
const DESTRUCTIVE = /delete|remove|clear|reset|cancel|삭제|지우|취소|초기화|비우/i;
/** A click of the clause's own (not one that only looked for its target: a tab opened, a layer closed). */
const clickedOnce = (mine: StepRecord[]) =>
  verified(mine).some((s) => s.action.kind === 'click' && !/(^|: )(look in the tab|uncover:|open the section|open the list)/.test(s.why));

/** Clicks the element the person named: a button or link by its words, or a checkbox/radio by its label. */
export function clickRef(ref: string, model: PageModel, mine: StepRecord[]): SkillStep {
  if (clickedOnce(mine)) return 'done';
  // the top layer's buttons first; one named under a layer is pressed too (the layer is closed when it is in the way)
  const b =
    rank(ref, usableButtons(model), buttonWords, 0.35)[0] ??
    rank(
      ref,
      model.buttons.filter((x) => !x.disabled),
      buttonWords,
      0.6,
    )[0];
  const boxes = model.fields.filter((f) => f.kind === 'checkbox' || f.kind === 'radio');
  const f = rank(ref, boxes, fieldWords, 0.35)[0];
  if (f && (!b || f.score > b.score)) return checkRef(ref, true, model, mine);
  if (!b) {
    const said = sameVerb(ref, model);
    if (said)
      return act({ kind: 'click', handle: said.handle }, said.text, `"${said.text}" says "${ref}" in its own words`, { kind: 'change' });
    return notFound(`"${ref}"`);
  }
  const twin = sameWords(b.item, ref, model);
  if (twin) return twin;
  return act({ kind: 'click', handle: b.item.handle }, b.item.text, `"${b.item.text}" is the ${b.item.kind} named "${ref}"`, {
    kind: 'change',
  });
}

/**
 * Several buttons say the same words ("What's included" on every card): the one whose card says
 * the rest of what was asked ("the full service"); never a guess between them — with no card
 * that tells, the person is asked. Undefined when the words are one button's alone.
 */
function sameWords(b: Button, ref: string, model: PageModel): Decision | undefined {
  const same = usableButtons(model).filter((x) => normText(x.text) === normText(b.text));
  if (same.length < 2) return undefined;
  const own = new Set(normText(b.text).split(' '));
  const rest = cleanRef(ref)
    .split(' ')
    .filter((w) => !own.has(w) && w.length >= 2)
    .join(' ');
  const records = model.lists.flatMap((l) => l.records);
  const cardOf = (x: Button) => records.find((r) => r.actions.some((a) => a.handle === x.handle))?.text ?? '';
  const scored = same.map((x) => ({ x, s: rest ? coverage(rest, [cardOf(x)]) : 0 })).sort((p, q) => q.s - p.s);
  const [first, second] = scored;
  if (first && first.s > 0 && !(second && second.s === first.s))
    return act({ kind: 'click', handle: first.x.handle }, first.x.text, `"${first.x.text}" of the card that says "${rest}"`, {
      kind: 'change',
    });
  return {
    type: 'ask',
    why: `${same.length} buttons say "${b.text}" and nothing said tells which`,
    question: {
      ko: `"${b.text}" 버튼이 ${same.length}개 있어요. 어느 것을 누를까요?`,
      en: `There are ${same.length} "${b.text}" buttons. Which one should I press?`,
    },
  };
}

/**
 * A box one of whose Korean words, written with or without spaces, is a word of the reference
 * ("알림설정 되는거" and "이메일 알림 설정"): the one box that has it.
 */
function boxBySpacelessWord(ref: string, boxes: Field[]): Field | undefined {
  const words = normText(ref)
    .split(' ')
    .filter((w) => /^[가-힣]{3,}$/.test(w) && !/(?:거|것)$/.test(w));
  const fits = boxes.filter((b) => {
    const flat = normText([b.label, ...b.texts].join(' ')).replace(/\s+/g, '');
    return words.some((w) => flat.includes(w));
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * The box the words name best; of boxes named equally well (a group's name shared by its radios),
 * the one whose own label says them, and a box that switches on and off before a radio.
 */
function namedBox(ref: string, boxes: Field[]): Field | undefined {
  const ranked = rank(ref, boxes, fieldWords, 0.3);
  const top = ranked[0]?.score;
  const tied = ranked.filter((r) => r.score === top).map((r) => r.item);
  const own = (f: Field) => similarity(ref, [f.label]) + (f.kind === 'checkbox' ? 0.01 : 0);
  return [...tied].sort((a, b) => own(b) - own(a))[0] ?? boxBySpacelessWord(ref, boxes);
}

export function checkRef(ref: string, checked: boolean, model: PageModel, mine: StepRecord[]): SkillStep {
  const boxes = model.fields.filter((f) => f.kind === 'checkbox' || f.kind === 'radio');
  const f = namedBox(ref, boxes);
  if (!f) return notFound(`a box "${ref}"`);
  if (f.checked === checked) return 'done';
  if (f.disabled) {
    // a box that opens only after reading: scroll the box of text before it to its end first
    const s = model.scrollables.find((x) => !x.atEnd);
    if (s && !mine.some((x) => x.action.kind === 'scroll' && x.action.handle === s.handle))
      return act(
        { kind: 'scroll', handle: s.handle, to: 'bottom' },
        s.label || 'scroll box',
        `"${f.label}" is disabled until the text above is read to the end`,
        { kind: 'scrolled', handle: s.handle },
      );
    // the page may enable it a moment after the scroll (its own scroll handler)
    if (mine.filter((x) => x.action.kind === 'wait').length < 2)
      return act({ kind: 'wait', ms: 300 }, f.label, `"${f.label}" is still disabled; give the page a moment`, { kind: 'nothing' });
    return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${f.label}" is disabled.` };
  }
  return act({ kind: 'click', handle: f.handle }, f.label, `${checked ? 'check' : 'uncheck'} "${f.label}"`, {
    kind: 'checked',
    handle: f.handle,
    checked,
  });
}

/** Chooses an option: in a select, a radio group, a set of tabs, a listbox, or among buttons. */
export function choose(option: string, ref: string | undefined, model: PageModel, mine: StepRecord[]): SkillStep {
  const tabOnly = ref === 'tab';
  if (!tabOnly) {
    const selects = model.fields.filter(
      (f) => f.kind === 'select' && (f.options ?? []).some((o) => rank(option, [o.label], (x) => [x], 0.5).length),
    );
    const scoped = (fs: Field[]) => (ref ? rank(ref, fs, fieldWords, 0.3).map((s) => s.item) : fs);
    const sel = scoped(selects)[0] ?? selects[0];
    if (sel) return putValue(sel, option, model, mine);
    const groups = model.groups.filter((g) => !ref || rank(ref, [g], (x) => [x.label], 0.3).length || g.label === '');
    for (const g of groups.length ? groups : model.groups) {
      const o = rank(option, g.options, (x) => [x.label], 0.4)[0]?.item;
      if (o) {
        if (o.checked) return 'done';
        // a click that did not take (a box scrolled out of its frame's view): the keyboard selects it
        if (failedOn(mine, o.handle) >= 1)
          return act(
            { kind: 'press', key: 'Space', handle: o.handle },
            o.label,
            `"${o.label}" did not take the click; select it with the keyboard`,
            {
              kind: 'checked',
              handle: o.handle,
              checked: true,
            },
          );
        return act(
          { kind: 'click', handle: o.handle },
          o.label,
          `"${o.label}" is the option "${option}"${g.label ? ` of "${g.label}"` : ''}`,
          { kind: 'checked', handle: o.handle, checked: true },
        );
      }
    }
  }
  const tab = rank(option, model.tabs, buttonWords, 0.4)[0]?.item;
  if (tab) {
    if (tab.selected) return 'done';
    return act({ kind: 'click', handle: tab.handle }, tab.text, `open the tab "${tab.text}"`, { kind: 'change' });
  }
  const opened = verified(mine).filter((x) => x.why.includes('open the list'));
  if (clickedOnce(mine) && verified(mine).length > opened.length) return 'done';
  const b = rank(option, usableButtons(model), buttonWords, 0.45)[0]?.item;
  if (b) return act({ kind: 'click', handle: b.handle }, b.text, `"${b.text}" is the choice "${option}"`, { kind: 'change' });
  // a custom dropdown: open the control named like the group (or any closed popup) first
  const closed = [
    ...model.fields.filter((f) => f.kind === 'combobox' && !f.disabled).map((f) => ({ handle: f.handle, words: [...f.texts, f.label] })),
    ...usableButtons(model)
      .filter((x) => x.expanded === false || x.kind === 'toggle')
      .map((x) => ({ handle: x.handle, words: [x.text] })),
  ].filter((x) => !mine.some((m) => 'handle' in m.action && m.action.handle === x.handle));
  const toggle = ref ? rank(ref, closed, (x) => x.words, 0.3)[0]?.item : closed.length === 1 ? closed[0] : undefined;
  if (toggle && opened.length < 2)
    return act(
      { kind: 'click', handle: toggle.handle },
      toggle.words[0] ?? '',
      `open the list "${toggle.words[0] ?? ''}" to find "${option}"`,
      { kind: 'change' },
    );
  return notFound(`an option "${option}"${ref ? ` in "${ref}"` : ''}`);
}

export function scroll(ref: string | undefined, to: 'bottom' | 'top', model: PageModel, mine: StepRecord[]): SkillStep {
  const boxes = model.scrollables;
  const s = ref
    ? (rank(ref, boxes, (x) => [x.label], 0.3)[0]?.item ?? boxes.find((x) => (to === 'bottom' ? !x.atEnd : !x.atStart)))
    : undefined;
  if (s) {
    if (to === 'bottom' ? s.atEnd : s.atStart) return 'done';
    return act({ kind: 'scroll', handle: s.handle, to }, s.label || 'scroll box', `scroll "${s.label || 'the box'}" to the ${to}`, {
      kind: 'scrolled',
      handle: s.handle,
    });
  }
  if (to === 'bottom' ? model.scroll.atEnd : model.scroll.y === 0) return 'done';
  if (verified(mine).length) return 'done';
  return act({ kind: 'scroll', to }, '', `scroll the page to the ${to}`, { kind: 'scrolled' });
}

function pressOnce(b: Button | undefined, what: string, why: string, mine: StepRecord[]): SkillStep {
  if (clickedOnce(mine) || verified(mine).some((s) => s.action.kind === 'press' && s.action.handle === b?.handle)) return 'done';
  if (!b) return notFound(what);
  return clickOrKey(b, why, mine);
}

/** A click; when a click on it already showed no effect (a control in a frame the pointer misses), Enter on it. */
function clickOrKey(b: Button, why: string, mine: StepRecord[]): SkillStep {
  if (failedOn(mine, b.handle) >= 1 && !mine.some((s) => s.action.kind === 'press' && s.action.handle === b.handle))
    return act({ kind: 'press', key: 'Enter', handle: b.handle }, b.text, `${why} (the click did not take; Enter on it)`, {
      kind: 'change',
    });
  return act({ kind: 'click', handle: b.handle }, b.text, why, { kind: 'change' });
}

export function forward(model: PageModel, mine: StepRecord[]): SkillStep {
  const bs = usableButtons(model).filter((b) => b.kind !== 'link' || FORWARD.test(normText(b.text)));
  const b = bs.find((x) => FORWARD.test(normText(x.text))) ?? model.forms.find((f) => f.submit)?.submit ?? undefined;
  return pressOnce(b, 'a continue / next button', `"${b?.text}" moves on`, mine);
}

/** The form the clause filled (or the first with fields), and its own submit button. */
export function submit(model: PageModel, mine: StepRecord[], filled: string[]): SkillStep {
  const form = model.forms.find((f) => f.fields.some((x) => filled.includes(x.handle))) ?? model.forms.find((f) => f.fields.length);
  const inForm = form ? usableButtons(model).filter((b) => b.form === form.idx) : [];
  // a link that goes nowhere ("#") is a button drawn as a link ("항공편 조회")
  const inPlace = (x: Button) => x.kind !== 'link' || x.href === '' || /#$|^javascript:/i.test(x.href);
  // (a small box of buttons is a counter's − and +, or a row of choices — or a wizard's "Back" beside its send)
  const counter = new Set(model.steppers.flatMap((x) => [x.dec, x.inc]));
  const grouped = (x: Button) => x.cluster >= 0 && (counter.has(x.handle) || x.choice === true || !/\p{L}{2}/u.test(x.text));
  const free = usableButtons(model).filter(
    (x) =>
      inPlace(x) &&
      x.kind !== 'option' &&
      !grouped(x) &&
      !BACK.test(normText(x.text)) &&
      !x.regions.some((r) => /^(rec|cal|listbox|dialog):/.test(r)),
  );
  const order = (h: string) => Number(h.split(':')[1]);
  // (by the fields filled: an option a list showed later is numbered later than the page's own buttons)
  const fieldsFilled = filled.filter((h) => model.fields.some((f) => f.handle === h));
  const lastFilled = Math.max(-1, ...(fieldsFilled.length ? fieldsFilled : filled).map(order));
  // a later step of the same run sends with a button after what it last set (a seat's "Continue"),
  // not one pressed already ("Find buses" that brought the seats)
  const fresh = free.filter((x) => !filled.includes(x.handle));
  const pool = fresh.length ? fresh : free;
  const after = (x: Button, re: RegExp) => order(x.handle) > lastFilled && re.test(normText(x.text));
  const b =
    form?.submit ??
    inForm.find((x) => SUBMIT.test(normText(x.text))) ??
    // a verb that sends ("Search") before one that only closes a panel ("Done", "OK")
    pool.find((x) => after(x, SENDS)) ??
    pool.find((x) => SENDS.test(normText(x.text))) ??
    pool.find((x) => after(x, FORWARD)) ??
    pool.find((x) => after(x, SUBMIT)) ??
    pool.find((x) => SUBMIT.test(normText(x.text))) ??
    // the first plain button after the fields just filled
    (lastFilled >= 0
      ? free.find((x) => order(x.handle) > lastFilled && /\p{L}{3}|[가-힣]{2}/u.test(x.text) && !DESTRUCTIVE.test(x.text))
      : undefined);
  if (!b && !clickedOnce(mine)) {
    // no button: the form is sent with Enter from its last field
    // (a box one types in: Enter on a picker button opens its list)
    const typedIn = (x: Field) => !x.picker && ['text', 'number', 'date', 'combobox'].includes(x.kind);
    const last = form?.fields.filter((x) => filled.includes(x.handle) && typedIn(x)).at(-1) ?? form?.fields.find((x) => x.kind === 'text');
    if (last && !mine.some((x) => x.action.kind === 'press'))
      return act({ kind: 'press', key: 'Enter', handle: last.handle }, last.label, `no submit button: press Enter in "${last.label}"`, {
        kind: 'change',
      });
    if (mine.some((x) => x.ok && x.action.kind === 'press')) return 'done';
  }
  return pressOnce(b ?? undefined, 'a submit / search button', `"${b?.text}" sends the form`, mine);
}

export function goPage(n: number | 'next' | 'prev', model: PageModel, mine: StepRecord[]): SkillStep {
  const p = model.pagination;
  // no "Next" of its own: the page number after (or before) the one shown
  const current = p.pages.find((x) => x.current)?.n;
  const beside = (d: number) => (current === undefined ? null : (p.pages.find((x) => x.n === current + d)?.handle ?? null));
  const handle =
    n === 'next' ? (p.next ?? beside(1)) : n === 'prev' ? (p.prev ?? beside(-1)) : (p.pages.find((x) => x.n === n)?.handle ?? null);
  if (typeof n === 'number' && p.pages.find((x) => x.n === n)?.current) return 'done';
  return pressOnce(
    handle ? (model.buttons.find((b) => b.handle === handle) ?? undefined) : undefined,
    `page ${n}`,
    `go to page ${n}`,
    mine,
  );
}

const APPLY = /^(apply|filter|update|refresh|show|search|go|적용|필터|검색|조회|보기)/i;

/**
 * A filter or an order set in a form the page applies only when its button is pressed ("Apply
 * filters"): once the clause is set, press it — unless setting it already made the page load
 * or ask its site for something.
 */
export function applyFilter(c: Clause, mine: StepRecord[], model: PageModel): SkillStep | undefined {
  if (c.kind !== 'only' && !(c.kind === 'choose' && c.sort)) return undefined;
  const set = verified(mine);
  if (!set.length || set.some((s) => s.why.startsWith('apply:'))) return undefined;
  if (set.some((s) => (s.sent ?? 0) > 0 || s.observed.startsWith('the page moved'))) return undefined;
  const handles = new Set(set.flatMap((s) => ('handle' in s.action && s.action.handle ? [s.action.handle] : [])));
  const form = model.forms.find((f) => f.handle && f.fields.some((x) => handles.has(x.handle)));
  const b = form?.submit;
  if (!b || b.disabled || !APPLY.test(normText(b.text))) return undefined;
  return act({ kind: 'click', handle: b.handle }, b.text, `apply: the form applies what was set with "${b.text}"`, { kind: 'change' });
}

/**
 * The one button that starts with the same verb phrase and holds most of the words ("sign out
 * all other devices" → "Sign out other sessions"); none when two could be meant.
 */
function sameVerb(ref: string, model: PageModel): Button | undefined {
  const words = cleanRef(ref).split(' ');
  if (words.length < 3) return undefined;
  const head = words.slice(0, 2).join(' ');
  const fits = usableButtons(model).filter((x) => normText(x.text).startsWith(head) && coverage(ref, [x.text]) >= 0.6);
  return fits.length === 1 ? fits[0] : undefined;
}
