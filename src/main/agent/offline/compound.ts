import type { Clause } from './clauses.ts';
import { recordWords } from './record-words.ts';

/**
 * Requests that stand for a few clauses at once: "reply to the newest note from the plumber
 * saying Thursday works" = open that message, press reply, write the text, send.
 * References with "|" name alternatives in both languages (the page decides which it has).
 */
export function compoundOf(text: string): Clause[] | undefined {
  const en =
    /^reply to (?:the\s+)?(latest|last|newest|most recent|first)?\s*(?:message|e-?mail|mail|note|one)?\s*(?:from\s+(?:the\s+|my\s+)?(.+?))?\s+(?:saying|with|that says|to say)\s+["“]?(.+?)["”]?$/i.exec(
      text,
    );
  const ko =
    /^(?:(.+?)(?:한테서|에게서|로부터|한테|에게|이|가)\s*)?(?:온|받은|보낸)?\s*(?:가장\s*)?(?:최근|마지막|최신)?\s*(?:메일|메시지|이메일|문자|쪽지)에\s*["“]?(.+?)["”]?\s*(?:라고|이라고|고)\s*답장/.exec(
      text,
    );
  if (!en && !ko) return anyReply(text);
  const who = (en ? en[2] : ko?.[1])?.trim();
  const body = ((en ? en[3] : ko?.[2]) ?? '').trim();
  return [
    { kind: 'result', verb: 'open', criterion: { by: 'nth', nth: 1, ...(who ? { text: who } : {}) } },
    { kind: 'click', ref: 'reply|답장|회신' },
    { kind: 'fill', ref: 'message|body|reply|메시지|내용|본문|답장', value: body },
    { kind: 'click', ref: 'send|보내기|전송' },
  ];
}

/**
 * "reply to the pinned thread saying thanks", "고양이 잃어버렸다는 글에 '…'라고 댓글 달아줘": open the
 * record named by its words, press its reply button when it has one (a thread page may show the
 * reply box at once), write the text, send.
 */
function anyReply(text: string): Clause[] | undefined {
  const en = /^(?:reply|respond|comment)\s+(?:to|on)\s+(.+?)\s+(?:saying|with|that says|to say)\s+["“']?(.+?)["”']?$/i.exec(text);
  const ko = /^(.+?)에\s*["'“‘](.+?)["'”’]\s*(?:이?라고)\s*(?:댓글|답장|답글|회신)\s*(?:을|를)?\s*(?:달아|보내|남겨|써|해)/.exec(text);
  const m = en ?? ko;
  if (!m) return undefined;
  const who = recordWords(m[1] ?? '');
  return [
    { kind: 'result', verb: 'open', criterion: { by: 'text', text: who } },
    { kind: 'click', ref: 'reply|답장|회신|답글|댓글 쓰기', optional: true },
    { kind: 'fill', ref: 'message|body|reply|comment|메시지|내용|본문|답장|댓글', value: (m[2] ?? '').trim() },
    { kind: 'click', ref: 'send|post|submit|보내기|전송|등록|댓글 등록|답장 보내기' },
  ];
}
