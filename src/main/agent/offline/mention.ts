import { smallNumber } from '../../language/numbers.ts';
import type { Button, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { phraseSynonyms, translated } from './glossary.ts';
import { personNameIn } from './person-name.ts';
import { normText, usableButtons } from './refs.ts';

/**
 * A piece of a request that mentions one control of the page in its own words, said the way
 * people talk rather than as a command: "재방문이에요" → the button "재방문", "오늘 뿌리염색 하러
 * 왔어요" → the card "염색·뿌리염색", "take me off every list" → "Leave all
 * lists". The piece's content words (without filler, particles and verb endings) are set against
 * each button's and option's words; the control is taken only when one fits clearly better
 * than every other, and never a destructive one the piece does not name.
 */

/** Words that carry no choice: pronouns, auxiliaries, politeness, generic verbs, today and tomorrow. */
const EN_FILLER = new Set(
  (
    "i im i'm me my mine we us our you your it its this that these those the a an and or but of to for from in on at by with " +
    'just only please can could would will shall should do does did be is am are was were been have has had get getting got want ' +
    'wanted need needs like show give let make put take go see way too very really so some any them they there here now what which ' +
    'who how when up out also maybe thanks thank hi hello okay ok one ones thing stuff kind sort ' +
    // verbs that only ask for the choice ("switch it to …", "pick the …")
    'switch change set pick choose select use go swap move ' +
    // the day the person speaks of is read as a date elsewhere; it names no control
    'today tonight tomorrow now 오늘 내일 모레 지금 이번 오늘은 내일은 때문에 때문'
  ).split(' '),
);

/** Korean endings that make a word a verb ("왔어요", "받으러", "해주세요", "좁아서"). */
const KO_VERB =
  /(?:어요|아요|해요|세요|니다|으러|하러|보러|가러|오러|줘|줘요|게요|래요|는데|는데요|니까|어서|아서|려고|려고요|했어|왔어|싶어)$/;
/** a noun said as "X예요" / "X입니다": the noun */
const KO_COPULA = /(?:이에요|예요|에요|입니다|이요)$/;
const KO_PARTICLE = /(?:이랑|랑|하고|에서|에게|한테|으로|로|은|는|이|가|을|를|에|도|만|요|의)$/;
const DESTRUCTIVE = /delete|remove|cancel|reset|clear|삭제|취소|초기화|지우/i;
/** "all" and its kin: one word in a control, another in the request. */
const ALL = new Set(['all', 'everything', 'every', 'entire', '전체', '모두', '전부', '다']);

/** a noun made a verb with 하다 ("환전하려고요", "예약하러", "상담해요"): the noun */
const KO_HADA = /^([가-힣]{2,})(?:하려고요?|하려구요?|하러|해요|하고요?|할게요|할래요?|합니다|해주세요|해줘|하기|하고\s*싶어요?)$/;

function stem(w: string): string {
  if (ALL.has(w)) return w;
  if (/[가-힣]/.test(w)) {
    const hada = KO_HADA.exec(w);
    if (hada?.[1]) return hada[1];
    if (KO_COPULA.test(w)) return w.replace(KO_COPULA, '');
    if (KO_VERB.test(w)) return '';
    let s = w;
    for (let i = 0; i < 2; i++) s = s.replace(KO_PARTICLE, '');
    return s;
  }
  return w.replace(/(?:ies)$/, 'y').replace(/(?:es|s|ing|ed)$/, '');
}

/** The words of a piece that could name something on a page. */
export function contentWords(text: string): string[] {
  return (
    normText(text)
      // ("상·하의 수선" is said "상하의 수선": a single syllable before the dot belongs to the word after
      // it; "염색·뿌리염색" lists two)
      .replace(/(?<![가-힣])([가-힣])[·•]([가-힣])/g, '$1$2')
      .replace(/[·•/|–—-]/g, ' ')
      .split(' ')
      .filter((w) => w && !EN_FILLER.has(w) && !/^(?:해|하|줘|주세요|좀)$/.test(w))
      .map(stem)
      .filter((w) => w.length >= 2 || ALL.has(w) || /^\d$/.test(w))
  );
}

/**
 * A Korean word said short, the way people shorten a compound ("종소세" for "종합소득세"): its
 * first and last syllables, and the ones between in the same order, with a few left out.
 */
function saidShort(short: string, long: string): boolean {
  if (short.length < 3 || long.length <= short.length || long.length - short.length > 3) return false;
  if (short[0] !== long[0] || short.at(-1) !== long.at(-1)) return false;
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}

export const same = (a: string, b: string): boolean => {
  if (a === b) return true;
  if (ALL.has(a) && ALL.has(b)) return true;
  // Korean: the same word with a short ending left on ("염색" / "염색은"), not a word inside another ("방문" in "재방문")
  if (/[가-힣]/.test(a) && /[가-힣]/.test(b)) {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    return (short.length >= 2 && long.startsWith(short) && long.length - short.length <= 2) || saidShort(short, long);
  }
  return a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a));
};

/** Words of measure and relation, never a name on their own. */
const RELATION = new Set([
  'over',
  'under',
  'more',
  'less',
  'than',
  'plus',
  'minus',
  'up',
  'per',
  'each',
  'incl',
  'included',
  'extra',
  'approx',
]);

/**
 * The words a control is named by: its first few, and apart from them what it says in
 * brackets — the rest of a big button or card is its description ("우대 창구 (만 65세 이상…)",
 * "외환 · 환전, 해외 송금").
 */
function nameWords(text: string): string[][] {
  const BRACKETS = /[([（【]([^)\]）】]*)[)\]）】]/g;
  // (a bracket of measures and relations only — "(12 and under)", "(+$15)" — names nothing)
  const inside = [...text.matchAll(BRACKETS)]
    .map((m) => contentWords(m[1] ?? '').slice(0, 3))
    .filter((w) => w.some((x) => /\p{L}{2}/u.test(x) && !RELATION.has(x)));
  return [contentWords(text.replace(BRACKETS, ' ')).slice(0, 3), ...inside].filter((w) => w.length);
}

interface Candidate {
  /** each way the control is named: its leading words, what it says in brackets */
  words: string[][];
  clause: Clause;
  text: string;
  /** a link goes somewhere else; a button or option acts here — when both fit, here is meant */
  link?: boolean;
}

function candidates(model: PageModel): Candidate[] {
  const out: Candidate[] = [];
  // (the whole page is read, also under a layer that covers it: the layer is closed when the control is used)
  for (const b of model.buttons.filter((x) => !x.disabled)) {
    if (!b.text.trim()) continue;
    out.push({ words: nameWords(b.text), clause: { kind: 'click', ref: b.text.trim() }, text: b.text, link: b.kind === 'link' });
  }
  for (const g of model.groups) {
    for (const o of g.options) {
      if (o.checked) continue;
      const clause: Clause =
        g.kind === 'checkbox'
          ? { kind: 'check', ref: o.label, checked: true }
          : { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) };
      out.push({ words: nameWords(o.label), clause, text: o.label });
    }
  }
  return out.filter((c) => c.words.length);
}

/** How well a piece's words name a control: half for the control's words the piece says, half for the piece's words the control holds. */
function fit(said: string[], c: Candidate): number {
  const known = (w: string, ws: string[]) => ws.some((x) => same(w, x) || translated(w).some((t) => ws.includes(stem(normText(t)))));
  return Math.max(
    ...c.words.map((words) => {
      const ofControl = words.filter((w) => known(w, said)).length / words.length;
      const ofPiece = said.filter((w) => known(w, words)).length / said.length;
      return ofControl > 0 ? 0.5 * ofControl + 0.5 * ofPiece : 0;
    }),
  );
}

/**
 * A remark about the person's own situation, not a choice: "we're moving in March anyway",
 * "it's for my mother", "because the room is small", "너무 많이 와서요". It may explain the
 * errand; it names nothing to press.
 */
export function isRemark(piece: string): boolean {
  const p = piece.trim();
  if (/\d|@|["“‘]|(?:^|\s)'/.test(p) || personNameIn(p)) return false;
  // a name or a place in it ("I'm bringing my friend Jo Park") is a value, not a remark
  if (
    p
      .split(/\s+/)
      .slice(1)
      .some((w) => /^\p{Lu}/u.test(w) && w !== 'I' && !/^I'/.test(w))
  )
    return false;
  return (
    /^(?:i'?m|i am|i've|i have been|i was|it'?s|it is|that'?s|there'?s|they'?re|we'?re|because|since|cause|'cause)\b/i.test(p) ||
    /(?:때문에|때문이에요|서요|거든요|거든|네요)$/.test(p)
  );
}

/** The one control a piece mentions, as the clause that uses it; undefined when none or several fit. */
export function mentionedControl(piece: string, model: PageModel): Clause | undefined {
  // values are read by their shape elsewhere; a piece with a number here is not a mention
  if (/\d/.test(piece) || isRemark(piece)) return undefined;
  const said = contentWords(piece);
  if (!said.length || said.length > 6) return undefined;
  const scored = candidates(model)
    .filter((c) => !DESTRUCTIVE.test(c.text) || DESTRUCTIVE.test(piece))
    .map((c) => ({ c, s: fit(said, c) * (c.link ? 0.85 : 1) }))
    .filter((x) => x.s >= 0.6)
    .sort((a, b) => b.s - a.s);
  const [best, second] = scored;
  if (!best || (second && second.s >= best.s - 0.1 && second.c.text !== best.c.text)) return undefined;
  return best.c.clause;
}

/** Whether a request names a control by its first word ("쿠폰 받아줘" names "쿠폰 받기", "book it" names "Book now"). */
export function namesControl(request: string, controlText: string): boolean {
  const head = nameWords(controlText)[0]?.[0];
  if (!head) return false;
  return contentWords(request).some((w) => same(w, head));
}

/** The set of choices a button is one of: a small box of them, or those whose words differ only in numbers ("2 kg bag", "5 kg bag"). */
export function choiceSet(b: Button): string {
  return b.cluster >= 0 ? `c${b.cluster}` : `s${(nameWords(b.text)[0] ?? []).filter((w) => !/\d/.test(w)).join(' ')}`;
}

/** For each option, its words of letters that no other option of the same control has. */
function distinctive(labels: string[]): string[][] {
  const words = labels.map((l) => new Set(contentWords(l).filter((w) => /^\p{L}{3,}$/u.test(w) && !RELATION.has(w))));
  return words.map((ws, i) => [...ws].filter((w) => words.every((other, j) => j === i || !other.has(w))));
}

/** A list's first line that only asks to choose ("-- 지역을 선택하세요 --", "Select…"): no option. */
const PROMPT = /선택|고르|select|choose|pick|^[-–—\s]*$/i;

/**
 * The options a piece names in full, one per control at most: "역삼점에서 염색 예약"
 * names "역삼점" of a list and "염색" of a row of chips. An option counts when every one of
 * its (up to three) words is said; of two options of one control that are, the one with more
 * words; a tie names neither. Only choices — list options, radio options, buttons that show
 * whether they are chosen — never an action button, and never one already chosen.
 */
/** The amounts a text says with their unit ("1½ hours" → 1.5 hour, "6시간" → 6 시간, "an hour" → 1 hour, "2 kg" → 2 kg). */
function amountsIn(text: string): Array<{ n: number; unit: string }> {
  const out: Array<{ n: number; unit: string }> = [];
  const unitOf = (u: string) => u.toLowerCase().replace(/(?<=[a-z]{3})s$/, '');
  for (const m of text.matchAll(/(\d+(?:[.,]\d+)?)(½)?\s*([a-zA-Z]+|[가-힣]+)/g))
    out.push({ n: Number((m[1] ?? '').replace(',', '.')) + (m[2] ? 0.5 : 0), unit: unitOf(m[3] ?? '') });
  for (const m of text.matchAll(
    /(?:^|\s)(a|an|one|two|three|four|five|six|seven|eight|nine|ten|한|두|세|네)\s+(?!half\b)([a-zA-Z]+|[가-힣]+)/giu,
  )) {
    const n = smallNumber(m[1] ?? '');
    if (n !== undefined) out.push({ n, unit: unitOf(m[2] ?? '') });
  }
  // ("an hour and a half", "한 시간 반": the amount and a half)
  return /\band a half\b|\band half\b|시간\s*반/i.test(text) ? out.map((a) => ({ ...a, n: a.n + 0.5 })) : out;
}

export function namedOptions(piece: string, model: PageModel): Clause[] | undefined {
  // (a phrase said whole counts in its other words too: "two-sided" names "Double-sided")
  const said = contentWords([piece, ...phraseSynonyms(piece)].join(' ')).filter((w) => !ALL.has(w));
  if (!said.length) return undefined;
  const known = (w: string) => said.some((x) => same(w, x) || translated(w).some((t) => said.includes(stem(normText(t)))));
  // the amounts the piece says ("a kilo" is one kilo): an option whose own amount of the same unit is another is not named by its words
  const amounts = amountsIn(piece);
  const otherAmount = (label: string) =>
    amountsIn(label).some((own) => {
      const said = amounts.filter((a) => a.unit === own.unit);
      return said.length > 0 && !said.some((a) => a.n === own.n);
    });
  // an option is named by its leading words, or by all it says in brackets ("아이스(차가운)" by "차가운")
  // (or by the words before a dash or a comma: "Lakeside Branch — 4 Pine St" by "the Lakeside branch")
  const named = (label: string): number =>
    otherAmount(label)
      ? 0
      : Math.max(
          0,
          ...[...nameWords(label), ...nameWords(label.split(/\s[—–|·-]\s|[,:]/)[0] ?? '')].map((ws) => {
            // every word of letters must be said; a number ("2 kg", "9,000원") counts when said and is not needed
            const words = ws.filter((w) => !ALL.has(w) && !/\d/.test(w));
            const numbers = ws.filter((w) => /\d/.test(w));
            // (its first words are enough when it goes on describing itself: "Compact car city driving", "Eastgate Branch — …";
            // of two options that start alike, the one more of whose words are said)
            if (!words.length || !words.some((w) => /\p{L}{2}/u.test(w))) return 0;
            let k = 0;
            while (k < words.length && known(words[k] as string)) k++;
            // (one word names an option of two words at most: "타이어" does not name a long service's name that starts with it)
            if (!k || !/\p{L}{2}/u.test(words.slice(0, k).join('')) || (k === 1 && words.length > 2)) return 0;
            // (said as the phrase it is — "the Blue Room" — it is named more surely than by words apart)
            const phrase = normText(piece).includes(words.slice(0, k).join(' ')) && k >= 2 ? 0.5 : 0;
            // (named whole, it is named more surely than one that goes on with words not said: "도자기" over "도자기 + 염색 패키지")
            const whole = k === words.length ? 0.25 : 0;
            return k + numbers.filter(known).length + phrase + whole;
          }),
        );
  const groups: Array<Array<{ n: number; clause: Clause; label: string; on: boolean }>> = [];
  for (const f of model.fields) {
    if (f.kind !== 'select' || f.disabled || f.readonly) continue;
    const ref = f.label || f.texts[0] || f.purpose;
    groups.push(
      (f.options ?? [])
        .filter((o) => o.value !== '' && !PROMPT.test(o.label))
        .map((o) => ({
          n: o.selected && named(o.label) ? -1 : named(o.label),
          clause: { kind: 'fill', ref, value: o.label } as Clause,
          label: o.label,
          on: o.selected,
        })),
    );
  }
  for (const g of model.groups) {
    if (g.kind !== 'radio') continue;
    groups.push(
      g.options.map((o) => ({
        n: o.checked && named(o.label) ? -1 : named(o.label),
        clause: { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) } as Clause,
        label: o.label,
        on: o.checked,
      })),
    );
  }
  const chips = new Map<string, Array<{ n: number; clause: Clause; label: string; on: boolean }>>();
  // (a layer that offers no choices of its own — a promotion — hides none of the page's from this reading)
  const usable = usableButtons(model);
  const pool = usable.some((b) => b.choice) ? usable : model.buttons.filter((b) => !b.disabled);
  for (const b of pool) {
    if (!b.choice || b.kind === 'tab' || b.kind === 'link' || !b.text.trim()) continue;
    const key = choiceSet(b);
    chips.set(key, [
      ...(chips.get(key) ?? []),
      { n: b.selected && named(b.text) ? -1 : named(b.text), clause: { kind: 'click', ref: b.text.trim() }, label: b.text, on: b.selected },
    ]);
  }
  groups.push(...chips.values());
  const out: Clause[] = [];
  let chosen = false;
  for (const g of groups) {
    // (an option already chosen that the piece names: nothing to do for this control)
    if (g.some((x) => x.n < 0) && !g.some((x) => x.n > 0)) chosen = true;
    const fits = g.filter((x) => x.n > 0).sort((a, b) => b.n - a.n);
    const [best, second] = fits;
    if (best && !(second && second.n === best.n)) {
      out.push(best.clause);
      continue;
    }
    // none named by its leading words: the one option whose own word — a word no other option of
    // the control has ("Cedar" in "Best value Cedar 3 bags …") — is said
    if (best) continue;
    const own = distinctive(g.map((x) => x.label));
    const said = g.filter((_, i) => (own[i] ?? []).some(known));
    const one = said.length === 1 ? said[0] : undefined;
    if (one?.on) chosen = true;
    else if (one) out.push(one.clause);
  }
  // only options already chosen: the piece is placed, with nothing left to do
  return out.length ? out : chosen ? [] : undefined;
}
