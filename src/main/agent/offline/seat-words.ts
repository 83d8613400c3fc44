import type { Clause } from './clauses.ts';
import { KO_END } from './split.ts';

/** Seats said by row and number ("F열 7번", "F7"), or "any" seats (as many as the page asks for, or as said). */
export type SeatsClause = Extract<Clause, { kind: 'seats' }>;

const KO_COUNT: Record<string, number> = { 한: 1, 두: 2, 세: 3, 석: 3, 네: 4, 다섯: 5, 여섯: 6 };
const EN_COUNT: Record<string, number> = { one: 1, a: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** A seat's own name read into "F7": "F열 7번", "F7", "F-7", "Row F, Seat 7", "F열7". */
export function seatId(name: string): string | undefined {
  const t = name.trim();
  const m =
    /^([A-Z]{1,2})\s*열\s*(\d{1,3})\s*번?/i.exec(t) ??
    /\brow\s*([A-Z]{1,2})\s*[,·/-]?\s*(?:seat|no\.?|#)\s*(\d{1,3})\b/i.exec(t) ??
    /^(?:seat\s*)?([A-Z]{1,2})\s*-?\s*(\d{1,3})(?:\s*(?:번|석))?(?:\s*[(,·-].*|\s+(?:available|free|open|sold|taken|booked|reserved|selected|빈자리|예매|판매).*)?$/i.exec(
      t,
    ) ??
    /^(\d{1,2})\s*열\s*(\d{1,3})\s*번/.exec(t);
  return m ? `${(m[1] ?? '').toUpperCase()}${Number(m[2])}` : undefined;
}

/** "F열 7번, 8번", "F7 and F8", "F7, F8": the seats named, a bare number taking the row said before it. */
function seatsIn(s: string, row0 = ''): string[] | undefined {
  const parts = s.split(/\s*(?:,|\band\b|&|이랑|랑|하고|와|과|및)\s*/i).filter(Boolean);
  const out: string[] = [];
  let row = row0;
  for (const p of parts) {
    const id = seatId(p);
    if (id) {
      row = id.replace(/\d+$/, '');
      out.push(id);
      continue;
    }
    const bare = /^(\d{1,3})\s*번?$/.exec(p.trim());
    if (!bare || !row) return undefined;
    out.push(`${row}${Number(bare[1])}`);
  }
  return out.length ? out : undefined;
}

const KO_VERB = `\\s*(?:좌석|자리|석)?\\s*(?:을|를|으로|로)?\\s*(?:선택|골라|고르|예매|예약|잡아|찜|앉|할게|해|하)?\\s*(?:해|하기|할게요?|줘|주세요|줄래|요)?${KO_END}$`;

/**
 * Seats on a seat map, said by the person: "F열 7번, 8번 선택해", "take seats F7 and F8",
 * "자리는 아무 데나 괜찮아", "any two seats". Nothing here knows a page.
 */
export function seatsClause(c: string): SeatsClause | undefined {
  const t = c.trim();
  {
    const any =
      /(?:^|\s)(?:좌석|자리)(?:은|는)?\s*(?:아무\s*(?:데|곳|자리)|어디든|상관\s*없)|^아무\s*(?:데|곳|자리)(?:나|든|라도)?\s*(?:괜찮|좋|상관)|^(?:(\S+)\s*(?:자리|석)\s*)?아무\s*(?:데|곳|자리)(?:나|든)/.exec(
        t,
      ) ??
      /\bany\s+(?:(\w+)\s+)?(?:free\s+|available\s+|open\s+)?seats?\b|\bseats?\s+(?:don'?t|doesn'?t|do not)\s+matter|\banywhere is fine\b/i.exec(
        t,
      );
    // more said after the seats ("…잡고 결제로 넘어가"): not this clause's alone, never swallowed
    if (any && /[가-힣]고\s+\S|\b(?:and|then)\s+\S/i.test(t.slice(any.index + any[0].length))) return undefined;
    if (any) {
      const said = /(한|두|세|석|네|다섯|여섯|\d)\s*(?:자리|석|명)/.exec(t)?.[1] ?? any[1];
      const n = said ? (KO_COUNT[said] ?? EN_COUNT[said.toLowerCase()] ?? (Number(said) || undefined)) : undefined;
      return { kind: 'seats', seats: [], any: true, ...(n ? { count: n } : {}) };
    }
  }
  {
    const m =
      /^(?:(?:i'?ll\s+|i\s+will\s+|i\s+want\s+(?:to\s+)?|please\s+)?(?:take|choose|pick|select|book|reserve|get|grab|want|sit in)\s+)?(?:the\s+)?seats?\s+(.+?)(?:\s+please)?$/i.exec(
        t,
      );
    const seats = m ? seatsIn(m[1] ?? '') : undefined;
    if (seats) return { kind: 'seats', seats };
  }
  {
    const body = t.replace(new RegExp(KO_VERB), '').replace(/^(?:좌석|자리)(?:은|는)?\s*/, '');
    if (/[A-Z]\s*열|열\s*\d|^[A-Z]\d/i.test(body)) {
      const seats = seatsIn(body);
      if (seats) return { kind: 'seats', seats };
    }
  }
  return undefined;
}

/** "F열 7번, 8번 선택해" cut at the comma: the bare "8번 …" after a seat is a seat of the same row. */
export function joinSeats(clauses: Clause[], order: Array<Clause | string>): Clause[] {
  const out: Clause[] = [];
  const take = (gone: Clause | string) => {
    const at = order.indexOf(gone);
    if (at >= 0) order.splice(at, 1);
  };
  for (const c of clauses) {
    const prev = out.at(-1);
    const word = c.kind === 'choose' ? c.option : c.kind === 'click' ? c.ref : undefined;
    const row = prev?.kind === 'seats' && prev.seats.length ? (prev.seats.at(-1) ?? '').replace(/\d+$/, '') : '';
    const more = word !== undefined && row ? seatsIn(word.replace(new RegExp(KO_VERB), ''), row) : undefined;
    if (prev?.kind === 'seats' && more) {
      const joined: Clause = { ...prev, seats: [...prev.seats, ...more] };
      out[out.length - 1] = joined;
      const at = order.indexOf(prev);
      if (at >= 0) order.splice(at, 1, joined);
      take(c);
      continue;
    }
    out.push(c);
  }
  return out;
}
