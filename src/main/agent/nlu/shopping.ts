/**
 * Shopping: brand (canonical English name), variant (capacity, colour, size, pack), shipping
 * preference, and the product name — what is left of the words once everything else is read.
 */
import { BRAND_RE, BRANDS } from './products.ts';
import type { Utterance } from './text.ts';

export interface ShoppingDetails {
  brand?: string;
  variant?: string;
  shippingPref?: 'free' | 'fast' | 'cheapest_total';
  productName?: string;
}

const COLOURS =
  '검정색?|검은색|흰색|하얀색|빨간색|파란색|회색|남색|스페이스\\s?그레이|스페이스\\s?블랙|화이트\\s?티타늄|블랙\\s?티타늄|내추럴\\s?티타늄|블랙|화이트|실버|그레이|핑크|블루|레드|그린|골드|네이비|베이지|퍼플|미드나이트|스타라이트|' +
  'space gr[ae]y|space black|white titanium|black titanium|natural titanium|black|white|silver|gr[ae]y|pink|blue|red|green|gold|navy|beige|purple|midnight|starlight|' +
  // hues said with 색 ("크림색", "하늘색", "연두색") and a finish named alone
  '(?:크림|하늘|연두|주황|보라|연보라|분홍|연분홍|노란|노랑|초록|녹|갈|카키|와인|살구|민트|아이보리|올리브|은|금|자주|청록|베이지|네이비|그레이|회)색|' +
  '티타늄|titanium|cream|ivory|mint|크림|아이보리|민트';
const VARIANT_PARTS = [
  /\d+\s?(gb|tb|기가|테라)(?![a-z])/,
  new RegExp(`(?<![\\w가-힣])(${COLOURS})(?![a-z])(?!투스)`),
  /(?<![\w.])\d{2,3}\s?mm(?![a-z])/,
  /(?<=(?:\d\s?(?:mm|gb|tb)|기가)\s)(블루투스|bluetooth|lte|셀룰러|cellular|wi-?fi|gps)(?![a-z])/,
  /(?<![\w가-힣])(셀룰러|cellular|lte|5g)(?![\w가-힣])/,
  /(?<![\w.])\d{2,3}(?:\.\d)?\s?(인치|inch(?:es)?|")(?![a-z])/,
  /(?<![\w.])\d+(?:\.\d+)?\s?(oz|온스)(?![a-z])/,
  /(?<![\w.])\d\s?단계(?![가-힣])/,
  /(?<![\w가-힣])(?:렌즈\s?)?킷(?![가-힣])|\b(?:lens\s)?kit\b/,
  /\bsize\s\d{1,2}(?:\.5)?\b|\b(?:us|uk|eu)\s?\d{1,2}(?:\.5)?\b/,
  // a half shoe size said alone ("grey 10.5")
  /(?<![\w.$€£₩,])(?:[4-9]|1[0-5])\.5(?![\w.%]|\s?(?:인치|inch|kg|g|l|리터|만|k))/,
  // keyboard switches ("적축", "갈축", "red switches") and a camera sold without a lens ("body only", "바디만")
  /(?<![가-힣])(?:저소음\s?)?(?:적축|갈축|청축|흑축|은축|황축)(?![가-힣])|\b(?:red|brown|blue|silent red|silver|black|yellow) switch(?:es)?\b|\bbody only\b|바디\s?(?:only|만|단품)/,
  /(?<![\w.\d])2[2-9][05](?![\w\d]|\s?(?:원|달러|만|ml|g|개|명))/,
  /\bpack of \d+\b|\b\d+[\s-]pack\b/,
  /(?<![\w.])\d+(\.\d+)?\s?(l|ml|리터)(?![a-z가-힣])/,
  /(?<![\w.])x\s?\d+(?![\w])/,
  /(?<![\w.])\d+\s?(개입|개|팩|입|롤|pack|pk|count|ct)(?![a-z가-힣])/,
];

function normaliseVariantPart(s: string): string {
  const cap = /^(\d+)\s?(gb|기가|tb|테라)$/i.exec(s);
  if (cap) return `${cap[1]}${/gb|기가/i.test(cap[2] as string) ? 'GB' : 'TB'}`;
  return s;
}

const STOP_PREFIX = [
  '가격',
  '비교',
  '최저가',
  '최저',
  '찾아',
  '알려',
  '검색',
  '부탁',
  '해줘',
  '해 줘',
  '해주',
  '보여',
  '사는',
  '싼',
  '싸',
  '쌈',
  '제일',
  '가장',
  '어디',
  '링크',
  '배송',
  '무배',
  '무료',
  '포함',
  '이하',
  '이상',
  '사이',
  '쿠팡',
  '11번가',
  '지마켓',
  '네이버',
  '중에',
  '군데',
  '제품',
  '상품',
  '구매',
  '사고',
  '살',
  '사야',
  '사려',
  '사면',
  '팔아',
  '파는',
  '젤',
  '요즘',
  '얼마',
  '오늘',
  '내일',
  '도착',
  '딴',
  '다른',
  '이득',
  '어떤',
  '추천',
];
/** A Korean verb that describes the noun after it: "아끼는", "잘 나가는", "조용한". */
const DESCRIBING = /^[가-힣]{2,}(?:는|던)$/;
/** Korean words that end like a verb or a question, not like a thing: "되는데", "도착하는", "이득임". */
const KO_VERBAL = /^[가-힣]+(?:는데|은데|는|데서|에서|죠|음|함|임|요|[사해돼봐]야)$/;
const STOP_WORDS = new Set(
  (
    '이 그 저 좀 거 데 곳 게 것 두 세 만 해 줘 다른 더 ' +
    'compare comparison compared prices price lowest cheapest cheap best deal deals find me the a an for of on in at to and ' +
    "where where's which store stores sells sell buy can i is it please with links link check only across least two " +
    'between under over below above including incl incl. shipping delivery free fast what who most how much many place places it its ' +
    'get need needs gonna wanna want wants buy buying bought looking look anyone anybody selling less least shop shops has have ' +
    "who's whoever whoever's them by do does would should could u you i'm im my got go purchase order total anywhere else somewhere " +
    'not no nothing but just lowest cheaper sub sub- new one some any pls plz please thx thanks'
  ).split(' '),
);

function isStop(word: string): boolean {
  if (KO_VERBAL.test(word.replace(/[?!.,:;~]+$/, ''))) return true;
  // "것만", "거도": a filler noun with a particle
  if (/^[것거걸][만도]?$/.test(word)) return true;
  const w = word.replace(/[?!.,:;~—–-]+$/, '');
  if (!w) return true;
  if (STOP_WORDS.has(w.toLowerCase())) return true;
  if (/^(comapre|compre|comparre|prcie|pirce)$/i.test(w)) return true;
  return STOP_PREFIX.some((p) => w.startsWith(p));
}

/**
 * The first run of product-like words in what the other extractors left over — after the
 * brand when one was named ("운동화 나이키 에어맥스 90" is the Air Max 90, not "운동화").
 */
function productFrom(remainder: string, brandEnd?: number): string | undefined {
  const afterBrand = brandEnd !== undefined ? productFrom(remainder.slice(brandEnd)) : undefined;
  if (afterBrand) return afterBrand;
  const segments = remainder.split(/\u2402+|[,:;!?()—–]/);
  for (const seg of segments) {
    const words = seg.split(/\s+/).filter(Boolean);
    let run: string[] = [];
    // "전기요금 아끼는 제습기": words before a clause that describes the thing ("…는") are not the thing
    let described: string[] | undefined;
    for (const raw of words) {
      const w = raw.replace(/(을|를|은|는)$/, '').replace(/[.]+$/, '');
      if (isStop(raw) || isStop(w)) {
        if (run.length && !described && DESCRIBING.test(raw) && !STOP_PREFIX.some((p) => raw.startsWith(p))) {
          described = run;
          run = [];
          continue;
        }
        if (run.length) break;
        continue;
      }
      run.push(w);
    }
    if (!run.length && described) run = described;
    if (run.some((w) => !/^\d+$/.test(w)) || (run.length === 1 && /^\d{3,}$/.test(run[0] as string))) return run.join(' ');
  }
  return undefined;
}

export function findShipping(u: Utterance): ShoppingDetails['shippingPref'] {
  for (const _ of u.matches(/무료\s?배송(으로)?|무배(로)?|free (shipping|delivery)/)) return 'free';
  const total =
    /배송비\s?포함(해서)?|배송비|including (shipping|delivery)|incl\.? (shipping|delivery)|(shipping|delivery) included|with shipping|shipping costs?|total (price|cost)/;
  for (const _ of u.matches(total)) return 'cheapest_total';
  for (const _ of u.matches(
    /빠른\s?배송|배송\s?빠른|로켓\s?배송|당일\s?배송|(오늘|내일)\s?(도착|받을|와야|까지\s?(와|받|도착))|fast (shipping|delivery)|express (shipping|delivery)|next-day delivery|same-day|(need|want|get|have) (it|them|one) (by |before )?(tomorrow|tonight|today)|arrives? (today|tomorrow)/,
  ))
    return 'fast';
  return undefined;
}

export function findShopping(u: Utterance): ShoppingDetails {
  const out: ShoppingDetails = {};
  const shipping = findShipping(u);
  if (shipping) out.shippingPref = shipping;
  let brandEnd: number | undefined;
  for (const m of u.matches(BRAND_RE)) {
    if (out.brand) continue;
    out.brand = BRANDS[m[1] as string];
    brandEnd = m.index + m[0].length;
  }
  const parts: { start: number; text: string }[] = [];
  for (const re of VARIANT_PARTS) {
    for (const m of u.matches(re)) parts.push({ start: m.index, text: normaliseVariantPart(u.slice(m.index, m.index + m[0].length)) });
  }
  const product = productFrom(u.remainder(), brandEnd);
  if (product) out.productName = product;
  if (parts.length)
    out.variant = parts
      .sort((a, b) => a.start - b.start)
      .map((p) => p.text)
      .join(' ');
  return out;
}
