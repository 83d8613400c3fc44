import type { Clause } from './clauses.ts';
import { besideDayWish, type DayWish } from './day-wish.ts';
import { isBirthday } from './later-when.ts';
import { besideWish, type SlotWish, slotWishOf } from './slot-wish.ts';
import { withoutSpan } from './time-span.ts';
import { whenOf } from './when.ts';

/**
 * The first reading's pieces without the words the errand's day, time and wishes took: those are
 * placed on their own (the day and time held for the step that takes them, a slot or a day left
 * to the page), so what is left of a piece is only what else it says ("…목요일 오전에 상담 잡아주세요"
 * → "상담 잡아주세요"). A birthday keeps its date: it is the value of its own field.
 */
interface Reading {
  clauses: Clause[];
  unknown: string[];
  later?: string[];
}

/** A piece without the particle its day or time left alone ("에 상담 잡아주세요" → "상담 잡아주세요"). */
const orphanless = (piece: string) =>
  piece
    .trim()
    .replace(/^(?:에서|에|까지|부터)(?=\s|$)/, '')
    .trim();

/** A piece without its day and time; a length said in it ("1시간", "90 min") is the piece's own, not a clock time. */
function withoutWhen(piece: string, now: Date, tz: string): string {
  const lengths: string[] = [];
  const masked = piece.replace(/\d+(?:\.\d+)?\s*(?:시간|분|hours?|hrs?|mins?|minutes?)(?![\p{L}])/giu, (m) => {
    lengths.push(m);
    return `⟪${lengths.length - 1}⟫`;
  });
  return whenOf(masked, now, tz).rest.replace(/⟪(\d+)⟫/g, (_, i) => lengths[Number(i)] ?? '');
}

export function withoutWhenWords<T extends Reading>(
  first: T,
  o: {
    held: boolean;
    wish: SlotWish | undefined;
    partWord: RegExp | undefined;
    dayWish: DayWish | undefined;
    clock: { now: Date; tz: string };
  },
): T {
  const { now, tz } = o.clock;
  const dated: T = o.held
    ? {
        ...first,
        unknown: first.unknown.map((u) => (isBirthday(u) ? u : withoutWhen(withoutSpan(u), now, tz))).filter(Boolean),
        // (pieces kept for what a row opens lose the day and time held for it too; a length stays theirs)
        later: first.later?.map((u) => (isBirthday(u) ? u : orphanless(withoutWhen(u, now, tz)))).filter(Boolean),
      }
    : first;
  const part = o.partWord;
  const slotGiven: T = o.wish
    ? {
        ...dated,
        unknown: dated.unknown
          .filter((u) => !slotWishOf(u) || besideWish(u))
          .map((u) => (part ? u.replace(part, ' ').trim() : u))
          .filter(Boolean),
        later: dated.later?.map((u) => (part ? orphanless(u.replace(part, ' ')) : u)).filter(Boolean),
      }
    : dated;
  return o.dayWish ? { ...slotGiven, unknown: slotGiven.unknown.map(besideDayWish).filter(Boolean) } : slotGiven;
}
