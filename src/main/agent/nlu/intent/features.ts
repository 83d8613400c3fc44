/**
 * Weighted keyword and pattern features for each intent. A feature is a pattern over the
 * lower-cased utterance and the weight it adds when it matches; typos are caught by `fuzzy`
 * words (one edit away). Data, not code: tune weights here.
 */
import { BRAND_RE } from '../products.ts';
import type { KnownIntent as Intent } from '../vocabulary.ts';

export interface Feature {
  re: RegExp;
  w: number;
}

const f = (re: RegExp, w: number): Feature => ({ re, w });

export const FEATURES: Record<Exclude<Intent, 'GenericTask'> | 'GenericTask', Feature[]> = {
  FlightSearch: [
    f(/비행기|항공권|항공편|항공|뱅기|비행편|airfare|airline/, 3),
    f(/\bflights?\b|\bfly(ing)?\b|\bplane\b|red-?\s?eye/, 3),
    f(/직항|경유|non-?\s?stop|\bdirect\b|connections?|layovers?/, 1.5),
    f(/편도|왕복|one-?\s?way|round-?\s?trip|return (flight|ticket)/, 1.5),
    f(/(비행기\s?)?표(?![가-힣])|티켓|\btickets?\b/, 1.5),
    f(/출발|귀국|도착|departing|depart|arriv/, 0.7),
    f(/성인|어른|아이(?!폰|패드|맥|디|템)|유아|adults?|infants?/, 0.3),
  ],
  HotelSearch: [
    f(/호텔|숙소|숙박|리조트|게하|게스트\s?하우스|펜션|료칸|모텔|에어비앤비|묵을|머물/, 3),
    f(/\bhotels?\b|\bhostels?\b|\bresorts?\b|guest\s?house|\bairbnb\b|accommodation|\binn\b|\bmotel/, 3),
    f(
      /place to stay|places to stay|somewhere to (stay|sleep)|place to sleep|where can i stay|\bstay\b|\broom\b|잘\s?(곳|데)|need a place|a place in/,
      2,
    ),
    f(/체크인|체크아웃|check-?\s?(in|out)/, 1.5),
    f(/\d\s?박|\bnights?\b/, 1.5),
  ],
  ShoppingCompare: [
    f(/가격\s?비교|최저가|가격\s?검색|price compar|compare prices|price check|best price|lowest price|best deal/, 3.5),
    f(/비교|\bcompare\b|\bprices?\b/, 2),
    f(/제일\s?싼|가장\s?싼|젤\s?싼|싸게|cheapest|\bcheap\b|\blowest\b|최저/, 1.5),
    f(/어디(서|가)\s?(사|제일|싸|쌈)|where can i buy|where('s| is) (the|it)|which store|어디가 싸/, 2),
    f(/무료\s?배송|무배|배송비|free shipping|free delivery|including shipping|incl\.? shipping/, 1.5),
    f(/\d+\s?(gb|tb|기가)|\d{2,3}\s?mm|\d+\s?(개입|pack)/, 1.5),
    // things people shop for by kind, when no brand is named
    f(
      /에어\s?프라이어|청소기|노트북|이어폰|헤드폰|헤드셋|텀블러|운동화|기저귀|물티슈|생수|키보드|마우스|모니터|냉장고|세탁기|건조기|선풍기|가습기|공기\s?청정기|밥솥|커피\s?머신|전자레인지|보조\s?배터리|충전기|태블릿|스마트\s?워치|\b(air fryer|vacuum|laptop|earbuds|earphones|headphones|headset|tumbler|sneakers|diapers|wipes|bottled water|keyboard|mouse|monitor|fridge|refrigerator|washing machine|dryer|humidifier|air purifier|rice cooker|coffee maker|espresso machine|microwave|power bank|charger|tablet|smartwatch|tv)\b/,
      1.5,
    ),
    f(BRAND_RE, 2),
    // product lines and accessories people name without a brand: "아이폰 케이스", "갤럭시 버즈", "a MacBook charger"
    f(
      /아이폰|아이패드|에어팟|맥북|애플\s?워치|갤럭시|플스|케이스|보호\s?필름|케이블|거치대|파우치|\b(iphone|ipad|airpods|macbook|apple watch|galaxy|playstation|ps5|phone case|case|cable|screen protector)\b/,
      2,
    ),
    // wanting to buy or asking who sells: "사고 싶음", "사려는데", "얼마에 팔아", "anyone selling", "who has it"
    f(
      /사고\s?싶|사려(고|는데|구)|사야\s?(돼|되|함|하|겠)|살까|얼마에\s?(팔|파)|파는\s?(곳|데)|팔아\??$|\bbuy\b|\bbuying\b|\bselling\b|\bsells\b|who has it|which shop|anyone sell|where do i look|for the least|for less\b/,
      2,
    ),
    // the shape of a product: a size in inches or ounces, a shoe size, a pack, a kit, a model number after a brand
    f(/\d{2,3}\s?(인치|inch)|\d+\s?(oz|온스)\b|\bsize\s\d|\bpack of \d|\d단계|렌즈\s?킷|\bkit\b|\d+\s?(ml|l)\b\s?x\s?\d/, 1.5),
  ],
  FormFill: [
    f(/양식|서식|폼(?=에|을|를|으로|이|\s|$|[.,!?])|신청서|지원서|청구서|설문|서류/, 3),
    f(/\bforms?\b|\bsurvey\b|paperwork|questionnaire|auto-?\s?fill/, 3),
    f(/작성|채워|채우|입력|기입|\bfill(ing)?\b|\bcomplete\b/, 2),
    f(/회원\s?가입|가입|sign[\s-]?(me\s)?up|registration|\bregister\b/, 2.5),
    f(/프로필|profile|내 정보|my details/, 1),
    f(/비자|visa|\besta\b|job application|application/, 1.5),
    // a change of address with a bank, a card company, an insurer, a phone company: their form, not a shop's order
    f(
      /(은행|카드사|보험(?!금)|증권사|통신사|관리사무소|구청|주민센터|\bbank\b|credit card|insurance|insurer|phone company|mobile carrier|utility|brokerage)[^.?!]{0,30}(주소|청구지|address)|(주소|청구지|billing address)[^.?!]{0,30}(은행|카드사|보험사|증권사|통신사|\bbank\b|insurance|phone company)/,
      4,
    ),
    f(/visa application|비자\s?신청|job application|입사\s?지원/, 1.5),
  ],
  OrderChange: [
    f(/배송지|배송\s?주소|받는\s?(곳|주소|사람)|수령지|shipping address|delivery address|recipient address/, 3.5),
    // the phone number an order is delivered to: "연락처 변경 … 주문", "order … new phone number"
    f(
      /(연락처|전화\s?번호|휴대폰\s?번호|핸드폰\s?번호|수령인\s?(연락처|번호)|받는\s?분\s?(연락처|번호))\s?(을|를)?\s?(변경|바꿔|바꾸|수정)|\b(new|change|update)\s(the\s|my\s)?(recipient'?s?\s|contact\s)?(phone|mobile)(\snumber)?\b/,
      1.5,
    ),
    f(
      /(주문|\border\b)[^.?!]{0,40}(새|new|change|update|변경|바꿔|수정)[^.?!]{0,20}(phone|mobile|연락처|전화|번호)|(연락처|전화\s?번호|phone|mobile)[^.?!]{0,20}(변경|바꿔|수정|change|update)[^.?!]{0,40}(주문|\border\b)/,
      3.5,
    ),
    f(/주소|\baddress\b|\badress\b|where my package is delivered|parcel|package/, 2),
    f(/바꾸|바꿔|바꿀|변경|수정|업데이트|\bchange\b|\bupdate\b|\bmodify\b|\bfix\b|redirect|\bmoved\b|wrong/, 1),
    f(/택배|주문|\border\b/, 0.5),
    f(/\d+\s[a-z ]+-(ro|gil|daero)\b|(시|구)\s[가-힣0-9]+(로|길)\s?\d+/, 2.5),
    f(/\b(ship|send|deliver)\b.*\b(order|ord[_-]?\d)|\b(order|ord[_-]?\d)\S*.*\b(ship|send|deliver)/, 2),
  ],
  RefundCancel: [
    f(/환불|반품|refund|리펀/, 3.5),
    // sending a thing back: "물러 주세요", "shoes don't fit, sending them back", "can I still send it back?"
    f(
      /물러|무를|무르고|(send|sending|take|taking|bring|ship|mail)\s(it|them|this|these|those)\sback|(don'?t|doesn'?t|do not|does not) fit|안\s?맞아서|사이즈가\s?안\s?맞/,
      3,
    ),
    f(
      /(주문|결제|구매|order|purchase|payment)\S*\s?(을|를)?\s?(?:\S+\s)?(취소|cancel)|(취소|cancel)\S*\s(my\s|the\s)?(order|purchase|payment|주문|결제|구매)/,
      3.5,
    ),
    f(/\breturns?\b(?!\s+(on|flight|ticket|trip|date|the \d|in |from|to |day))/, 2),
    f(
      /(예약|예매|티켓|숙소|호텔|항공권|비행기\s?표)\s?(을|를|도|은|는)?\s?(취소|캔슬)|\bcancel\S*\s(?:my\s|the\s|our\s)?(?:\S+\s)?(booking|reservation|hotel|airbnb|stay|room|flight|ticket)/,
      4,
    ),
    f(/결항|(flight|booking)\s(was|got|has been)\s(cancell?ed)|cancell?ed flight|돈\s?(돌려|다시)\s?받|money back/, 2.5),
    // a cancelled flight and the money for it: a refund, not a new search
    f(
      /(결항|(flight|booking)\s(was|got|has been)\s(cancell?ed)|cancell?ed flight)[^.?!]{0,40}?(환불|돈|money|refund)|(환불|refund|money back)[^.?!]{0,40}?(결항|cancell?ed flight|flight (was|got) cancell?ed)/,
      2,
    ),
    f(/\bbought\b|산 거|샀는데/, 1),
  ],
  GenericTask: [
    f(/열어|켜줘|\bopen\b|\bgo to\b|visit|navigate/, 2),
    f(/스크린샷|캡처|캡쳐|screenshot|pdf|저장해|\bsave\b/, 3),
    f(/날씨|환율|운영\s?시간|영업\s?시간|공지|뉴스|메일함|weather|exchange rate|opening hours|notice|news|inbox/, 2),
    f(/유튜브|네이버|구글|youtube|naver|google|https?:\/\/|www\./, 1.5),
    f(/검색해|찾아\s?줘|알려\s?줘|뽑아|\bsearch\b|look up|\bfind\b|extract|tell me/, 0.8),
    f(/방법|how to|how do i|이 사이트|이 페이지|this site|this page/, 1.5),
    // converting money, translating: looked up, not one of the six tasks
    f(/환율|원화로|달러로|엔화로|유로로|환전|exchange rate|convert(?:ed)?\s(?:to|into)|in (?:won|dollars|yen|euros)\b/, 3),
    // translating wins over whatever the text to translate talks about ("'환불 규정'을 영어로 번역해줘")
    f(/번역|translat|(영어|한국어|일본어|중국어)로\s?(바꿔|옮겨)|into (english|korean|japanese|chinese)/, 5),
    // travel bookings other than flights and stays: cars, trains, buses, taxis
    f(
      /렌터카|렌트카|렌트\s?카|\b(?:rental car|car rental|rent a car)\b|기차표|ktx|srt|고속버스|버스표|\b(?:train|bus) tickets?\b|택시|\btaxi\b/,
      3,
    ),
    // a request to a phone or an assistant rather than to a site: alarms, reminders, timers
    f(/알람|타이머|리마인더|\b(alarm|reminder|timer)s?\b|remind me/, 3),
    // planning a trip day by day is written, not searched: "plan a 3 day trip to Busan", "부산 여행 일정 짜줘"
    f(/\bplan (?:my|a|an|our)\s(?:[\w-]+\s){0,3}(?:trip|vacation|holiday|itinerary)\b|(?:여행|일정)\s?(?:계획|코스)?\s?(?:짜|세워)/, 5),
    // entry rules and SIM cards are looked up
    f(/유심|이심|\be-?sim\b|\busim\b|sim card|로밍|roaming|무비자|비자\s?없이|visa[- ]free|need a visa|비자\s?(필요|있어야)/, 3),
    // phone plans, trip plans, writing a message: looked up or written, not one of the six tasks
    f(
      /요금제|phone plan|data plan|mobile plan|여행\s?코스|일정\s?(짜|좀\s?짜)|코스\s?짜|itinerary|plan (my|a|our) trip|(이메일|메일|편지|문자)\s?(하나\s?)?(써|작성)|write (an?|the) (email|message|letter)|draft (an?|the) (email|message)/,
      3.5,
    ),
  ],
};

/** Words looked up with one typo allowed (Latin by letters, Hangul by jamo). */
export const FUZZY_WORDS: [string, Intent, number][] = [
  ['flight', 'FlightSearch', 3],
  ['flights', 'FlightSearch', 3],
  ['항공권', 'FlightSearch', 3],
  ['비행기', 'FlightSearch', 3],
  ['hotel', 'HotelSearch', 3],
  ['호텔', 'HotelSearch', 3],
  ['숙소', 'HotelSearch', 3],
  ['compare', 'ShoppingCompare', 2.5],
  ['최저가', 'ShoppingCompare', 3],
  ['address', 'OrderChange', 2],
  ['shipping', 'OrderChange', 1],
  ['change', 'OrderChange', 1],
  ['변경', 'OrderChange', 1],
  ['배송지', 'OrderChange', 3.5],
  ['refund', 'RefundCancel', 3.5],
  ['환불', 'RefundCancel', 3.5],
];
