import { whenOf } from './when.ts';

/**
 * A request that names one row of a schedule, a table or a card grid by what it shows and asks
 * for that row's own action: "book me into the earliest spin class this friday with Coach Lee",
 * "put me on the waitlist for Monday's 7pm class", "판매중인 캠핑 의자 중에 제일 싼 거 판매자한테
 * "…"라고 채팅 보내줘", "책상에 5만원으로 가격 제안 넣어줘". Read into the
 * action (the words its button is known by), the words the row must show, a day to open first,
 * a clock time, a superlative, whether only rows still on offer count, and what goes into what
 * the action opens (a message, an amount).
 */
export interface RowRequest {
  /** the row's button for the action, alternatives split by "|"; or the very words each row's own button shows ("Options") */
  action: string;
  /** words the row must show: a kind, a person, a title */
  words: string[];
  /** the day to open first (ISO) */
  date?: string;
  /** a clock time the row shows ("18:00") */
  time?: string;
  /** the time said without its half of the day ("at 6:30"): the other half counts when no row has this one */
  either?: boolean;
  /** a part of the day said ("evening", "아침"): minutes after midnight, from and to */
  part?: [number, number];
  by?: 'earliest' | 'latest' | 'cheapest' | 'priciest';
  /** only rows not marked sold, reserved or full */
  available?: boolean;
  message?: string;
  /** an amount of money, digits only */
  amount?: string;
  /** the row was named by its title or a superlative only: its button opens what it has, and the day and time said are for that */
  opens?: boolean;
}

/** Row actions: how a request says it, and the words of the row's own button that does it. */
const ACTIONS: Array<{ said: RegExp; button: string }> = [
  {
    said: /\bwait-?\s?list\b|\bwaiting list\b|대기\s*(?:명단|신청|등록|자|예약|걸어|넣어|올려)/i,
    button: 'join waitlist|waitlist|wait list|join the waitlist|대기 신청|대기 등록|대기하기|대기',
  },
  {
    said: /\bchat\b|\bmessage\s+(?:to\s+)?(?:the\s+)?(?:seller|host|owner|poster)|\b(?:send|write)\s+(?:the\s+)?(?:seller|host|owner)\b|채팅|판매자(?:한테|에게|님께)/i,
    button: 'chat|message|contact seller|send message|채팅하기|채팅|메시지 보내기|문의하기',
  },
  {
    said: /\b(?:make|place|send|put in|submit)\s+(?:an?\s+)?(?:price\s+)?offer\b|\boffer\s+(?:of\s+)?[$₩€£]?\s?\d|가격\s*제안|네고\s*(?:요청|제안)/i,
    button: 'make offer|make an offer|offer|price offer|가격 제안|가격제안|제안하기|네고',
  },
  {
    said: /\b(?:book|reserve|sign (?:me )?up|enrol+|register (?:me )?for|join)\b|예약|예매|신청/i,
    button:
      'book|book now|reserve|book a spot|sign up|join|join class|register|enroll|예약|예약하기|예매|예매하기|신청|신청하기|참가 신청|수강 신청',
  },
];

/** Parts of the day, as the hours a row's time falls in. */
const PARTS: Array<[RegExp, [number, number]]> = [
  [/\b(?:in the )?morning\b|아침|오전/i, [5 * 60, 12 * 60]],
  [/\blunch(?:time)?\b|점심/i, [11 * 60, 14 * 60]],
  [/\b(?:in the )?afternoon\b|오후|낮/i, [12 * 60, 18 * 60]],
  [/\b(?:in the )?evening\b|저녁/i, [17 * 60, 22 * 60]],
  [/\b(?:at )?night\b|\btonight\b|밤/i, [19 * 60, 24 * 60]],
];

const EARLIEST = /\b(?:earliest|soonest|first\s+(?:one|class|session|slot|time))\b|(?:가장|제일)\s*(?:이른|빠른|일찍|먼저)|일찍\s*하는/i;
const LATEST = /\b(?:latest|last\s+(?:one|class|session|slot|time))\b|(?:가장|제일)\s*늦(?:은|게)|늦게\s*하는|마지막/i;
const CHEAPEST = /\b(?:cheapest|lowest[-\s]priced|least expensive)\b|(?:가장|제일)\s*(?:싼|저렴한|싸게)|최저가/i;
const PRICIEST = /\b(?:priciest|most expensive)\b|(?:가장|제일)\s*비싼/i;
const AVAILABLE =
  /\b(?:available|still (?:for sale|on sale|available)|for sale|on sale|not sold|in stock|with (?:open )?spots?(?: left)?)\b|판매\s*중인?|구매\s*가능한?|예약\s*가능한?|빈\s*자리\s*있는|자리\s*(?:가\s*|이\s*)?남은|잔여석?\s*있는|마감\s*안\s*된/i;

/** "…라고", "saying …", "with the message …": the quoted text is what to send. */
const MESSAGE =
  /["“'‘「]([^"”’」]+)["”’」]\s*(?:이?라고|하고)|\b(?:saying|that says|with the message)\s*:?\s*(?:["“'‘]([^"”’]+)["”’]|([^"“'‘].*?))\s*$/i;
const QUOTED = /["“'‘「]([^"”’」]+)["”’」]/g;

/** Words that say how, not which: verbs of the action, fillers, particles. */
const FILLER = new Set(
  (
    'book reserve sign up enrol enroll register me my the a an into in on for of at to with from class classes session sessions lesson one ones ' +
    'please put join waitlist wait list waiting chat message send seller host owner make place offer price saying that says it its this next ' +
    "spot spots 's item listing post slot slots appointment coach instructor trainer teacher dr mr ms mrs 강사 강사님 코치 선생님 쌤 수업 클래스 강좌 세션 거 것 걸 걸로 거로 것으로 중 중에 중에서 하는 남은 자리 있는 판매자 채팅 보내 보내줘 가격 제안 넣어 넣어줘 해줘 해 주세요 줘 예약 예약해 예약해줘 신청 신청해줘 예매 대기 명단 물건 매물 상품"
  ).split(' '),
);
const PARTICLE = /(?<=[가-힣])(?:에게|한테|에서|으로|로|을|를|은|는|에|의|도)$|(?<=[가-힣]{2})(?:이|가)$/;

/** The action whose button words a button's text is most like ("Join waitlist" is the waitlist's, not "join"). */
export function buttonAction(text: string, like: (words: string, text: string) => number): string | undefined {
  const scored = ACTIONS.map((a) => ({ a: a.button, s: like(a.button, text) })).sort((x, y) => y.s - x.s);
  return scored[0] && scored[0].s >= 0.6 ? scored[0].a : undefined;
}

/** The request's own action, or undefined when it asks for none a row carries. */
export function rowActionOf(text: string): string | undefined {
  const bare = text.replace(QUOTED, ' ');
  return ACTIONS.find((a) => a.said.test(bare))?.button;
}

/** Reads the head clause of a row request (details such as "member ID 55021" are cut off before). */
export function rowRequestOf(head: string, now: Date, tz: string): RowRequest | undefined {
  const action = rowActionOf(head);
  if (!action) return undefined;
  const m = MESSAGE.exec(head);
  const message = m ? (m[1] ?? m[2] ?? m[3])?.trim() : undefined;
  const titles = [...head.matchAll(QUOTED)].map((q) => q[1] ?? '').filter((q) => q && q !== message);
  // dates and times inside the quoted message are the message's, not the row's
  const masked = (m?.[3] ? head.slice(0, m.index) : head).replace(QUOTED, ' ');
  const when = whenOf(masked, now, tz);
  const money = amountOf(masked);
  // amounts first ("35만원으로", "$120", "350k"), then superlatives and the action's own words
  let rest = ` ${when.rest} `.replace(
    /(?:\d[\d,.]*\s*(?:만\s*원|만원|천\s*원|원|won|krw|k\b)|[$₩€£]\s?\d[\d,.]*\s*k?)(?:\s*(?:으로|로|에))?/gi,
    ' ',
  );
  // a part of the day said with no clock time is a range of hours, not a word the row shows
  const part = when.time ? undefined : PARTS.find(([re]) => re.test(masked));
  if (part) rest = rest.replace(new RegExp(part[0].source, 'gi'), ' ');
  for (const re of [EARLIEST, LATEST, CHEAPEST, PRICIEST, AVAILABLE]) rest = rest.replace(new RegExp(re.source, 'gi'), ' ');
  for (const a of ACTIONS) rest = rest.replace(new RegExp(a.said.source, 'gi'), ' ');
  rest = rest.replace(/이?라고|\s(?:이|가)\s/g, ' ');
  const words = rest
    .split(/[\s,.!?·:;]+/)
    .map((w) => w.replace(/'s$/i, '').replace(PARTICLE, ''))
    .map((w) => w.replace(/(?:해|하|줘|주세요|해줘|넣어줘|보내줘)+$/, ''))
    .filter((w) => w.length > 0 && !FILLER.has(w.toLowerCase()) && !/^\d+$/.test(w));
  const by = superlativeOf(masked);
  return {
    action,
    words: [...titles, ...words],
    ...(when.date ? { date: when.date } : {}),
    ...(when.time ? { time: when.time.split('|')[0] } : {}),
    ...(when.time && !/\d\s*(?:a\.?m|p\.?m)\b|오전|오후|아침|저녁|밤|새벽|낮|morning|evening|afternoon|night|noon/i.test(masked)
      ? { either: true }
      : {}),
    ...(part ? { part: part[1] } : {}),
    ...(by ? { by } : {}),
    ...(AVAILABLE.test(masked) ? { available: true } : {}),
    ...(message ? { message } : {}),
    ...(money && /offer|제안|네고/i.test(action) ? { amount: money } : {}),
  };
}

/** The superlative a request picks its row by ("the earliest", "제일 싼"), if any. */
export function superlativeOf(text: string): RowRequest['by'] {
  if (EARLIEST.test(text)) return 'earliest';
  if (LATEST.test(text)) return 'latest';
  if (CHEAPEST.test(text)) return 'cheapest';
  return PRICIEST.test(text) ? 'priciest' : undefined;
}

/**
 * The request without its superlative's words ("could your cheapest plumber come" → "could your plumber
 * come"), and with `noun`, the word after it that names what is compared too ("→ could your come").
 */
export function withoutSuperlative(text: string, noun = false): string {
  let out = text;
  const after = noun ? '\\s+[\\p{L}-]+' : '';
  for (const re of [EARLIEST, LATEST, CHEAPEST, PRICIEST]) out = out.replace(new RegExp(`(?:${re.source})${after}`, 'giu'), ' ');
  return out.replace(/\s+/g, ' ').trim();
}

/** "35만원" → "350000", "350,000원" → "350000", "$120" → "120". */
export function amountOf(text: string): string | undefined {
  const ko = /(\d[\d,.]*)\s*(만|천)?\s*(?:원|won|krw)/i.exec(text);
  const sym = /[$₩€£]\s?(\d[\d,.]*)\s*(k)?\b/i.exec(text);
  // "offer 350k", "offer 350000 for it": the number said with the offer
  const bare = /\boffer(?:\s+(?:of|them|him|her|the seller))?\s+(\d[\d,.]*)\s*(k)?\b/i.exec(text);
  const raw = ko?.[1] ?? sym?.[1] ?? bare?.[1];
  if (!raw) return undefined;
  const k = ko ? (ko[2] === '만' ? 10_000 : ko[2] === '천' ? 1000 : 1) : (sym ?? bare)?.[2] ? 1000 : 1;
  const n = Number(raw.replace(/,/g, '')) * k;
  return Number.isFinite(n) && n > 0 ? String(Math.round(n)) : undefined;
}
