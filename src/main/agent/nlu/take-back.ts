/**
 * A number taken back inside one sentence and said again: "주문번호 7781 0043 아니고 7781-0034",
 * "센텀아파트 203호 말고 204호로", "unit 1203 — sorry, unit 1204", "14 Yongbong-ro, Buk-gu — wait,
 * 16 Yongbong-ro", "check-in the 20th — actually the 21st — 2 nights".
 *
 * What follows the marker is laid over what came before it: the last earlier number (with the
 * numbers right beside it) — or, when the correction starts with a word, the last earlier use of
 * that word — is where the overlay starts; from there each number replaces a number and each
 * word must be the same word. Words after the overlay are kept as the rest of the sentence. A
 * phrase said again from the same first word with other words replaces the old phrase whole
 * ("AirPods Pro 2 — wait, AirPods 4", "에어팟 프로 말고 에어팟 맥스"). Otherwise the sentence is
 * rewritten only when a number was replaced, so "쿠팡 말고 딴 데" or "actually I want …" stay as they are.
 */

/** Markers that take back what came just before them. */
const MARKER =
  /\s*(?:[,—–-]+\s*)?(?:(?<![가-힣])(?:아니고|아니라|말고|대신에?|아니 아니|아니)(?![가-힣])|\b(?:no wait|wait no|no sorry|no,? sorry|wait|i mean|sorry|oops|actually|make that|or rather|correction|no(?=\s?[,—–]))\b)[,.:…—–-]*\s+/gi;

const hasDigit = (t: string) => /\d/.test(t);

/**
 * What kind of number a run of tokens is, without its digits: "7781-0034" and "7781 0043" are
 * both "#", "20th" and "21st" are "#°", "203호" and "204호로" are "#호". Only a number of the same
 * kind takes another's place ("the 5th, sorry, 2 adults" is no correction).
 */
function kind(run: string[]): string {
  return run
    .join(' ')
    .toLowerCase()
    .replace(/(?:으로|로|이요|요|이고|은|는|이|가|을|를|에|에서|까지|부터)?[^\p{L}\p{N}]*$/u, '')
    .replace(/(\d)(?:st|nd|rd|th)\b/g, '$1°')
    .replace(/\d+/g, '#')
    .replace(/#[a-z](?![a-z])/g, '#') // "12B" and "12C" are the same kind of unit
    .replace(/[\s\-_/.,]+/g, '')
    .replace(/#+/g, '#');
}
/** A token compared as a word: lower case, without the punctuation around it. */
const bare = (t: string) => t.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

const PRONOUN = /^(i|we|you|it|this|that|they|저|제가|나|내가|우리|저희)$/;

function overlay(before: string[], after: string[]): string[] | undefined {
  const first = after[0];
  if (first === undefined) return undefined;
  // the phrase said again from the same first word, parting from it at a word ("AirPods Pro 2 — wait,
  // AirPods 4", "버즈3 프로 말고 버즈3 FE"): the new phrase replaces the old one whole — a short phrase,
  // not a sentence that starts again ("I need a flight to Osaka, actually I need two tickets" adds)
  const same = before.map(bare).lastIndexOf(bare(first));
  if (same >= 0 && before.length - same <= 5 && !PRONOUN.test(bare(first))) {
    let i = same;
    let j = 0;
    while (i < before.length && j < after.length && bare(before[i] as string) === bare(after[j] as string)) {
      i++;
      j++;
    }
    const [b, t] = [after[j], before[i]];
    if (b !== undefined && t !== undefined && !(hasDigit(b) && hasDigit(t))) return [...before.slice(0, same), ...after];
  }
  let anchor = -1;
  if (hasDigit(first)) {
    for (let i = before.length - 1; i >= 0 && anchor < 0; i--) if (hasDigit(before[i] as string)) anchor = i;
    while (anchor > 0 && hasDigit(before[anchor - 1] as string)) anchor--;
  } else {
    const word = bare(first);
    if (!word) return undefined;
    for (let i = before.length - 1; i >= 0 && anchor < 0; i--) if (bare(before[i] as string) === word) anchor = i;
  }
  if (anchor < 0) return undefined;
  const out = before.slice(0, anchor);
  let i = anchor;
  let j = 0;
  let replaced = false;
  while (j < after.length && i < before.length) {
    const b = after[j] as string;
    const t = before[i] as string;
    if (hasDigit(b) && hasDigit(t)) {
      const j0 = j;
      const i0 = i;
      while (j < after.length && hasDigit(after[j] as string)) j++;
      while (i < before.length && hasDigit(before[i] as string)) i++;
      let said = after.slice(j0, j);
      const run = before.slice(i0, i);
      // "the 20th, sorry the 21st, 2 adults": the new number is as long as the old; what follows is the rest
      if (kind(said) !== kind(run) && said.length > run.length && kind(said.slice(0, run.length)) === kind(run)) {
        said = said.slice(0, run.length);
        j = j0 + run.length;
      }
      // "센텀중앙로 79, 203호 말고 204호", "101동 1203호 말고 1204호": a number with a unit takes the place of
      // the last one with that unit, not of the numbers said before it
      const groups = (r: string[]) => (r.join(' ').match(/\d+/g) ?? []).length;
      let keep = 0;
      if (kind(said) !== kind(run) || (/[^#]/.test(kind(said)) && groups(run) > groups(said))) {
        let k = i - 1;
        while (k > i0 && groups(before.slice(k, i)) < groups(said)) k--;
        if (kind(before.slice(k, i)) !== kind(said)) return undefined;
        keep = k - i0;
      }
      out.push(...run.slice(0, keep), ...said);
      replaced = true;
    } else if (!hasDigit(b) && !hasDigit(t) && bare(b) === bare(t)) {
      out.push(t);
      i++;
      j++;
    } else break;
  }
  if (!replaced) return undefined;
  return [...out, ...before.slice(i), ...after.slice(j)];
}

/** Applies every numeric take-back in `text`, left to right. */
export function takeBackNumbers(text: string): string {
  let t = text;
  for (let guard = 0; guard < 4; guard++) {
    let changed = false;
    for (const m of t.matchAll(MARKER)) {
      const before = t.slice(0, m.index).split(' ').filter(Boolean);
      const after = t
        .slice(m.index + m[0].length)
        .split(' ')
        .filter(Boolean);
      const merged = overlay(before, after);
      if (!merged) continue;
      t = merged.join(' ');
      changed = true;
      break;
    }
    if (!changed) break;
  }
  return t;
}
