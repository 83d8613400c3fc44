import { accountClause } from './account-words.ts';
import { cartClause, cartClauses } from './cart-words.ts';
import type { Clause } from './clauses.ts';
import { compoundOf } from './compound.ts';
import { countClauses } from './count-words.ts';
import { fillClause, namedValues, valueThenSend } from './fill-words.ts';
import { listClause } from './list-words.ts';
import { monthClause } from './month-words.ts';
import { orderSaid } from './order-words.ts';
import { personNameIn } from './person-name.ts';
import { resultClause } from './pick-words.ts';
import { recordWords } from './record-words.ts';
import { joinSeats, seatsClause } from './seat-words.ts';
import { setCountClause } from './set-count-words.ts';
import { KO_END, Q, splitClauses, unquote } from './split.ts';
import { joinSwitches, switchesClause } from './switch-words.ts';
import { personDoes, valueLike, verbOnly } from './value-like.ts';

/** A paging clause says nothing else: "다음 페이지로 넘겨 줘", "go to the next page please". */
const onlyPaging = (c: string): boolean =>
  /(?:다음|이전)\s*페이지(?:로|으로)?\s*(?:넘겨|넘어가|가|이동해|보여|열어)?\s*(?:줘|주세요|줄래|요)?$|(?:next|previous) page(?:\s+of\s+(?:the\s+)?(?:search\s+)?(?:results|list))?(?:\s+please)?$/i.test(
    c.trim(),
  );

/**
 * Page commands in Korean and English, read by a small grammar: a request is cut into
 * clauses at connectives ("…고", "…서", "and", "then", ","), and each clause is matched by its
 * verb (put/type, click/press, pick/choose, open the Nth, dismiss, scroll, check, go on) with
 * the reference and value around it. Nothing here knows any page.
 */
export { criterionOf } from './criteria.ts';
export { splitClauses } from './split.ts';

function parseOne(raw: string): Clause | Clause[] | undefined {
  const c = raw.trim();
  const hit = (re: RegExp) => re.exec(c);
  // ---- a code to apply ("apply coupon SPRING5", "use promo code X") ----
  {
    const m = hit(
      /^(?:apply|use|redeem|enter)\s+(?:the\s+)?(?:coupon|promo|voucher|discount|gift)(?:\s+code)?\s+["'“]?([\w-]{3,})["'”]?$/i,
    );
    if (m)
      return [
        { kind: 'fill', ref: 'coupon|promo|voucher|discount code|쿠폰|쿠폰 코드', value: m[1] ?? '' },
        { kind: 'click', ref: 'apply|redeem|use|적용|사용|확인' },
      ];
  }
  {
    const sent = valueThenSend(c);
    if (sent) return sent;
  }
  // ---- switches, and account verbs said with their value ----
  {
    const group = switchesClause(c);
    if (group) return group;
  }
  // ---- a month to show ("11월 관리비 보여줘", "show me the fees for October") ----
  {
    const month = monthClause(c);
    if (month) return month;
  }
  // ---- seats on a seat map ("F열 7번, 8번", "seats F7 and F8", "자리는 아무 데나") ----
  {
    const seats = seatsClause(c);
    if (seats) return seats;
  }
  // ---- counts of kinds of people or tickets ("어른 둘, 청소년 한 명", "2 adults and a child") ----
  {
    const set = setCountClause(c);
    if (set) return set;
  }
  {
    const counts = countClauses(c);
    if (counts) return counts;
  }
  {
    const said = accountClause(c);
    if (said) return said;
  }
  {
    const m = hit(/^(turn on|turn off|switch on|switch off|enable|disable)\s+(?:the\s+)?(.+?)$/i);
    if (m) return { kind: 'check', ref: m[2] ?? '', checked: !/off|disable/i.test(m[1] ?? '') };
  }
  {
    const m = hit(new RegExp(`^(.+?)\\s*(?:을|를)?\\s*(켜|꺼|끄|활성화|비활성화|켜기|끄기)${KO_END}$`));
    if (m && !/(팝업|배너|창|광고|알림창|대화상자)$/.test(m[1] ?? ''))
      return { kind: 'check', ref: m[1] ?? '', checked: /켜|^활성화/.test(m[2] ?? '') };
  }
  // ---- expand / collapse a section ----
  {
    const m =
      hit(
        /^(?:open\s+(?:the\s+)?(?=(?:faq|question|section|answer|entry|panel)\s+(?:about|on|for|regarding)\s)|expand|open up|unfold|show the answer to|collapse)\s*(?:the\s+)?(?:faq\s+(?:about|on|for|regarding)\s+(?:the\s+)?)?(?:(?:one|section|part|question|entry|item|panel)\s+(?:about|on|for|regarding)\s+(?:the\s+)?)?(.+?)$/i,
      ) ?? hit(new RegExp(`^(?:.+?\\s*(?:중에서?|에서)\\s+)?(.+?)\\s*(?:을|를)?\\s*(?:펼쳐|펴|접어|열어\\s*봐)${KO_END}$`));
    if (m) return { kind: 'click', ref: unquote(m[1] ?? '') };
  }
  // ---- add an item by its text ("add 'water the plants' to my list") ----
  {
    const m =
      hit(new RegExp(`^(?:add|create|new)\\s+${Q}(?:\\s+(?:to|in|into)\\b.*)?$`, 'i')) ??
      hit(new RegExp(`^(?:.+?에\\s+)?${Q}\\s*(?:을|를)?\\s*(?:추가|등록|만들어)`));
    if (m) return { kind: 'fill', ref: '', value: m[1] ?? '' };
  }
  // ---- a list shown some way: only some of it, in an order, more of it, one answer in every row ----
  {
    const list = listClause(c);
    if (list) return list;
  }
  // ---- put an item in the cart ----
  {
    const m =
      hit(/^(?:add|put)\s+(.+?)\s+(?:to|in|into)\s+(?:my\s+|the\s+)?(?:shopping\s+)?(?:cart|basket|bag|trolley)$/i) ??
      hit(/^(.+?)\s*(?:을|를)?\s*(?:장바구니|카트)(?:에)?\s*(?:담아|넣어|추가|담기)/);
    if (m) {
      const items = cartClauses(m[1] ?? '');
      return items.length > 1 ? items : cartClause(m[1] ?? '');
    }
  }
  // ---- an action on one record ("star the message from Mom", "치과 알림 삭제해줘") ----
  {
    const en = hit(/^(archive|star|unstar|flag|delete|remove|trash|pin|like|upvote)\s+(?:the\s+)?(.+?)$/i);
    if (en) return { kind: 'record', verb: en[1] ?? '', text: recordWords(en[2] ?? '') };
    const ko = hit(/^(.+?)\s*(?:을|를)?\s*(삭제|지워|보관|별표)\s*(?:해|하기|표시)?\s*(?:줘|주세요)?$/);
    if (ko) return { kind: 'record', verb: ko[2] ?? '', text: recordWords(ko[1] ?? '') };
  }
  // ---- fill ----
  {
    const named = namedValues(c);
    if (named) return named.length > 1 ? named : named[0];
    const filled = fillClause(c);
    if (filled) return filled;
  }
  // ---- dismiss / accept a dialog ----
  // refusing what is optional is a choice of its own on a consent banner, not just closing it
  if (
    /^(?:reject|decline|refuse|deny|opt out of)\s+(?:all\s+)?(?:the\s+)?(?:non-?essential\s+|optional\s+|tracking\s+|marketing\s+)?cookies?/i.test(
      c,
    ) ||
    /쿠키.*(거부|거절)/.test(c)
  )
    return { kind: 'click', ref: 'reject|decline|necessary only|essential only|only essential|거부|거절|필수만' };
  if (/^(?:accept|allow|agree to)\s+(?:all\s+)?(?:the\s+)?cookies?/i.test(c) || /쿠키.*(동의|수락|허용)/.test(c))
    return { kind: 'dismiss', accept: true };
  {
    const m = hit(/^(?:dismiss|close|hide|get rid of|skip)\s+(?:the\s+)?(.*)$/i);
    if (m) return { kind: 'dismiss', accept: false, ...(m[1] ? { ref: m[1] } : {}) };
  }
  {
    const m = hit(new RegExp(`^(.*?)\\s*(?:을|를)?\\s*(?:닫아|닫기|닫고|닫|없애|꺼|치워|무시해)${KO_END}$`));
    if (m) return { kind: 'dismiss', accept: false, ...(m[1] ? { ref: m[1] } : {}) };
  }
  // ---- scroll ----
  {
    const m =
      /^scroll\s+(?:down\s+|up\s+)?(?:to\s+the\s+(bottom|end|top)\s+of\s+)?(?:the\s+)?(.*?)(?:\s+(?:all the way\s+)?(?:down|to the (bottom|end|top)))?$/i.exec(
        c,
      );
    if (m)
      return {
        kind: 'scroll',
        to: /top/i.test(`${m[1]}${m[3]}`) || /scroll\s+up/i.test(c) ? 'top' : 'bottom',
        ...(m[2] && !/^(down|up)$/i.test(m[2]) ? { ref: m[2] } : {}),
      };
  }
  {
    const m =
      /^(.*?)\s*(?:을|를)?\s*(끝까지|맨\s*(?:아래|밑|끝)(?:까지|으로|로)?|아래로|밑으로|맨\s*위(?:로)?|위로)\s*(?:내려|스크롤|올려|내리|넘겨)/.exec(
        c,
      );
    if (m) return { kind: 'scroll', to: /위/.test(m[2] ?? '') ? 'top' : 'bottom', ...(m[1] ? { ref: m[1] } : {}) };
  }
  // ---- pages ----
  // the whole clause is the paging ("다음 페이지로 넘겨줘"); more words after it are another request
  // (a list named before it: "검색 결과 다음 페이지", "강좌 목록 2페이지" — a word or two with no particle)
  const listNamed = '(?:[가-힣]+(?<![은는이가을를에로])\\s+){0,2}';
  if (
    (/^(?:go to\s+|show\s+|open\s+)?(?:the\s+)?next page\b/i.test(c) || new RegExp(`^${listNamed}다음\\s*페이지`).test(c)) &&
    onlyPaging(c)
  )
    return { kind: 'page', n: 'next' };
  if (
    (/^(?:go to\s+|show\s+|open\s+)?(?:the\s+)?previous page\b/i.test(c) || new RegExp(`^${listNamed}이전\\s*페이지`).test(c)) &&
    onlyPaging(c)
  )
    return { kind: 'page', n: 'prev' };
  {
    // (the whole clause: "2페이지로 가서 …" has more to do after the paging)
    const m =
      hit(/^(?:go to\s+|show(?:\s+me)?\s+|open\s+)?(?:the\s+)?page\s+(\d{1,3})(?:\s+of\s+(?:the\s+)?\w+)?$/i) ??
      hit(new RegExp(`^${listNamed}(\\d{1,3})\\s*페이지\\s*(?:로|으로|를|에)?\\s*(?:\\S*(?:가|이동|넘겨|넘어가|보여|열어)\\S*)?$`));
    if (m) return { kind: 'page', n: Number(m[1]) };
  }
  // ---- open / pick a result ----
  {
    // "the second thread in the Top tab": open the tab, then pick there
    const m = hit(/^(.+?)\s+(?:in|on|under)\s+(?:the\s+)?(.+?)\s+tab$/i) ?? hit(/^(.+?)\s*탭(?:에서|의)\s+(.+)$/);
    if (m) {
      const [what, tab] = /탭/.test(c) ? [m[2] ?? '', m[1] ?? ''] : [m[1] ?? '', m[2] ?? ''];
      const rest = parseOne(what);
      if (rest && !Array.isArray(rest) && rest.kind === 'result') return [{ kind: 'choose', option: tab, ref: 'tab' }, rest];
    }
  }
  const result = resultClause(c);
  if (result) return result;
  // ---- tabs ----
  {
    const m = hit(/^(?:open|go to|switch to|show)\s+(?:the\s+)?(.+?)\s+tab$/i);
    if (m) return { kind: 'choose', option: unquote(m[1] ?? ''), ref: 'tab' };
  }
  {
    const m = hit(/^(.+?)\s*탭\s*(?:으로|을|를|에)?\s*(?:열어|눌러|이동|보여|가|전환)/);
    if (m) return { kind: 'choose', option: unquote(m[1] ?? ''), ref: 'tab' };
  }
  // ---- check ----
  {
    const m = hit(/^(un)?(?:check|tick|untick)\s+(?:the\s+)?(.+)$/i);
    if (m) return { kind: 'check', ref: m[2] ?? '', checked: !m[1] && !/^untick/i.test(c) };
  }
  {
    const m = hit(/^(?:agree to|accept)\s+(?:the\s+)?(.+)$/i);
    if (m) return { kind: 'check', ref: m[1] ?? '', checked: true };
  }
  {
    const m = hit(new RegExp(`^(.+?)\\s*(?:에|을|를)?\\s*(?:체크|동의)(?:해|하기|하)?${KO_END}$`));
    // "직원은 동의": the answer 동의 for 직원, not a box to tick
    if (m && !/\S(?:은|는)$/.test(m[1] ?? '')) return { kind: 'check', ref: m[1] ?? '', checked: true };
  }
  {
    const m = hit(new RegExp(`^(.+?)\\s*(?:을|를)?\\s*체크\\s*(?:해제|풀어)${KO_END}$`));
    if (m) return { kind: 'check', ref: m[1] ?? '', checked: false };
  }
  // ---- choose ----
  // "make it A2", "set that to large": the value for what was just named
  {
    const m = hit(/^(?:make|set|change|turn)\s+(?:it|that|this|them)\s+(?:to\s+|into\s+)?(.+?)$/i);
    if (m) return { kind: 'choose', option: unquote(m[1] ?? '') };
  }
  {
    const m = hit(/^(?:switch|change|go)\s+(?:over\s+)?to\s+(?!(?:the\s+)?next\s+step$)(?:the\s+)?(.+?)$/i);
    if (m) return { kind: 'choose', option: unquote(m[1] ?? '').replace(/\s+(?:theme|mode|option|setting)$/i, '') };
  }
  {
    const m = hit(/^(?:pick|choose|select|use)\s+(?:the\s+)?(.+?)(?:\s+(?:in|from|for|under|as|among)\s+(?:the\s+)?(.+))?$/i);
    if (m) return { kind: 'choose', option: unquote(m[1] ?? ''), ...(m[2] ? { ref: m[2] } : {}) };
  }
  {
    const m = hit(/^(?:(.+?)\s*(?:에서|중에서|중에|중)\s+)?(.+?)\s*(?:을|를|으로|로)?\s*(?:선택|골라|고르|정해)/);
    if (m) return { kind: 'choose', option: unquote(m[2] ?? ''), ...(m[1] ? { ref: m[1] } : {}) };
  }
  // ---- go on / submit ----
  // the whole clause is going on ("다음으로 넘어가 주세요", "계속 진행해"), not a clause that starts with 다음 ("다음 페이지에 있는 …")
  // "continue to payment": the button that says so, else the page's way on
  {
    const m = hit(/^(?:continue|proceed|go on|move on)\s+to\s+(?:the\s+)?(?!next\s+step$)(.+)$/i);
    if (m) return { kind: 'click', ref: `${c}|${m[1]}|continue|proceed|next` };
  }
  {
    const m = hit(new RegExp(`^(.+?)\\s*(?:단계)?(?:으로|로)\\s*(?:넘어가|진행해|진행하|이동해|이동하)\\S*\\s*${KO_END}$`));
    if (m && /^다음$/.test((m[1] ?? '').trim())) return { kind: 'forward' };
    if (m && !/^(?:이전|다음\s*페이지|이전\s*페이지)$/.test((m[1] ?? '').trim())) return { kind: 'click', ref: `${m[1]}|계속|다음|진행` };
  }
  if (
    /^(?:go on|continue|proceed|next|go next|move on|keep going|(?:go|move|continue)\s+(?:on\s+)?to\s+the\s+next\s+step)$|^(?:계속|다음(?:으로)?|진행)\s*(?:진행)?\s*(?:해|하기|눌러|넘어가|가)?\s*(?:줘|주세요|요|줄래)?$/i.test(
      c,
    )
  )
    return { kind: 'forward' };
  if (
    /^(?:submit|send|search|confirm)(?:\s+(?:it|the form|this))?$|^(?:제출|전송|보내|검색|조회)\s*(?:해|하기)?\s*(?:줘|주세요)?$/i.test(c)
  )
    return { kind: 'submit' };
  // ---- click ----
  {
    const m = hit(/^(저장|적용|완료|확인|등록)\s*(?:해|하기|하고)?\s*(?:줘|주세요)?$/);
    if (m) return { kind: 'click', ref: m[1] ?? '' };
  }
  if (/^(save|apply|update|subscribe|sign in|log in|sign up|register|add to cart|check ?out|log out|sign out)\b/i.test(c))
    return { kind: 'click', ref: c };
  {
    const m = hit(/^(?:click|press|tap|hit|push|follow)\s+(?:on\s+)?(?:the\s+)?(.+?)$/i);
    if (m) return { kind: 'click', ref: unquote(m[1] ?? '') };
  }
  {
    const m = hit(new RegExp(`^(.+?)\\s*(?:버튼|링크)?\\s*(?:을|를)?\\s*(?:눌러|누르|클릭|탭|터치|열어)${KO_END}`));
    if (m) return { kind: 'click', ref: unquote(m[1] ?? '') };
  }
  // "… and minji@example.com in the email box": a value for another field under the same verb
  {
    const m = hit(/^(\S+)\s+(?:in|into)\s+the\s+(.+?)$/i);
    if (m) return { kind: 'fill', ref: m[2] ?? '', value: unquote(m[1] ?? '') };
  }
  // "극장은 잠실점으로, 날짜는 12월 19일로 하고": a value for a named place, its verb said once for all
  {
    const m = hit(/^(.{1,30}?)\s*(?:은|는|을|를)\s+(.+?)\s*(?:(?:으로|로)\s*(?:하|해|둬|두고|맞춰)?)?$/);
    // a reason said before the value ("목록에 없으니까 직접입력으로") is not part of it
    const said = (m?.[2] ?? '').replace(/^.*(?:니까|으니|라서|어서|아서)\s+/, '');
    // (nor "is" said after a name or a number: "한소라이고", "010-1234-0000입니다" are "한소라", "010-1234-0000")
    const bare = said.replace(/(?<=\S)(?:이고요?|이구요|입니다|이에요|예요)$/, '');
    const value = bare !== said && (/[\d@]/.test(bare) || personNameIn(bare)) ? bare : said;
    // (and not "우산 하나랑 모자 두 개를 맡기려고 하는데요": a verb that says what the person does is no value)
    if (m && !/(?:줘|주세요|해|하)$/.test(value) && !personDoes(value)) return { kind: 'fill', ref: m[1] ?? '', value: unquote(value) };
  }
  // "이름에 홍길동" / "name: Kim" before a later verb that covers it ("…, 이메일에 … 넣고"); a clock's
  // colon ("08:30") is not one between a name and its value
  {
    const m = hit(/^(.+?)\s*(?:칸|란)?(?:에다가|에다|에)\s+(.+)$/) ?? hit(/^((?:[^:=]|(?<=\d):(?=\d)){1,40}?)\s*(?<!\d)[:=](?!\d)\s*(.+)$/);
    // (not "메뉴 중에 제일 싼 걸로 골라줘": a request's own verb at the end is no value)
    if (m && !/(?:줘|주세요|줄래|주라)$/.test(m[2] ?? '') && !personDoes(m[2] ?? ''))
      return { kind: 'fill', ref: m[1] ?? '', value: unquote(m[2] ?? '') };
  }
  return undefined;
}

/** A request's head that asks for something to be sent, the verb anywhere in it ("1:1 문의 남겨줘", "make a booking"). */
export const SENDS_ANY =
  /\b(?:send|submit|post|apply|sign up|register|book|reserve|leave|file|order|rent|hire|quote|subscribe|make an? (?:appointment|booking|reservation))\b|남겨|보내|제출|신청|등록|가입|예약|문의|주문|구독|접수|잡아\s*(?:줘|주세요|주실|줄래|주라)/i;

/** Words that ask for the form to be sent (whole words: "postcode 48058" is a value, not "post"). */
export const SENDING = /^(?:(?:send|submit|post|apply|sign up|register|book|reserve|leave)\b|남겨|보내|제출|신청|등록|가입|예약|문의)/i;

/**
 * "2만원에 희망가 적어줘": the words before 에 are the value and the rest names the place;
 * "3일 금요일에 공연 두 장 예매해 줘": a day said first is not a field at all — the clause is
 * left for the readings that know days and values.
 */
function valueNotName(cs: Clause[]): Clause[] {
  return cs.flatMap((c): Clause[] => {
    if (c.kind !== 'fill') return [c];
    // "환불 문의 때문에 왔어요": a reason and a verb, not a field and its value
    // ("맨 위에 있는 과목": 는 ends a describing verb, not a topic)
    if (verbOnly(c.value) || /때문$|(?:있|없|하|된|되|인)$/.test(c.ref.trim())) return [];
    if (!valueLike(c.ref)) return [c];
    // (a name, not a request: "피부과 예약해줘" after a day names no place)
    const short = c.value.trim().split(/\s+/).length <= 3 && !/\d/.test(c.value) && !/(?:해|줘|주세요|요|다|기)$/.test(c.value.trim());
    return short && !valueLike(c.value) ? [{ kind: 'fill', ref: c.value, value: c.ref }] : [];
  });
}

/** The clauses of a page command, or the parts no rule understood. */
export function parseCommand(text: string): { clauses: Clause[]; unknown: string[]; order?: Array<Clause | string> } {
  const compound = compoundOf(text.trim());
  if (compound) return { clauses: compound, unknown: [] };
  const clauses: Clause[] = [];
  const unknown: string[] = [];
  const order: Array<Clause | string> = [];
  // "문의 남겨줘: 이름 …, 이메일 …" — a command header before the values
  const header = /^((?:\d+:\d+|[^:：]){1,40}?(?:줘|주세요|해|하기|please))\s*[:：]\s*(.+)$/i.exec(text.trim());
  for (const part of splitClauses(header ? (header[2] ?? '') : text)) {
    if (orderSaid(part, clauses)) continue;
    const read = parseOne(part);
    const cs = valueNotName(read === undefined ? [] : Array.isArray(read) ? read : [read]);
    clauses.push(...cs);
    if (!cs.length) unknown.push(part);
    order.push(...(cs.length ? cs : [part]));
  }
  clauses.splice(0, clauses.length, ...joinSeats(joinSwitches(clauses, order), order));
  const last = clauses.at(-1);
  // an item added by its text is sent like a one-field form
  // "… find X and add it to the cart": the cart takes the thing found
  for (const [i, c] of clauses.entries()) {
    const prev = clauses[i - 1];
    if (c.kind === 'cart' && /^(?:it|that|this one|this|그거|그것|이거)$/i.test(c.item) && prev?.kind === 'result' && prev.criterion.text) {
      const item: Clause = { ...c, item: prev.criterion.text };
      clauses.splice(i - 1, 2, item);
      order.splice(order.indexOf(prev), 2, item);
    }
  }
  const send = (c: Clause) => {
    clauses.push(c);
    order.push(c);
  };
  if (last?.kind === 'fill' && last.ref === '') send({ kind: 'submit' });
  if (header && SENDS_ANY.test(header[1] ?? '') && !clauses.some((c) => c.kind === 'submit' || c.kind === 'click'))
    send({ kind: 'submit' });
  return { clauses, unknown, ...(unknown.length ? { order } : {}) };
}
