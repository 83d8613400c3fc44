import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { errandHead } from './errand-head.ts';
import { SENDING, SENDS_ANY, splitClauses } from './grammar.ts';
import { PLATE_AND_MORE } from './piece-shapes.ts';
import { readPiece } from './pieces.ts';
import { normText } from './refs.ts';

/**
 * The parts of a request no rule understood, read against the page in front of the person:
 * "category Billing", "성함 김철수", "내용은 '…'" start with a field's or a group's own words, so
 * the rest is its value; "saying X" / "X라고" is the message. A request that asks to send
 * ("send a message …", "문의 남겨줘") ends with the form's submit.
 */
/** "but don't submit yet", "제출은 하지 마": fill only. */
export const HOLD =
  /\b(?:don'?t|do not|without)\s+(?:submit|send|sav)|(?:제출|전송|저장)\S*\s*(?:하지|은\s*하지|말|마)|보내지\s*(?:말|마)/i;

export function withPageWords(
  text: string,
  parsed: { clauses: Clause[]; unknown: string[]; order?: Array<Clause | string> },
  model: PageModel,
): { clauses: Clause[]; unknown: string[] } {
  const names = [
    ...model.fields.filter((f) => f.kind !== 'radio' && f.kind !== 'checkbox').flatMap((f) => [f.label, ...f.texts]),
    ...model.groups.map((g) => g.label),
  ]
    .map((n) => normText(n))
    .filter((n) => n.length >= 2 && n.length <= 40)
    .sort((a, b) => b.length - a.length);
  // the pieces read here keep their place among the clauses the grammar read
  const clauses: Clause[] = [];
  const unknown: string[] = [];
  let hold = false;
  for (const part of parsed.order ?? [...parsed.clauses, ...parsed.unknown]) {
    if (typeof part !== 'string') {
      clauses.push(part);
      continue;
    }
    if (HOLD.test(part)) {
      hold = true;
      continue;
    }
    const said =
      /\b(?:saying|that says|to say|with the message)\s+["'“]?(.+?)["'”]?$/i.exec(part) ??
      /["'“]?(.+?)["'”]?\s*(?:이?라고)\s*(?:보내|남겨|적어|써|문의)/.exec(part);
    if (said) {
      clauses.push({ kind: 'fill', ref: 'message|메시지|내용|문의 내용|본문|comment', value: (said[1] ?? '').trim() });
      continue;
    }
    const read = readPiece(part, model);
    if (read?.length) {
      clauses.push(...read);
      continue;
    }
    // the errand itself, what it is for read against the page's options ("페퍼로니 라지 하나 주문해줘")
    const errand = errandHead(part, model);
    if (errand?.length) {
      clauses.push(...errand);
      continue;
    }
    const p = normText(part);
    const name = names.find((n) => p.startsWith(`${n} `) || p.startsWith(`${n}은 `) || p.startsWith(`${n}는 `) || p.startsWith(`${n}:`));
    if (name) {
      const value = part
        .trim()
        .slice(name.length)
        .replace(/^\s*(?:은|는|:|=|is|to)?\s*/i, '')
        .replace(/^["'“‘](.*)["'”’]$/, '$1')
        .trim();
      // ("45다6789 모닝": a plate, then another detail that waits for its own place)
      const coded = PLATE_AND_MORE.exec(value);
      if (coded?.[1] && coded[2]) {
        clauses.push({ kind: 'fill', ref: name, value: coded[1] });
        // (said with it, a plain word is the box right after it when that box asks nothing else: a plate, then the car's model)
        const more = coded[2].replace(/(?:이)?고$/, '').trim();
        const next = besideField(name, model);
        if (next && !/\d/.test(more) && more.split(/\s+/).length <= 2) clauses.push({ kind: 'fill', ref: next, value: more });
        else unknown.push(more);
        continue;
      }
      if (value) {
        clauses.push({ kind: 'fill', ref: name, value });
        continue;
      }
    }
    const words = p.split(' ');
    const byWord = words.length >= 2 ? names.find((n) => n.split(' ').includes(words[0] as string)) : undefined;
    if (byWord) {
      clauses.push({ kind: 'fill', ref: words[0] as string, value: part.trim().split(/\s+/).slice(1).join(' ') });
      continue;
    }
    unknown.push(part);
  }
  if (hold) return { clauses: clauses.filter((c) => c.kind !== 'submit'), unknown };
  // "make an appointment for …, born …": the first piece names the errand, and it sends
  const head = splitClauses(text)[0] ?? '';
  const sends =
    SENDING.test(text.trim()) ||
    SENDS_ANY.test(head) ||
    /(남겨|보내|제출|신청|가입|예약|주문|구독|변경|접수|등록)\S*\s*$/.test(text.trim());
  if (sends && !clauses.some((c) => c.kind === 'submit' || c.kind === 'click' || c.kind === 'forward')) clauses.push({ kind: 'submit' });
  return { clauses, unknown: unknown.filter((u) => splitClauses(u).length && !SENDING.test(u.trim())) };
}

/** The empty text box right after the field of that name in the same form, when its purpose is no known one. */
function besideField(name: string, model: PageModel): string | undefined {
  const at = model.fields.findIndex((f) => normText(f.label) === name);
  const f = at >= 0 ? model.fields[at + 1] : undefined;
  const here = model.fields[at];
  if (!f || !here || f.form !== here.form || f.kind !== 'text' || f.value || f.disabled || f.readonly || f.purpose !== 'other')
    return undefined;
  return f.label || undefined;
}
