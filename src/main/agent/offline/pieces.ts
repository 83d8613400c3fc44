import { DATE_PURPOSES, type Purpose, purposeOfWords } from '../page-model/purpose.ts';
import type { ChoiceGroup, Field, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { countedOnPage } from './counted.ts';
import { sameMeaning } from './glossary.ts';
import { namedOptions } from './mention.ts';
import { pairClauses } from './pair.ts';
import { personNameIn } from './person-name.ts';
import { fieldWords, similarity } from './refs.ts';

/**
 * A piece of a request no verb rule read ("이름 이하나", "phone 010-2222-3333", "born
 * 1988-02-03", "for Jamie Park", "내과", "1월 6일 오전"), read against the page: a head word that
 * names a field — by the page's words, by the purpose the person's word means (Autofill's
 * families), in either language — and the value after it; a value whose shape says its purpose
 * (an e-mail, a phone number, a date); or words that are an option of a list or a choice group.
 */
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
// (and a number said the British way, "07700 900456", or the North American way, "617-555-0121", "(206) 555 0147")
const PHONE =
  /(?:\+\d{1,3}[\s-]?)?\b0\d{1,2}[\s.-]?\d{3,4}[\s.-]?\d{4}\b|\b0\d{4}\s?\d{6}\b|(?:\+1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b/;
const DATE =
  /\b\d{4}[-./]\d{1,2}[-./]\d{1,2}\b|(?:\d{2,4}\s*년\s*)?\d{1,2}\s*월\s*\d{1,2}\s*일|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b|\b\d{1,2}\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?:\s+\d{4})?\b/i;
const SIGNS_UP = /subscribe|sign up|register|join|구독|가입|신청|등록/i;
/** a street address said as number + street words, or a Korean road name + number */
const STREET =
  /^\d+[A-Za-z]?\s+[\p{L}' .-]+?\s(?:road|rd|street|st|avenue|ave|boulevard|blvd|lane|ln|drive|dr|way|ro|gil|daero)\b.*$|^(?:[가-힣]+\s+){0,3}[가-힣0-9]+(?:로|길|대로)\s*\d+(?:-\d+)?(?:\s.*)?$/iu;
const FOR_NAME = /\bfor\s+((?:[A-Z][a-z'-]+)(?:\s+[A-Z][a-z'-]+){1,2})\b/;
const LEAD = /^\s*(?:(?:은|는|이|가)\s+|[:=]\s*|(?:is|to|as|on)\s+)?/i;
const TAIL = /\s*(?:으로|로|이요|요|입니다|이에요|예요)$/;

/** a value, then words that only name the errand and ask for it ("… 반품 신청해줘", "… 예약할게요") */
const ERRAND_AFTER =
  /^(.*?\d[\d-]*[가-힣]{0,2}?)\s*(?:으로|로)?\s+(?:[가-힣]+\s+){0,2}(?:신청|예약|주문|접수|등록|가입|요청|예매|변경)\s*(?:해|하고|할게요?|할래|해줘|해 ?주세요|해주라|합니다|하기|넣어\s*(?:줘|주세요)|잡아\s*(?:줘|주세요))?\s*(?:줘|주세요|요)?$/;

/** A verb phrase after an object ("…를 보내려고 하는데요", "…을 가져갈게요"): what the person will do with it. */
const VERB_TAIL = /\s*(?:을|를)\s+[가-힣]+(?:려고(?:\s*(?:해요|하는데요?|합니다|요))?|을게요?|할게요?|는데요?)$/;
/** One thing and its count ("우산 두 개", "모자 하나", "2 large bags", "a garment bag"). */
const COUNTED_THING =
  /^(?:[가-힣a-z][\w가-힣 -]*?\s+(?:\d{1,3}|하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:개|대|명|장|마리|벌|박스|상자)?|(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z][\w -]*)$/i;

/** A piece that starts with a verb asks for something; its first words name no field. */
const VERB_HEAD =
  /^(?:add|remove|set|put|make|give|get|take|book|order|buy|rent|hire|borrow|lease|need|start|show|open|close|turn|switch|change|select|choose|pick|click|press|tap|use|keep|include|drop|skip)\b/i;

const textual = (f: Field) => f.kind !== 'radio' && f.kind !== 'checkbox' && !f.disabled && !f.readonly;
const labelOf = (f: Field) => f.label || f.texts[0] || f.purpose;

/** The field or group a person's word for it names: page words first, then the purpose it means. */
function targetOf(head: string, model: PageModel, byPurpose = true): { field?: Field; group?: ChoiceGroup } | undefined {
  const alts = sameMeaning(head);
  const fields = model.fields.filter(textual);
  // a short word that names a purpose the page has ("성" → family name, "연락처" → phone) says it most exactly
  const said = byPurpose ? purposeOfWords(head) : undefined;
  const exact = said && (fields.find((f) => f.purpose === said && f.kind !== 'select') ?? fields.find((f) => f.purpose === said));
  if (exact) return { field: exact };
  const byWords = fields
    .map((f) => ({ f, s: similarity(alts, fieldWords(f)) }))
    .filter((x) => x.s >= 0.6)
    .sort((a, b) => b.s - a.s)[0];
  const group = model.groups
    .map((g) => ({ g, s: similarity(alts, [g.label]) }))
    .filter((x) => x.s >= 0.5)
    .sort((a, b) => b.s - a.s)[0];
  if (group && (!byWords || group.s > byWords.s)) return { group: group.g };
  if (byWords) return { field: byWords.f };
  // a Korean word said short ("차번호" for "차량번호"): the one field whose first word holds its syllables in order
  if (/^[가-힣]{3,4}$/.test(head)) {
    const holds = fields.filter((f) => inOrder(head, (labelOf(f).split(/[\s(]/)[0] ?? '').trim()));
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

/** An English head word in the singular ("deliveries" → "delivery", "slots" → "slot"). */
const singular = (head: string) => head.replace(/\b([a-z]{3,})ies$/i, '$1y').replace(/\b([a-z]{3,}[^s])s$/i, '$1');

/** A head before a colon that only asks for the errand ("quote pls", "예약 부탁"): no field's name. */
export const ASK_HEAD =
  /^(?=\S)(?:quote|request|order|booking|appointment|견적|예약|주문|신청|문의)?\s*(?:pls|plz|please|부탁(?:해요|드려요)?)?$/i;

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

function fillOf(f: Field, value: string): Clause {
  // a number said with dashes, for a field that asks for the digits alone
  const digits =
    /^[\d\s().+-]+$/.test(value) && DIGITS_ONLY.test([f.label, f.placeholder, ...f.texts].join(' ')) ? value.replace(/\D/g, '') : value;
  return { kind: 'fill', ref: labelOf(f), value: f.kind === 'select' ? sameMeaning(value) : digits };
}

/** A person's name into the page's name fields: one field for the whole name, or given + family. */
function nameClauses(name: string, model: PageModel): Clause[] {
  const fields = model.fields.filter(textual);
  const full = fields.find((f) => f.purpose === 'full_name');
  if (full) return [fillOf(full, name)];
  const given = fields.find((f) => f.purpose === 'given_name');
  const family = fields.find((f) => f.purpose === 'family_name');
  if (!given || !family) return [];
  const ko = /^[가-힣]{2,4}$/.test(name);
  const parts = name.trim().split(/\s+/);
  const [g, fam] = ko ? [name.slice(1), name.slice(0, 1)] : [parts.slice(0, -1).join(' '), parts.at(-1) ?? ''];
  return [fillOf(given, g), fillOf(family, fam)];
}

function givenOr(f: Field, model: PageModel): Field {
  return model.fields.find((x) => textual(x) && x.purpose === 'given_name') ?? f;
}

/** Whether the page shows these words as an option of a list or group, or as a button. */
function shownOnPage(words: string, model: PageModel): boolean {
  const w = words.trim();
  return (
    model.fields.some((f) => (f.options ?? []).some((o) => o.label.includes(w))) ||
    model.groups.some((g) => g.options.some((o) => o.label.includes(w))) ||
    model.buttons.some((b) => b.text.includes(w))
  );
}

/** Words that are capitalised in a request without being a name. */
const NOT_NAME =
  /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight|next|this|please|thanks|hi|hello|the|and|for|with|my|our|i|we)$/i;

/**
 * Two or three capitalised words said alone ("Priya Nair"): a person's name, when none of its
 * words is a word the page shows (an option "Grove", a button "Express") or a day or a month.
 */
function bareName(p: string, model: PageModel): string | undefined {
  const words = p
    .trim()
    .replace(/[.!,]+$/, '')
    .split(/\s+/);
  if (words.length < 2 || words.length > 3 || !words.every((w) => /^\p{Lu}\p{Ll}+(?:['-]\p{L}+)?$/u.test(w))) return undefined;
  if (words.some((w) => NOT_NAME.test(w))) return undefined;
  const shown = new Set(
    [
      ...model.buttons.map((b) => b.text),
      ...model.groups.flatMap((g) => g.options.map((o) => o.label)),
      ...model.fields.flatMap((f) => [f.label, ...(f.options ?? []).map((o) => o.label)]),
    ]
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u),
  );
  return words.some((w) => shown.has(w.toLowerCase())) ? undefined : words.join(' ');
}

/** Words that only say the number is a phone's ("phone", "연락처는", "call me on"). */
const PHONE_WORDS =
  /^(?:(?:my|the|her|his|our)\s+)?(?:phone|mobile|cell|tel|telephone|number|contact number|call me (?:on|at)|연락처|전화번호|전화|휴대폰|핸드폰|폰|번호)(?:\s*(?:number|no\.?|is|:|은|는|번호))*\s*$/i;

/** A value alone whose shape says where it goes. */
function typedClauses(p: string, model: PageModel): Clause[] | undefined {
  const fields = model.fields.filter(textual);
  // "최하람", "I'm Rosa Lind", "Priya Nair": a name alone goes into the page's empty name fields
  const person = personNameIn(p) ?? bareName(p, model);
  // (a word the page itself shows as an option or a button is that, not a name)
  if (person && !shownOnPage(person, model) && fields.some((f) => ['full_name', 'given_name'].includes(f.purpose) && !f.value.trim())) {
    const named = nameClauses(person, model);
    if (named.length) return named;
  }
  const email = EMAIL.exec(p)?.[0];
  // "reply by email to a@b.c": the address, and the words around it may be an option
  if (email && !SIGNS_UP.test(p)) {
    const rest = p
      .replace(email, ' ')
      .replace(/\b(?:to|at|is|with|by|:)\s*$/i, '')
      .trim();
    const f = fields.find((x) => x.purpose === 'email');
    const said = rest.replace(/^(?:and\s+)?/i, '');
    // "reply by email": the whole, else one of its words, may be an option
    const option = said
      ? (optionClause(said, model) ??
        said
          .split(/\s+/)
          .filter((w) => w.length >= 3 && !/^(?:and|the|for|with|from|reply|send|please)$/i.test(w))
          .map((w) => optionClause(w, model))
          .find(Boolean))
      : undefined;
    if (f && (!rest || option)) return [fillOf(f, email), ...(option ? [option] : [])];
    // "Jorge Ortiz j.ortiz@…": the person's name said with it
    const named = f && rest ? (personNameIn(rest) ?? bareName(rest, model)) : undefined;
    const names = named ? nameClauses(named, model) : [];
    if (f && names.length) return [...names, fillOf(f, email)];
  }
  // an address alone, or in a request to sign up / subscribe with it ("뉴스레터를 a@b.c로 구독해줘")
  const others = p
    .replace(email ?? '', ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (email && (others.length <= 1 || SIGNS_UP.test(p))) {
    const f = fields.find((x) => x.purpose === 'email');
    return f ? [fillOf(f, email)] : undefined;
  }
  // "delivered to 22 Harbor St", "bring it to 5 Elm Road": where it goes, after words that only say so
  const sentTo =
    /^(?:(?:please\s+)?(?:deliver(?:ed|y)?|send(?:\s+it)?|ship(?:ped)?|bring(?:\s+it)?|drop(?:\s+it)?\s+off)\s+)?(?:to|at)\s+(.+)$/i.exec(
      p,
    );
  if (sentTo?.[1] && sentTo[1] !== p && STREET.test(sentTo[1])) return typedClauses(sentTo[1], model);
  if (STREET.test(p)) {
    const f = fields.find((x) => x.purpose === 'address' && !x.value) ?? fields.find((x) => x.purpose === 'address');
    if (!f) return undefined;
    // "월드컵로 45 경비실 옆에 둘게요": the address ends at its number (and unit); what the person says
    // after it is another detail, read on its own — never typed into the address
    const tail = /^(.*?(?:로|길|대로)\s*\d+(?:-\d+)?(?:\s*(?:\d+\s*(?:동|호|층)|[A-Z]?\d+호))*)\s+(.*(?:요|다|게|고|서))$/u.exec(p);
    if (tail?.[1] && tail[2]) {
      const rest = (readPiece(tail[2], model) ?? namedOptions(tail[2], model))?.filter((c) => !(c.kind === 'fill' && c.ref === labelOf(f)));
      return rest?.length ? [fillOf(f, tail[1]), ...rest] : undefined;
    }
    return [fillOf(f, p)];
  }
  const phone = PHONE.exec(p)?.[0];
  if (phone && !DATE.test(p)) {
    const f = fields.find((x) => x.purpose === 'phone');
    // "한유나고 010-…예요": the name said with it goes in too, never dropped with the rest of the piece
    // (only a name said as one: "한유나고", "한유나입니다" — not a field's word before the number)
    const before = p
      .replace(phone, ' ')
      .replace(/\s*(?:예요|이에요|입니다|이요|요)\s*$/, '')
      .trim();
    // (another value said before it — "차량번호 12가3456 … 연락처 010-…" — is not dropped with the rest: the piece is not read here)
    if (/\d/.test(before)) return undefined;
    const person =
      /(?:이고|입니다|이에요|예요|이요|,)$/.test(before) || /^\p{Lu}/u.test(before)
        ? (personNameIn(before) ?? bareName(before, model))
        : undefined;
    const named = person ? nameClauses(person, model) : [];
    if (person && !named.length) return undefined;
    if (!f) return undefined;
    // other words before it ("contact Sam Lee 010-…") are read on their own, never dropped with the number
    const other = before.replace(PHONE_WORDS, '').trim();
    if (!person && /\p{L}{2}/u.test(other)) {
      const read = readPiece(other, model)?.filter((c) => !(c.kind === 'fill' && c.ref === labelOf(f)));
      return read?.length ? [...read, fillOf(f, phone)] : undefined;
    }
    return [...named, fillOf(f, phone)];
  }
  const out: Clause[] = [];
  let rest = p;
  const name = FOR_NAME.exec(p)?.[1];
  if (name) {
    const cl = nameClauses(name, model);
    if (!cl.length) return undefined;
    out.push(...cl);
    rest = rest.replace(FOR_NAME, ' ');
  }
  const date = DATE.exec(rest)?.[0];
  if (date) {
    // a birthday goes to the field for one, never to the errand's day ("birthday June 2 1979")
    const birth =
      purposeOfWords(rest.replace(date, ' ')) === 'birth_date' || /^\s*생(?:\s|$)|\bborn\b|\bdob\b/i.test(rest.replace(date, ' '));
    const f = birth
      ? fields.find((x) => x.purpose === 'birth_date')
      : (fields.find((x) => DATE_PURPOSES.has(x.purpose) && x.purpose !== 'birth_date' && !x.value) ??
        fields.find((x) => x.kind === 'date' && x.purpose !== 'birth_date'));
    if (!f) return undefined;
    out.push(fillOf(f, date));
    rest = rest.replace(date, ' ');
  }
  if (!out.length) return undefined;
  // what is left ("dermatology … in the afternoon") may be options; a whole clause left unread is not
  // dropped with the name ("I'll return it to the north gate, it's for Ana Ruiz"): the piece is not read here
  let unread = 0;
  for (const w of rest.split(/\s*(?:,|\bon\b|\bin the\b|\bin\b|\bat\b|\bwith\b|\band\b)\s*/i).filter((x) => /\p{L}{2}/u.test(x))) {
    const c = optionClause(w.trim(), model);
    if (c) out.push(c);
    else
      unread += w
        .trim()
        .split(/\s+/)
        .filter((x) => /\p{L}{2}/u.test(x) && !/^(?:it'?s|is|for|the|a|an|her|his|my|our|their|born|birthday|dob)$/i.test(x)).length;
  }
  return unread > 3 ? undefined : out;
}

/** The clauses one piece of a request stands for on this page, or undefined when it reads as nothing here. */
export function readPiece(piece: string, model: PageModel): Clause[] | undefined {
  // a verb stem left by the clause cut ("이메일 … 넣", "… 입력") is not part of the value
  const p = piece
    .trim()
    .replace(/[.!?。]+$/, '')
    .replace(/\s+(?:넣|넣어|입력|입력하|입력해|쓰|써|적|적어|기입|채우|채워)$/, '');
  if (!p) return undefined;
  // "우산 하나랑 모자 두 개를 맡기려고 하는데요": what the person does with them says no value
  const bare = p.replace(VERB_TAIL, '');
  if (bare !== p && bare) return readPiece(bare, model);
  // "우산 하나랑 모자 두 개", "two large bags and a garment bag": each thing with its count, read on its own
  const counted = p.split(/\s*(?:이랑|랑|하고|와|과|,)\s+|\s+and\s+/);
  if (counted.length >= 2 && counted.every((x) => COUNTED_THING.test(x))) {
    const each = counted.map((x) => readPiece(x, model));
    if (each.every((x) => x?.length)) return each.flatMap((x) => x ?? []);
  }
  // "spanish -> english": the page's "from" and "to" controls
  const pair = pairClauses(p, model);
  if (pair) return pair;
  // "20 medium + 10 large boxes", "for 3 weeks": counts for the page's own counters and number boxes
  const counts = /\d|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s/i.test(p) ? countedOnPage(p, model) : undefined;
  if (counts) return counts;
  // "주문번호 58213 반품 신청해줘": a value with the errand said after it — the errand sends, the value is the number
  const errand = ERRAND_AFTER.exec(p);
  if (errand?.[1] && /\d/.test(errand[1])) return readPiece(errand[1], model);
  // a piece that holds an address or a number says where it goes by its shape first
  if (EMAIL.test(p) || (PHONE.test(p) && !DATE.test(p))) {
    const typed = typedClauses(p, model);
    if (typed) return typed;
  }
  // "X: Y", "X은 Y", "X Y" — a head of up to three words, then the value
  const colon = /^([^:：=]{1,30}?)\s*[:：=]\s*(.+)$/.exec(p);
  // ("quote pls: …", "예약 부탁: …": a head that only asks for the errand; what follows is read alone)
  if (colon?.[2] && ASK_HEAD.test(colon[1]?.trim() ?? '')) return readPiece(colon[2], model);
  const heads: Array<[string, string]> = colon ? [[colon[1] as string, colon[2] as string]] : [];
  const words = p.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const topic = /^(.+?)(?:은|는)$/.exec(head);
    heads.push([topic ? (topic[1] as string) : head, words.slice(n).join(' ')]);
  }
  for (const [head, raw] of heads) {
    const value = raw
      .replace(LEAD, '')
      .replace(TAIL, '')
      .replace(/^["'“‘](.*)["'”’]$/, '$1')
      .trim();
    // a head is words for a field, never a value ("이메일 a@b.c" is not a head), nor a verb ("add" is no "address")
    if (!value || /\d|@/.test(head) || VERB_HEAD.test(head)) continue;
    // a purpose is read from a short head only: a long one is more likely a value with a field word in it
    // ("deliveries on saturdays": a plural head names the field its singular does)
    const byPurpose = head.split(/\s+/).length <= 2 && !/["'“‘]/.test(head);
    const one = singular(head);
    const t = targetOf(head, model, byPurpose) ?? (one !== head ? targetOf(one, model, byPurpose) : undefined);
    if (!t) continue;
    // "name Dana Reyes": a capitalised word that ends the head starts the value when the head without it names the same
    const shorter = head.split(/\s+/).slice(0, -1).join(' ');
    if (shorter && /^\p{Lu}/u.test(head.split(/\s+/).at(-1) ?? '')) {
      const s = targetOf(shorter, model, true);
      if (s && s.field === t.field && s.group === t.group) continue;
    }
    if (t.group) return [{ kind: 'choose', option: sameMeaning(value), ref: t.group.label }];
    if (t.field) {
      const names = ['full_name', 'given_name', 'family_name'];
      // "이름 Minji" on a page with first and last name: one word is the given name; two are split
      if (names.includes(t.field.purpose) && purposeOfWords(head) === 'full_name')
        return /\s/.test(value) || t.field.purpose === 'full_name' ? nameClauses(value, model) : [fillOf(givenOr(t.field, model), value)];
      // "차량번호 12가3456 아반떼": a code-shaped value (a car's plate) then another detail — read apart, or asked
      const coded = /^(\d{2,3}\s?[가-힣]\s?\d{4})\s+(\S.*)$/.exec(value);
      if (coded?.[1] && coded[2]) {
        const more = readPiece(coded[2], model) ?? namedOptions(coded[2], model);
        return more?.length ? [fillOf(t.field, coded[1]), ...more] : undefined;
      }
      return [fillOf(t.field, value)];
    }
  }
  const typed = typedClauses(p, model);
  if (typed) return typed;
  const option = optionClause(p.replace(TAIL, ''), model);
  return option ? [option] : undefined;
}
