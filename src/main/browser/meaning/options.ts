/**
 * Choosing a <select> option by meaning when no option has the wanted text: a country by any of
 * its codes or names ("KR" → "대한민국 Republic of Korea"), a calling code ("+82" → "Korea (+82)"),
 * a month or day by number or name ("05" → "May", "5월"), a number with or without its unit
 * ("10" → "10일"), and the common words for sex. Only a single unambiguous option is chosen.
 */
import { callingCodeIn, callingCodeOf, countryIn, countryOf } from './countries.ts';
import { monthOf } from './dates.ts';

export interface OptionText {
  value: string;
  label: string;
}

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,()[\]/|·'’_-]+/g, '');

const SEX: Array<[string, RegExp]> = [
  ['F', /^(f|female|woman|women|여|여성|여자)$/],
  ['M', /^(m|male|man|men|남|남성|남자)$/],
];

function sexOf(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  const whole = SEX.find(([, re]) => re.test(t))?.[0];
  if (whole) return whole;
  // bilingual labels: "여성 Female", "Female / 여"
  const found = new Set(
    t
      .split(/[\s/()|,]+/)
      .filter(Boolean)
      .map((w) => SEX.find(([, re]) => re.test(w))?.[0])
      .filter(Boolean),
  );
  return found.size === 1 ? [...found][0] : undefined;
}

/** A number with an optional unit word ("10", "10일", "10 days", "05") — the number. */
function numberOf(text: string): number | undefined {
  const m = /^\s*0*(\d{1,6})\s*([가-힣]{1,2}|[a-z]{1,6})?\.?\s*$/i.exec(text);
  return m ? Number(m[1]) : undefined;
}

const only = (hits: number[]) => (hits.length === 1 ? hits[0] : undefined);

/** The index of the one option that means what `wanted` means, else undefined. */
export function optionByMeaning(wanted: string, options: OptionText[]): number | undefined {
  const texts = (o: OptionText) => [o.label, o.value];
  const indexes = options.map((_, i) => i);
  const where = (test: (t: string) => boolean) => indexes.filter((i) => texts(options[i] as OptionText).some((t) => t && test(t)));

  // the same words, spacing and punctuation aside
  const n = norm(wanted);
  if (n) {
    const hit = only(where((t) => norm(t) === n));
    if (hit !== undefined) return hit;
  }
  // a calling code ("+82"), or a country on a calling-code list
  const wantedCode = /^\s*(\+|00)/.test(wanted) ? callingCodeIn(wanted) : undefined;
  const country = countryOf(wanted);
  const code = wantedCode ?? (country ? callingCodeOf(country) : undefined);
  const codeList = options.filter((o) => /\+\d{1,3}\b/.test(o.label)).length >= Math.min(2, options.length);
  if (code && codeList) {
    const same = where((t) => /\+\d/.test(t) && callingCodeIn(t) === code);
    if (same.length === 1) return same[0];
    // several countries share a code (+1): the one the person named
    const both = country ? only(same.filter((i) => countryIn(options[i]?.label ?? '') === country)) : undefined;
    if (both !== undefined) return both;
  }
  if (country) {
    const hit = only(indexes.filter((i) => texts(options[i] as OptionText).some((t) => t && countryIn(t) === country)));
    if (hit !== undefined) return hit;
  }
  const sex = sexOf(wanted);
  if (sex) {
    const hit = only(where((t) => sexOf(t) === sex));
    if (hit !== undefined) return hit;
  }
  // a month: by number or name, when the options are months
  const month = monthOf(wanted);
  const monthList = options.filter((o) => monthOf(o.label) !== undefined).length >= 12;
  if (month && monthList) {
    const hit = only(indexes.filter((i) => monthOf(options[i]?.label ?? '') === month));
    if (hit !== undefined) return hit;
  }
  const number = numberOf(wanted);
  if (number !== undefined) {
    const hit = only(where((t) => numberOf(t) === number));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
