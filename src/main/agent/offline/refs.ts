import type { Button, Field, PageModel } from '../page-model/types.ts';
import { translated } from './glossary.ts';

/**
 * Finding what a person's words point at on a page: the field, button or option whose own
 * words are most like the reference. Similarity, not lists of pages: exact > prefix/contains >
 * shared words, after dropping filler words ("칸", "button", "the", particles).
 */
const FILLER = /\b(the|a|an|field|box|input|button|link|tab|option|options|menu|please)\b|칸|란|입력란|필드|버튼|링크|항목|메뉴/gi;
const PARTICLE = /(을|를|은|는|이|가|에서|에|으로|로|의|도|에다가?)$/;

export function normText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[*:：()[\]"'“”‘’「」.,!?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A reference as the person said it, without filler and a trailing particle. */
export function cleanRef(ref: string): string {
  // (a reference that is only a filler word is that word: an option called "Box")
  let r =
    normText(ref)
      .replace(FILLER, ' ')
      // "그 알림창 좀": this, that, please
      .replace(/(?:^|\s)(?:이|그|저|좀|요|이거|그거|저거)(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || normText(ref);
  for (let i = 0; i < 2; i++) r = r.replace(PARTICLE, '').trim();
  return r;
}

/** 0..1: how well `ref` (alternatives split by "|") names something known by `texts`. */
export function similarity(ref: string, texts: string[], across = true): number {
  if (ref.includes('|')) return Math.max(...ref.split('|').map((r) => similarity(r, texts, across)));
  const r = cleanRef(ref);
  if (!r) return 0;
  // the person's words in the other language count a little less than their own
  if (across) {
    const other = translated(r).filter((t) => normText(t) !== r);
    if (other.length) return Math.max(similarity(r, texts, false), ...other.map((t) => 0.95 * similarity(t, texts, false)));
  }
  let best = 0;
  for (const raw of texts) {
    const t = normText(raw);
    if (!t) continue;
    // (the same words but for fillers on both sides: "On the pavement by the kerb" said whole)
    if (t === r || cleanRef(raw) === r) return 1;
    let s = 0;
    const ratio = Math.min(1, (r.length + 4) / (t.length + 4));
    const at = t.indexOf(r);
    const wordStart = at === 0 || (at > 0 && !/[\p{L}\p{N}]/u.test(t[at - 1] ?? ''));
    if (at === 0) s = 0.6 + 0.35 * ratio;
    else if (at > 0 && wordStart) s = 0.5 + 0.35 * ratio;
    else if (at > 0) s = 0.3 + 0.3 * ratio;
    else if (r.includes(t) && t.length >= 2) s = 0.6 * (t.length / r.length) + 0.1;
    else {
      const rw = new Set(r.split(' '));
      const tw = new Set(t.split(' '));
      const shared = [...rw].filter(
        (w) => tw.has(w) || [...tw].some((x) => x.length >= 2 && w.length >= 2 && (x.startsWith(w) || w.startsWith(x))),
      ).length;
      s = shared ? (0.5 * shared) / Math.max(rw.size, tw.size) : 0;
    }
    best = Math.max(best, s);
  }
  return best;
}

export interface Scored<T> {
  item: T;
  score: number;
}

export function rank<T>(ref: string, items: T[], textsOf: (t: T) => string[], min = 0.3): Array<Scored<T>> {
  return items
    .map((item) => ({ item, score: similarity(ref, textsOf(item)) }))
    .filter((s) => s.score >= min)
    .sort((a, b) => b.score - a.score);
}

export const fieldWords = (f: Field): string[] => [...f.texts, f.label];
export const buttonWords = (b: Button): string[] => [b.text];

/** Controls a person can see and use now, the top dialog's first when one is open. */
export function usableButtons(m: PageModel): Button[] {
  const modal = m.dialogs.find((d) => d.modal);
  const all = m.buttons.filter((b) => !b.disabled);
  return modal ? all.filter((b) => b.regions.includes(`dialog:${modal.idx}`)) : all;
}

/** An English word in the singular ("deliveries" → "delivery", "slots" → "slot"; "glass", "bus" stay). */
export const singularWord = (w: string) => w.replace(/^([a-z]{3,})ies$/i, '$1y').replace(/^([a-z]{3,}[^s])s$/i, '$1');

/**
 * 0..1: how many of the person's words a longer text holds (a record named by a few of its
 * words: "고양이 잃어버렸다는" in "Lost cat … (고양이를 찾습니다)"). A word counts when the text
 * has it whole, or with a Korean particle after it; words in the other language count too.
 */
export function coverage(ref: string, texts: string[]): number {
  const words = cleanRef(ref)
    .split(' ')
    .filter((w) => w.length >= 2 || /[가-힣]/.test(w));
  if (!words.length) return 0;
  const have = new Set(texts.flatMap((t) => normText(t).split(' ')));
  const holds = (w: string) =>
    have.has(w) ||
    [...have].some((x) => x.startsWith(w) && /[가-힣]/.test(w) && x.length - w.length <= 2) ||
    translated(w).some((t) => have.has(normText(t)));
  return words.filter(holds).length / words.length;
}

/** The words of every choice the page offers: its buttons (not links), group options and list options. */
export function offeredLabels(m: PageModel): string[] {
  return [
    ...m.buttons.filter((b) => !b.disabled && b.kind !== 'link').map((b) => b.text),
    ...m.groups.flatMap((g) => g.options.map((o) => o.label)),
    ...m.fields.flatMap((f) => (f.kind === 'select' ? (f.options ?? []).map((o) => o.label) : [])),
  ];
}
