import { smallNumber } from '../../language/numbers.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText, similarity } from './refs.ts';

/**
 * Counts of things said for the page's own counters and number boxes: "12 folding + 3 round
 * tables", "for 4 days", "의자 4개랑 테이블 2개". Each item's words (without a noun every item
 * shares, "tables") must name one counter or number box of the page clearly better than any
 * other; then each is a count to set. Undefined when any item names none — the piece is then
 * read another way, or asked about.
 */
const EN_ITEM = /^(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+(.+)$/i;
const KO_ITEM =
  /^(.+?)\s*(\d{1,3}|하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉|열)\s*(개|대|장|벌|박스|상자|주|주일|일|시간|박|권)?$/;
/** Nouns that only say "things" and do not tell one counter from another. */
const GENERIC = /^(?:boxes|box|items?|pcs|pieces?|units?|things?|of them|개|상자|박스)$/i;

const PEOPLE = /^(?:people|persons?|guests?|명|사람|인원)$/i;
// (a counter named by a plural of someone who does something — "riders", "hikers" — counts people)
export const PEOPLE_PLACE = /people|persons|guests|players|party|group size|how many|\b[a-z]{3,}ers\b|인원|사람|참가자|참여자/i;

interface Target {
  label: string;
}

function targets(model: PageModel): Target[] {
  const steppers = model.steppers.filter((s) => s.label.trim()).map((s) => ({ label: s.label }));
  const boxes = model.fields
    .filter((f) => !f.disabled && (f.kind === 'number' || f.kind === 'range'))
    .filter((f) => !steppers.some((s) => normText(f.label).startsWith(normText(s.label))))
    .map((f) => ({ label: f.label || f.texts[0] || '' }));
  return [...steppers, ...boxes].filter((t) => t.label);
}

/** "Dresser to go", "a bike for collection": words after a thing that say it is one to take. */
export const ONE_TO_GO = /\s+(?:to go|to be (?:collected|picked up|taken away)|for (?:collection|pickup|pick-up))$/i;

const ASKED =
  /^(?:(?:could|can|would|will)\s+(?:u|you)\s+(?:please\s+|pls\s+)?)?(?:(?:please|pls)\s+)?(?:collect|take(?:\s+away)?|pick\s+up|bring|get|need|want)\s+/i;

export function countedOnPage(piece: string, model: PageModel): Clause[] | undefined {
  const all = targets(model);
  if (!all.length) return undefined;
  const items = piece
    .trim()
    .split(/\s*[+&,]\s*(?:and\s+)?|\s+and\s+|\s*(?:이랑|랑|하고)\s+|\s+(?=for\s+(?:\d|a|an|one|two|three)\s)/i)
    // ("around 20 of us": that many people)
    .map((x) =>
      x
        // ("could you take away an old armchair": the words that ask for the errand go before the thing and its count)
        .replace(ASKED, '')
        .replace(/^(?:for|about|around|roughly|approx(?:imately)?\.?)\s+|^[~≈]\s*/i, '')
        .replace(/\s+of us$|\s+(?:ppl|pax)$/i, ' people'),
    )
    .filter(Boolean);
  const out: Clause[] = [];
  for (const raw0 of items) {
    // ("Dresser to go", "a bike for collection": one thing said with no count is one)
    const bare = raw0.trim().replace(ONE_TO_GO, '');
    // (never a thing said as not wanted: "no tables to go")
    const single = !EN_ITEM.test(bare) && !KO_ITEM.test(bare) && bare !== raw0.trim() && /^[a-z][a-z -]{1,30}$/i.test(bare);
    const item = single && !/^(?:no|not|without|skip|don'?t)\b/i.test(bare) ? `1 ${bare}` : raw0;
    const en = EN_ITEM.exec(item.trim());
    const ko = en ? undefined : KO_ITEM.exec(item.trim());
    const raw = en ? en[1] : ko?.[2];
    const n = raw === undefined ? undefined : /^\d+$/.test(raw) ? Number(raw) : smallNumber(raw.toLowerCase());
    if (n === undefined) return undefined;
    const words = (en ? (en[2] ?? '') : `${ko?.[1] ?? ''} ${ko?.[3] ?? ''}`).trim().split(/\s+/);
    const own = words.filter((w) => !GENERIC.test(w));
    const said = (own.length ? own : words).join(' ');
    // ("300 pages" names "Page count (approx.)": the words in the singular count too)
    const one = said.replace(/\b([a-z]{3,}?)(?:ies)\b/gi, '$1y').replace(/\b([a-z]{3,}[^s])s\b/gi, '$1');
    // (people are counted in a box for them, whatever the page calls them: players, 인원)
    const people = PEOPLE.test(said);
    const noun = one.split(/\s+/).length > 1 ? one.split(/\s+/).at(-1) : undefined;
    const scored = all
      .map((t) => ({
        t,
        // (or by its last word, the thing itself, when words before it only describe it: "an old armchair" for "Armchair or recliner")
        s: Math.max(
          similarity(said, [t.label]),
          similarity(one, [t.label]),
          noun && noun !== one ? similarity(noun, [t.label]) - 0.05 : 0,
          people && PEOPLE_PLACE.test(t.label) ? 0.8 : 0,
        ),
      }))
      .sort((a, b) => b.s - a.s);
    const [best, second] = scored;
    if (!best || best.s < 0.5 || (second && second.s > best.s - 0.1)) return undefined;
    out.push({ kind: 'count', ref: best.t.label, n });
  }
  return out.length ? out : undefined;
}
