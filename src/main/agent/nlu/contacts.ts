/**
 * The order flows' identifiers: phone numbers, one-time codes, order numbers, e-mail addresses,
 * URLs and street addresses (Korean and romanised). Found first, so no other extractor reads
 * their digits as dates or money.
 */
import { digitsFromWords } from './spoken-numbers.ts';
import type { Utterance } from './text.ts';

export interface Contacts {
  phone?: string;
  otp?: string;
  orderId?: string;
  email?: string;
  url?: string;
  address?: string;
}

const PHONE = /(?<!\d)(?:\+82[\s-]?|0)(1[016789])[\s.-]?(\d{3,4})[\s.-]?(\d{4})(?!\d)/;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/;
const URL = /https?:\/\/[^\s]+|www\.[^\s]+/;
const ORDER_STRICT = /(?<![a-z0-9])ord-\d{6,8}-\d{3,6}(?![a-z0-9])/;
const ORDER_LOOSE =
  /(?<![a-z0-9-])((?:ord|order)[_-]\d{4,12}|[a-z]{1,3}-?\d{4,10}|\d{8,12}|\d{3,6}[a-z]{1,2}\d{3,6}|[a-z]{2,4}-[a-z0-9]{2,}-[a-z0-9]{2,})(?![a-z0-9-])/;
/** A word that names an order or a booking; an identifier of any reasonable shape near it is its number. */
const ORDER_WORD =
  /주문\s?번호|주문|예약\s?번호|예약|예매\s?번호|예매|구매\s?번호|오더\s?넘버|오더\s?번호|오더|order(?:\s?(?:no\.?|number|num|id|#))?|\bord\b(?!_)|booking(?:\s?(?:ref(?:erence)?|code|number|no\.?))?|reservation(?:\s?(?:number|code|no\.?))?|confirmation(?:\s?(?:number|code|no\.?))?|\bref(?:erence)?(?:\s?(?:number|no\.?))?\b|\bpnr\b/;
/** "2025-1108-77", "#B9921", "ORD_00412", "5512-0098", "k-55021", "KX7Q2P": letters, digits, '-', '_' with at least two digits. */
const ORDER_SHAPE = /(?<![a-z0-9_#-])#?([a-z0-9]{1,20}(?:[-_][a-z0-9]{1,12}){0,4})(?![a-z0-9_-])/;

/** Upper-cased, a leading '#' dropped, '_' as '-' (the order number type allows A–Z, 0–9 and '-'). */
export function normaliseOrderId(raw: string): string {
  return raw.replace(/^#/, '').replace(/_/g, '-').toUpperCase();
}

function looksLikeOrderId(token: string): boolean {
  const digits = token.replace(/\D/g, '').length;
  if (token.length < 4 || token.length > 32) return false;
  if (/^\d{1,2}[-/]\d{1,2}$/.test(token)) return false; // a date
  if (/^\d{4}-\d{2}-\d{2}$/.test(token) || /^01[016789]-?\d{3,4}-?\d{4}$/.test(token)) return false; // an ISO date, a phone
  if (digits >= 3) return true;
  // a booking reference: six letters and digits, both present ("KX7Q2P")
  return /^(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{5,8}$/.test(token) && digits >= 1;
}

/** The identifier nearest after (or just before) an order word. */
function orderNearWord(u: Utterance): string | undefined {
  for (const w of u.matches(ORDER_WORD, false)) {
    const from = w.index + w[0].length;
    const after = u.lower.slice(from, from + 40);
    const skip = /^[\s:#은는이가을를도요의]*(?:is|was|number|no\.?|번호)?[\s:#은는이가을를]*/.exec(after)?.[0].length ?? 0;
    for (const m of u.matches(ORDER_SHAPE, false)) {
      if (m.index < from + skip - 1 || m.index > from + 24) continue;
      const token = m[1] as string;
      if (!looksLikeOrderId(token)) continue;
      const start = m.index;
      u.consume({ start, end: start + m[0].length });
      return normaliseOrderId(u.slice(start, start + m[0].length));
    }
    const before = Math.max(0, w.index - 16);
    for (const m of u.matches(ORDER_SHAPE, false)) {
      if (m.index < before || m.index + m[0].length > w.index) continue;
      if (!looksLikeOrderId(m[1] as string)) continue;
      u.consume({ start: m.index, end: m.index + m[0].length });
      return normaliseOrderId(u.slice(m.index, m.index + m[0].length));
    }
  }
  return undefined;
}
const OTP_MARKED = /(?:인증\s?번호|인증\s?코드|otp|코드|code|verification code)\s?(?:는|은|is|:)?\s?(\d{4,8})(?!\d)/;
const OTP_BARE = /^\D{0,12}?(\d{4,8})\D{0,6}$/;

const KO_REGION =
  '(?:서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충청북|충청남|충북|충남|전라북|전라남|전북|전남|경상북|경상남|경북|경남|제주)[가-힣]*';
/** The unit after a road address, kept for the shop's address line 2: "3층", "101동 1203호", "센트럴타워". */
const KO_UNIT = '(?:,?\\s?(?:(?:지하\\s?|b)?\\d+층|\\d+동|\\d+호|[가-힣a-z0-9]+(?:빌딩|타워|센터|아파트|오피스텔|빌라|맨션)))';
/** "테헤란로 152", "도산대로45길 10": not "내일로 3개", "2시로". */
const KO_ROAD_NUMBER =
  '[가-힣0-9]*[가-힣0-9](?<!으|내일|오늘|모레|다음|그걸|이걸|그거|이거|\\d시|\\d일|\\d분)(?:로|길)(?:\\s?\\d+번?길)?\\s?\\d+(?:-\\d+)?(?!\\d|\\s?(?:개|명|박|일|시|월|원|만|분|번|살|인|세|km))';
const KO_ADDRESS = new RegExp(`${KO_REGION}\\s[가-힣]+(?:시|군|구)(?:\\s[가-힣]+구)?\\s${KO_ROAD_NUMBER}${KO_UNIT}{0,3}`);
/** A lot-number address: "부산 해운대구 우동 1408 센텀아파트 204호", "경북 포항시 남구 대잠동 55". */
const KO_LOT_ADDRESS = new RegExp(
  `${KO_REGION}\\s[가-힣]+(?:시|군|구)(?:\\s[가-힣]+구)?\\s[가-힣]+(?:동|읍|면|리|가)\\s?\\d+(?:-\\d+)?(?!\\d|\\s?(?:개|명|박|일|시|월|원|만|분|번|살|인|세))${KO_UNIT}{0,3}`,
);
/** A road address without its city ("강남구 테헤란로 152 3층"), read only where an address is talked about. */
const KO_ROAD = new RegExp(`(?<![가-힣0-9])(?:[가-힣]+(?:시|군|구)\\s)*${KO_ROAD_NUMBER}${KO_UNIT}{0,3}`);
const EN_UNIT =
  '(?:,?\\s?(?:(?:apt|apartment|unit|suite|ste|room|rm)\\.?\\s?#?[a-z0-9-]+|#\\s?\\d+[a-z0-9-]*|(?:\\d+(?:st|nd|rd|th)|b\\d)\\s?(?:floor|fl\\.?)|floor\\s?\\d+))';
/** Korean cities by their romanised names, the last part of an address written in English. */
const EN_CITY =
  'pohang|suwon|seongnam|goyang|yongin|changwon|cheongju|jeonju|cheonan|gimhae|pyeongtaek|ansan|anyang|gumi|gyeongju|gangneung|chuncheon|wonju|mokpo|yeosu|suncheon|andong|jinju|gimpo|paju|hwaseong|bucheon|namyangju|uijeongbu|siheung|gwangmyeong|hanam|sokcho|tongyeong|geoje|seogwipo|iksan|gunsan|yangsan|osan|icheon|chungju|jecheon|gyeongsan|gimcheon';
const EN_ADDRESS = new RegExp(
  `(?<![\\w#-])\\d+(?:-\\d+)?\\s(?!(?:to|for|at|on|in|from|by)\\s)[a-z]+(?:\\s(?!(?:to|for|at|on|in|from|by)\\s)(?:[a-z]+|\\d{1,3}))*?-(?:ro|gil|daero)(?:\\s?\\d+(?:beon)?-gil)?${EN_UNIT}{0,2}(?:,\\s?[a-z][a-z ]*?-(?:gu|si|gun|dong))*(?:,\\s?(?:seoul|busan|incheon|daegu|daejeon|gwangju|ulsan|sejong|jeju|gyeonggi(?:-do)?|${EN_CITY}))?${EN_UNIT}{0,2}`,
);
const ADDRESS_TALK = /배송|주소|address|deliver|ship/;
/** A street address written the English way: "221 Baker Street, London NW1 6XE", "48 Wall St, Apt 12C", "5 Pine Rd, Oxford". */
const STREET =
  /(?<![\w-])\d{1,5}[a-z]?\s(?:[a-z][a-z'.]*\s){0,3}?(?:street|st|road|rd|avenue|ave|lane|ln|court|ct|boulevard|blvd|drive|dr|way|place|pl|terrace|close|crescent|square|sq|parkway|pkwy|highway|hwy|row|walk)\.?(?:\s(?:n|s|e|w|ne|nw|se|sw))?\b(?:,?\s(?:apt|apartment|unit|suite|ste|flat|floor|fl|#)\.?\s?#?[a-z0-9-]{1,6})?(?:,\s?[a-z][a-z0-9 .'-]{1,40}?(?=,|$|\s(?:now|instead|please|pls|thanks)\b|[.!?])){0,2}(?:,?\s(?:[a-z]{2}\s\d{5}(?:-\d{4})?|[a-z]{1,2}\d[a-z\d]?\s\d[a-z]{2}))?/;

/** Keeps the street and the parts after it that are written as names (capitalised) or codes. */
function streetAddress(u: Utterance, start: number, end: number): string {
  const parts = u.slice(start, end).split(',');
  const kept = [parts[0] as string];
  for (const part of parts.slice(1)) {
    const t = part.trim();
    if (!/^[A-Z0-9#]/.test(t) && !/^(apt|apartment|unit|suite|ste|flat|floor|fl)\b/i.test(t)) break;
    kept.push(part);
  }
  return kept.join(',').trim();
}

/**
 * Finds the identifiers; `orderContext` allows loose order numbers ("A1234567") and bare codes.
 * `travel`: a trip is being asked for, where an English street address is only read when an
 * address is talked about ("Jeju dec 18 one way" names no street called One Way).
 */
export function findContacts(u: Utterance, opts: { orderContext: boolean; expecting?: string; travel?: boolean }): Contacts {
  const out: Contacts = {};
  const addressTalk = opts.orderContext || opts.expecting === 'address' || ADDRESS_TALK.test(u.lower);
  for (const m of u.matches(URL)) out.url ??= u.slice(m.index, m.index + m[0].length);
  for (const m of u.matches(EMAIL)) out.email ??= m[0];
  for (const m of u.matches(KO_ADDRESS)) out.address ??= u.slice(m.index, m.index + m[0].length).trim();
  for (const m of u.matches(KO_LOT_ADDRESS)) out.address ??= u.slice(m.index, m.index + m[0].length).trim();
  for (const m of u.matches(EN_ADDRESS)) out.address ??= u.slice(m.index, m.index + m[0].length).trim();
  if (!opts.travel || addressTalk) for (const m of u.matches(STREET)) out.address ??= streetAddress(u, m.index, m.index + m[0].length);
  if (!out.address && addressTalk) {
    for (const m of u.matches(KO_ROAD)) out.address ??= u.slice(m.index, m.index + m[0].length).trim();
  }
  for (const m of u.matches(PHONE)) out.phone ??= `0${m[1]}${m[2]}${m[3]}`;
  // a number read out digit by digit when one was asked for: "공일공 일이삼사 오육칠팔", "zero one zero, five five …"
  if (!out.phone && opts.expecting === 'phone') {
    const spoken = digitsFromWords(u.text, 7, 13);
    if (spoken) {
      out.phone = spoken;
      u.consume({ start: 0, end: u.text.length });
    }
  }
  for (const m of u.matches(ORDER_STRICT)) out.orderId ??= m[0].toUpperCase();
  if (!out.orderId && opts.expecting !== 'otp') {
    const near = orderNearWord(u);
    if (near) out.orderId = near;
  }
  for (const m of u.matches(OTP_MARKED)) out.otp ??= m[1];
  if (opts.orderContext || opts.expecting === 'order_id') {
    const re = opts.expecting === 'otp' ? ORDER_STRICT : ORDER_LOOSE;
    for (const m of u.matches(re)) {
      if (opts.expecting !== 'order_id' && !/[a-z]/.test(m[0]) && !/주문|order/.test(u.lower)) continue;
      out.orderId ??= normaliseOrderId(m[0]);
    }
    // in an order's context, a '#'-marked identifier needs no order word ("환불해주세요 #A77120")
    if (!out.orderId) {
      for (const m of u.matches(/(?<![a-z0-9_#-])#([a-z0-9]{1,12}(?:[-_][a-z0-9]{1,12}){0,4})(?![a-z0-9_-])/, false)) {
        if (!looksLikeOrderId(m[1] as string) || out.orderId) continue;
        u.consume({ start: m.index, end: m.index + m[0].length });
        out.orderId = normaliseOrderId(m[0]);
      }
    }
    if (!out.orderId && opts.expecting === 'order_id') {
      for (const m of u.matches(ORDER_SHAPE)) if (looksLikeOrderId(m[1] as string)) out.orderId ??= normaliseOrderId(m[0]);
    }
  }
  // a code read out digit by digit when one was asked for: "오 일 공 일 이 삼", "four two nine one"
  if (!out.otp && opts.expecting === 'otp') {
    const spoken = digitsFromWords(u.text, 4, 8);
    if (spoken) {
      out.otp = spoken;
      u.consume({ start: 0, end: u.text.length });
    }
  }
  if (!out.otp && opts.expecting === 'otp') {
    // "123 456" is one code read out in two halves
    const m = OTP_BARE.exec(u.remainder().replace(/(\d)[\s-]+(?=\d)/g, '$1'));
    if (m?.[1]) {
      u.consume({ start: 0, end: u.text.length });
      out.otp = m[1];
    }
  }
  if (!out.address && opts.expecting === 'address') {
    const text = u.text.replace(/(으로|로)?\s?(바꿔|변경|해)?\s?(주세요|줘|요)?[.!]?$/, '').trim();
    if (/\d/.test(text) && text.split(/\s+/).length >= 2) {
      out.address = text;
      u.consume({ start: 0, end: u.text.length });
    }
  }
  return out;
}
