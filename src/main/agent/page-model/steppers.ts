import type { RawPage } from './raw.ts';
import type { Button, Field, Stepper } from './types.ts';

const DEC = /^[-−–]$|minus|decrease|fewer|less|remove|subtract|감소|빼기|줄이기/i;
const INC = /^\+$|plus|increase|more|^add\b|증가|더하기|늘리기|추가/i;
const order = (h: string) => h.split(':').map(Number) as [number, number];

/**
 * Counters laid out in one row of many ("Adult − [0] +", "Child − [0] +" side by side in one
 * box): a − button, the count's box, a + button next to one another in the page's order, the
 * count known by the box's label (or the words the two buttons share).
 */
function inRows(buttons: Button[], fields: Field[], found: Stepper[]): Stepper[] {
  const taken = new Set(found.flatMap((s) => [s.dec, s.inc]));
  const out: Stepper[] = [];
  for (const f of fields) {
    if (!['number', 'text'].includes(f.kind) || f.value === '' || !/^\d+$/.test(f.value.trim())) continue;
    const [fr, fi] = order(f.handle);
    const near = (d: number) => buttons.find((b) => order(b.handle)[0] === fr && order(b.handle)[1] === fi + d);
    const dec = [near(-1), near(-2)].find((b) => b && DEC.test(b.text));
    const inc = [near(1), near(2)].find((b) => b && INC.test(b.text));
    if (!dec || !inc || taken.has(dec.handle) || taken.has(inc.handle)) continue;
    out.push({ label: f.label, value: Number(f.value), dec: dec.handle, inc: inc.handle });
  }
  return out;
}

/** The words two button names share, without the words for − and + ("Remove one Tote bag" / "Add one Tote bag" → "Tote bag"). */
function sharedWords(a: string, b: string): string {
  const words = (t: string) => t.split(/\s+/).filter((w) => w && !DEC.test(w) && !INC.test(w) && !/^(?:one|a|an|하나|한)$/i.test(w));
  const other = new Set(words(b).map((w) => w.toLowerCase()));
  return words(a)
    .filter((w) => other.has(w.toLowerCase()))
    .join(' ');
}

export function steppersOf(buttons: Button[], fields: Field[], frames: RawPage[]): Stepper[] {
  const out: Stepper[] = [];
  const clusters = new Map<number, Button[]>();
  for (const b of buttons) if (b.cluster >= 0) clusters.set(b.cluster, [...(clusters.get(b.cluster) ?? []), b]);
  const texts = new Map<number, string>();
  // a box between the buttons that holds the count ("− [1] +", often read-only)
  const boxes = new Map<number, number>();
  frames.forEach((f, fi) => {
    for (const c of f.controls) {
      if (c.cluster < 0) continue;
      texts.set(fi * 10_000 + c.cluster, c.clusterText);
      if ((c.tag === 'input' || c.tag === 'output') && /^\d{1,4}$/.test(c.value.trim()))
        boxes.set(fi * 10_000 + c.cluster, Number(c.value));
    }
  });
  for (const [cluster, bs] of clusters) {
    const dec = bs.find((b) => DEC.test(b.text));
    const inc = bs.find((b) => INC.test(b.text));
    if (!dec && !inc) continue;
    const text = texts.get(cluster) ?? '';
    // the count sits between the buttons, after any hint in the label ("Children (2–12) − 0 +")
    const value = /(\d+)\D*$/.exec(text.replace(/[-−–+]/g, ' '));
    // the two buttons' own names say what they count when they share words ("수량 줄이기" / "수량 늘리기")
    // (the words of its row when they say the same: "Adults (2–12)" beside "Remove adult")
    const shared = dec && inc ? sharedWords(dec.text, inc.text) : '';
    const row = text
      .replace(/[-−–+\d]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    out.push({
      label: shared && !row.toLowerCase().includes(shared.toLowerCase()) ? shared : row || shared,
      value: value ? Number(value[1]) : (boxes.get(cluster) ?? null),
      dec: dec?.handle ?? null,
      inc: inc?.handle ?? null,
    });
  }
  return [...out, ...inRows(buttons, fields, out)];
}
