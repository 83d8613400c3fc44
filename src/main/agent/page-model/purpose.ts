import type { RawControl } from './raw.ts';

/**
 * What a form field is for, from its own words: the `autocomplete` token first (authors state
 * it), then label, aria-label, placeholder, nearby text, name and id — each against regex
 * families in the manner of Chrome Autofill's field-type heuristics, with Korean forms and the
 * travel/booking fields Autofill does not cover.
 */
export const PURPOSES = [
  'email',
  'phone',
  'given_name',
  'family_name',
  'full_name',
  'username',
  'password',
  'card',
  'address',
  'city',
  'postal_code',
  'country',
  'birth_date',
  'nationality',
  'passport',
  'origin',
  'destination',
  'depart_date',
  'return_date',
  'checkin_date',
  'checkout_date',
  'date',
  'time',
  'passengers',
  'adults',
  'children',
  'guests',
  'rooms',
  'quantity',
  'query',
  'subject',
  'message',
  'company',
  'price_min',
  'price_max',
  'promo_code',
  'other',
] as const;
export type Purpose = (typeof PURPOSES)[number];

const AUTOCOMPLETE: Record<string, Purpose> = {
  email: 'email',
  tel: 'phone',
  'tel-national': 'phone',
  'given-name': 'given_name',
  'family-name': 'family_name',
  name: 'full_name',
  username: 'username',
  'current-password': 'password',
  'new-password': 'password',
  'one-time-code': 'password',
  'street-address': 'address',
  'address-line1': 'address',
  'address-level2': 'city',
  'postal-code': 'postal_code',
  country: 'country',
  'country-name': 'country',
  bday: 'birth_date',
  organization: 'company',
};

/** Ordered: the first family that matches wins, so compound words come before their parts. */
const FAMILIES: Array<[Purpose, RegExp]> = [
  ['card', /card.?(number|no)|cc.?num|cvc|cvv|security.?code|카드.?번호|보안.?코드/i],
  ['password', /pass.?word|passcode|\bpin\b|비밀.?번호|암호/i],
  ['email', /e.?mail|courriel|이메일|전자.?우편|메일.?주소/i],
  ['passport', /passport|여권/i],
  ['birth_date', /birth|\bdob\b|생년월일|생일|출생/i],
  ['nationality', /nationality|citizenship|국적/i],
  ['return_date', /return.*(date|day)|inbound|coming.?back|back.?on|오는.?날|귀국|복귀|돌아오는|귀환|return$/i],
  ['checkout_date', /check.?out|체크.?아웃|퇴실/i],
  ['checkin_date', /check.?in|체크.?인|입실/i],
  [
    'depart_date',
    /depart.*(date|day|on)|outbound|leaving.?on|travel.?date|flight.?date|가는.?날|출발.?(일|날)|출국|탑승.?일|가는.?편.?날/i,
  ],
  // a list that orders the results ("Sort by: Price low to high") is no place
  ['other', /^\s*(?:sort(?:ed)?|order)\s*(?:by|results)?\b|정렬/i],
  // ("Which address do we pick it up from?": a place things are fetched from is an address, not a trip's origin)
  // (never a day's box: "Collect from (date)")
  [
    'address',
    /^(?!.*(?:\b(?:date|day|time|when)\b|날짜|시간|일자)).*(?:\baddress\b.*\bfrom\b|\b(?:collect|fetch)\w*\b.*\bfrom\b|\bcollection\s+address|수거\s*(?:장소|주소))/i,
  ],
  ['origin', /\bfrom\b|\borigin\b|depart|leaving|출발|어디서|^from/i],
  ['destination', /\bto\b|destination|arriv|going|where|도착|목적지|어디로|행선지|여행지|^to$/i],
  ['adults', /adult|성인|어른/i],
  ['children', /child|kid|어린이|아동|소아/i],
  ['rooms', /\brooms?\b|객실.?수|방.?수/i],
  ['guests', /guest|투숙|인원|people|persons/i],
  ['passengers', /passenger|traveller|traveler|승객|탑승객|여행자/i],
  ['quantity', /qty|quantity|수량|개수|count/i],
  ['family_name', /last.?name|lname|surname|family.?name|^성$|^성\b|성\s*\(|\b성\s*\*?$/i],
  ['given_name', /first.?name|fname|given.?name|forename/i],
  // a pet's, a company's or a team's name is not the person's
  [
    'other',
    /(?:반려견|반려동물|강아지|고양이|펫|\bpet|\bdog|\bcat|puppy|company|회사|업체|상호|\bteam|팀)\s*(?:의\s*)?(?:이름|name|명(?![가-힣]))/i,
  ],
  [
    'full_name',
    // ("Rider's name", "Climber's name": the person booking, by the role the page gives them — never a child's, a guest's or a boat's)
    /full.?name|your.?name|^name$|^name\b|customer.?name|\b(?!(?:child|kid|baby|son|daughter|guest|partner|pet|dog|cat|company|team|business|shop|store|ship|boat|vessel|horse)'s)[a-z]{3,}'s\s+name\b|(?:contact|guardian|parent|owner|holder|applicant|driver|booker|renter|lead|primary|captain|organi[sz]er)\s*name|^lead\s*(?:guest|booker)?$|성명|성함|이름|(?:고객|신청자|신청인|예약자|환자|보호자|수령인|주문자|회원|대표자|담당자|수취인)\s*명(?![가-힣])/i,
  ],
  ['username', /user.?name|user.?id|login|아이디/i],
  ['phone', /phone|mobile|\btel\b|contact.?number|전화|휴대폰|핸드폰|연락처/i],
  ['postal_code', /zip|postal|post.?code|우편.?번호/i],
  ['city', /\bcity\b|\btown\b|도시|시\/군/i],
  ['country', /country|국가|나라/i],
  ['address', /address|street|addr|주소|도로명/i],
  ['company', /company|organi[sz]ation|회사|소속/i],
  ['price_min', /min.?price|price.?from|최소.?가격|최저.?가/i],
  ['price_max', /max.?price|price.?to|budget|최대.?가격|예산/i],
  ['promo_code', /promo|coupon|voucher|쿠폰|프로모/i],
  ['subject', /subject|title|제목/i],
  ['message', /message|comment|note|inquiry|enquiry|question|body|메시지|내용|문의|메모|요청.?사항/i],
  ['query', /search|query|keyword|^q$|검색|찾기/i],
  ['date', /date|날짜|일자/i],
  ['time', /\btime\b|시간|시각/i],
];

/** The words a field is known by, strongest first. */
export function fieldTexts(c: RawControl): string[] {
  return [c.label, c.aria, c.nearby, c.placeholder, c.title, c.name, c.id].map((t) => t.trim()).filter(Boolean);
}

/** camelCase and snake_case names read as words: departDate → "depart date". */
function words(s: string): string {
  return s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-[\].]+/g, ' ')
    .trim();
}

const COUNTS: ReadonlySet<Purpose> = new Set(['adults', 'children', 'guests', 'passengers', 'rooms', 'quantity', 'price_min', 'price_max']);

export function inferPurpose(c: RawControl): Purpose {
  const token = c.autocomplete
    .toLowerCase()
    .split(/\s+/)
    .find((t) => t in AUTOCOMPLETE || t.startsWith('cc-'));
  if (token) return token.startsWith('cc-') ? 'card' : (AUTOCOMPLETE[token] as Purpose);
  if (c.type === 'email') return 'email';
  if (c.type === 'tel') return 'phone';
  if (c.type === 'password') return 'password';
  if (c.type === 'search' || c.role === 'searchbox') return 'query';
  // (an example in a label says nothing of the field's purpose)
  const texts = fieldTexts(c).map((t) => words(withoutExample(t)));
  const dateLike = c.type === 'date' || c.type === 'datetime-local';
  const numeric = c.type === 'number' || c.type === 'range' || c.role === 'slider' || c.role === 'spinbutton';
  const found: Purpose[] = [];
  for (const text of texts) {
    const hit = FAMILIES.find(([purpose, re]) => re.test(text) && (!numeric || COUNTS.has(purpose)));
    if (hit && !found.includes(hit[0])) found.push(hit[0]);
  }
  // a date field named after a place is the date of that leg ("Depart" + "Pick a date")
  const dateish = dateLike || found.includes('date');
  const mapped = found.map((p) => (dateish && p === 'origin' ? 'depart_date' : dateish && p === 'destination' ? 'return_date' : p));
  const usable = dateLike ? mapped.filter((p) => DATE_PURPOSES.has(p)) : mapped;
  const specific = usable.find((p) => p !== 'date' && p !== 'time');
  if (specific) return specific;
  if (usable[0]) return usable[0];
  if (dateLike) return 'date';
  if (c.tag === 'textarea') return 'message';
  if (c.type === 'number') return 'quantity';
  return 'other';
}

/** A label without the example it gives ("Notes (e.g. keep the tag)" → "Notes", "메모 (예: 문 앞)" → "메모"). */
export function withoutExample(label: string): string {
  return label.replace(/\(\s*(?:e\.g\.?|eg|for example|ex\.?|예:?|예시:?|예를 들어)[^)]*\)/gi, ' ').trim();
}

/** The purpose a person's own word for a field names ("연락처" → phone, "postcode" → postal_code), if any. */
export function purposeOfWords(text: string): Purpose | undefined {
  const t = words(text);
  // (words that only say what a place is not — a pet's name, a sort order — name no purpose)
  const p = t ? FAMILIES.find(([, re]) => re.test(t))?.[0] : undefined;
  return p === 'other' ? undefined : p;
}

/** Purposes that mean "a date" for date skills. */
export const DATE_PURPOSES: ReadonlySet<Purpose> = new Set([
  'depart_date',
  'return_date',
  'checkin_date',
  'checkout_date',
  'birth_date',
  'date',
]);
