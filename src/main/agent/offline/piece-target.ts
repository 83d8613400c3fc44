import { type Purpose, purposeOfWords, withoutExample } from '../page-model/purpose.ts';
import type { ChoiceGroup, Field, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { sameMeaning } from './glossary.ts';
import { fieldWords, similarity } from './refs.ts';

export const textual = (f: Field) => f.kind !== 'radio' && f.kind !== 'checkbox' && !f.disabled && !f.readonly;
export const labelOf = (f: Field) => f.label || f.texts[0] || f.purpose;

/** The field or group a person's word for it names: page words first, then the purpose it means. */
export function targetOf(head: string, model: PageModel, byPurpose = true): { field?: Field; group?: ChoiceGroup } | undefined {
  const alts = sameMeaning(head);
  const fields = model.fields.filter(textual);
  // a short word that names a purpose the page has ("성" → family name, "연락처" → phone) says it most exactly
  const said = byPurpose ? purposeOfWords(head) : undefined;
  const exact = said && (fields.find((f) => f.purpose === said && f.kind !== 'select') ?? fields.find((f) => f.purpose === said));
  if (exact) return { field: exact };
  // (an example in a label — "Notes (e.g. keep the tag)", "메모 (예: 문 앞)" — names nothing)
  const named = (f: Field) => fieldWords(f).map(withoutExample);
  const byWords = fields
    .map((f) => ({ f, s: similarity(alts, named(f)) }))
    .filter((x) => x.s >= 0.6)
    .sort((a, b) => b.s - a.s)[0];
  const group = model.groups
    .map((g) => ({ g, s: similarity(alts, [g.label]) }))
    .filter((x) => x.s >= 0.5)
    .sort((a, b) => b.s - a.s)[0];
  if (group && (!byWords || group.s > byWords.s)) return { group: group.g };
  if (byWords) return { field: byWords.f };
  // a Korean compound said with or without its space ("회원번호" is "회원 번호"), or said short ("회번호",
  // "회 번호"): the one field whose label, spaces aside, is it or holds its syllables in order
  const squash = (x: string) => x.replace(/\s+/g, '');
  const bare = (f: Field) => squash(labelOf(f).split(/[(（:]/)[0] ?? '');
  if (/^[가-힣\s]{2,8}$/.test(head.trim())) {
    const same = fields.filter((f) => bare(f) === squash(head));
    if (same.length === 1) return { field: same[0] };
  }
  if (/^[가-힣]{3,4}$/.test(squash(head))) {
    const holds = fields.filter(
      (f) => inOrder(squash(head), (labelOf(f).split(/[\s(]/)[0] ?? '').trim()) || inOrder(squash(head), bare(f)),
    );
    if (holds.length === 1) return { field: holds[0] };
  }
  if (!byPurpose) return undefined;
  const purposes = new Set(
    alts
      .split('|')
      .map(purposeOfWords)
      .filter((p): p is Purpose => !!p),
  );
  const field = fields.find((f) => purposes.has(f.purpose));
  return field ? { field } : undefined;
}

/** Whether every syllable of `short` appears in `long`, in order, and `long` is longer. */
function inOrder(short: string, long: string): boolean {
  if (long.length <= short.length) return false;
  let at = 0;
  for (const ch of short) {
    at = long.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return long.startsWith(short[0] ?? '');
}

/** Whether words name a field or a choice group of the page ("생년월일", "born", "진료과"). */
export function namesField(words: string, model: PageModel): boolean {
  const w = words.trim();
  return w.length > 0 && w.split(/\s+/).length <= 3 && targetOf(w, model, true) !== undefined;
}

/** The option of a list or group the words mean, as a clause (none when no option is close). */
export function optionClause(words: string, model: PageModel): Clause | undefined {
  const alts = sameMeaning(words);
  let best: { clause: Clause; s: number } | undefined;
  for (const g of model.groups) {
    for (const o of g.options) {
      const s = similarity(alts, [o.label]);
      if (s >= 0.6 && (!best || s > best.s))
        best = { clause: { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) }, s };
    }
  }
  for (const f of model.fields.filter((x) => x.kind === 'select' && !x.disabled)) {
    for (const o of f.options ?? []) {
      const s = similarity(alts, [o.label]);
      if (s >= 0.6 && (!best || s > best.s)) best = { clause: { kind: 'fill', ref: labelOf(f), value: o.label }, s };
    }
  }
  return best?.clause;
}

/** A field whose own words ask for digits only ("연락처 (- 없이 숫자만)", "phone, numbers only", "no dashes"). */
const DIGITS_ONLY =
  /숫자만|-\s*없이|하이픈\s*(?:없이|제외)|digits only|numbers only|no (?:dashes|hyphens|spaces)|without (?:dashes|hyphens)/i;

export function fillOf(f: Field, value: string): Clause {
  // a number said with dashes, for a field that asks for the digits alone
  const digits =
    /^[\d\s().+-]+$/.test(value) && DIGITS_ONLY.test([f.label, f.placeholder, ...f.texts].join(' ')) ? value.replace(/\D/g, '') : value;
  return { kind: 'fill', ref: labelOf(f), value: f.kind === 'select' ? sameMeaning(value) : digits };
}
