/**
 * Cities, airports and districts the parser knows, with the IATA codes they normalise to.
 * A city lists its airports: one airport → that airport for flights; several → a clarify.
 * Hotels use the city (metropolitan) code.
 */

export interface PlaceEntry {
  /** Code used for stays (IATA metropolitan-area or city code). */
  city: string;
  /** Airports for flights; more than one means "ask which". */
  airports: string[];
  /** Set when the names denote one airport, not the whole city. */
  airport?: string;
  ko: string[];
  en: string[];
}

const city = (code: string, airports: string[], ko: string[], en: string[]): PlaceEntry => ({ city: code, airports, ko, en });
const airport = (code: string, cityCode: string, ko: string[], en: string[]): PlaceEntry => ({
  city: cityCode,
  airports: [code],
  airport: code,
  ko,
  en,
});

export const PLACES: PlaceEntry[] = [
  city('SEL', ['ICN', 'GMP'], ['서울'], ['seoul']),
  airport('ICN', 'SEL', ['인천공항', '인천'], ['incheon']),
  airport('GMP', 'SEL', ['김포공항', '김포'], ['gimpo']),
  city('TYO', ['NRT', 'HND'], ['도쿄', '동경'], ['tokyo']),
  airport('NRT', 'TYO', ['나리타'], ['narita']),
  airport('HND', 'TYO', ['하네다'], ['haneda']),
  city('OSA', ['KIX'], ['오사카'], ['osaka']),
  airport('KIX', 'OSA', ['간사이'], ['kansai']),
  city('PUS', ['PUS'], ['부산'], ['busan']),
  airport('PUS', 'PUS', ['김해'], ['gimhae']),
  city('CJU', ['CJU'], ['제주도', '제주'], ['jeju']),
  city('FUK', ['FUK'], ['후쿠오카'], ['fukuoka']),
  city('SPK', ['CTS'], ['삿포로'], ['sapporo']),
  airport('CTS', 'SPK', ['신치토세'], ['new chitose', 'chitose']),
  city('OKA', ['OKA'], ['오키나와'], ['okinawa']),
  city('BKK', ['BKK'], ['방콕'], ['bangkok']),
  city('SIN', ['SIN'], ['싱가포르', '싱가폴'], ['singapore']),
  city('HKG', ['HKG'], ['홍콩'], ['hong kong', 'hongkong']),
  city('TPE', ['TPE'], ['타이베이', '타이페이', '대만'], ['taipei', 'taiwan']),
  city('DAD', ['DAD'], ['다낭'], ['da nang', 'danang']),
  city('HAN', ['HAN'], ['하노이'], ['hanoi']),
  city('SGN', ['SGN'], ['호치민'], ['ho chi minh', 'saigon']),
  city('CXR', ['CXR'], ['나트랑', '냐짱'], ['nha trang']),
  city('CEB', ['CEB'], ['세부'], ['cebu']),
  city('MNL', ['MNL'], ['마닐라'], ['manila']),
  city('DPS', ['DPS'], ['발리'], ['bali']),
  city('GUM', ['GUM'], ['괌'], ['guam']),
  city('HNL', ['HNL'], ['호놀룰루', '하와이'], ['honolulu', 'hawaii']),
  city('LAX', ['LAX'], ['로스앤젤레스', '엘에이'], ['los angeles']),
  city('NYC', ['JFK', 'EWR'], ['뉴욕'], ['new york', 'nyc']),
  airport('EWR', 'NYC', ['뉴어크', '뉴왁'], ['newark']),
  airport('JFK', 'NYC', ['존에프케네디', 'JFK공항'], ['john f kennedy']),
  city('LON', ['LHR'], ['런던'], ['london']),
  city('PAR', ['CDG'], ['파리'], ['paris']),
  city('FRA', ['FRA'], ['프랑크푸르트'], ['frankfurt']),
  city('SYD', ['SYD'], ['시드니'], ['sydney']),
  city('SHA', ['PVG', 'SHA'], ['상하이', '상해'], ['shanghai']),
  city('BJS', ['PEK', 'PKX'], ['베이징', '북경'], ['beijing']),
  // more cities by their Korean names (English names come from the gazetteer as well)
  city('USN', ['USN'], ['울산'], ['ulsan']),
  city('RSU', ['RSU'], ['여수'], ['yeosu']),
  city('KPO', ['KPO'], ['포항'], ['pohang']),
  city('KWJ', ['KWJ'], ['광주'], ['gwangju']),
  city('TAE', ['TAE'], ['대구'], ['daegu']),
  city('CJJ', ['CJJ'], ['청주'], ['cheongju']),
  city('YNY', ['YNY'], ['양양'], ['yangyang']),
  city('KUV', ['KUV'], ['군산'], ['gunsan']),
  city('WJU', ['WJU'], ['원주'], ['wonju']),
  city('MWX', ['MWX'], ['무안'], ['muan']),
  city('HIN', ['HIN'], ['사천'], ['sacheon', 'jinju']),
  city('NGO', ['NGO'], ['나고야'], ['nagoya']),
  city('KMJ', ['KMJ'], ['구마모토'], ['kumamoto']),
  city('KOJ', ['KOJ'], ['가고시마'], ['kagoshima']),
  city('HIJ', ['HIJ'], ['히로시마'], ['hiroshima']),
  city('SDJ', ['SDJ'], ['센다이'], ['sendai']),
  city('MYJ', ['MYJ'], ['마쓰야마', '마츠야마'], ['matsuyama']),
  city('TAK', ['TAK'], ['다카마쓰', '다카마츠'], ['takamatsu']),
  city('TAO', ['TAO'], ['칭다오'], ['qingdao']),
  city('CAN', ['CAN'], ['광저우'], ['guangzhou']),
  city('SZX', ['SZX'], ['심천'], ['shenzhen']),
  city('MFM', ['MFM'], ['마카오'], ['macau', 'macao']),
  city('DLC', ['DLC'], ['다롄', '대련'], ['dalian']),
  city('YNJ', ['YNJ'], ['옌지', '연길'], ['yanji']),
  city('XIY', ['XIY'], ['서안'], ["xi'an", 'xian']),
  city('CTU', ['CTU'], ['청두'], ['chengdu']),
  city('HUI', ['HUI'], ['후에'], ['hue']),
  city('PQC', ['PQC'], ['푸꾸옥', '푸쿠옥'], ['phu quoc']),
  city('CNX', ['CNX'], ['치앙마이'], ['chiang mai']),
  city('HKT', ['HKT'], ['푸켓', '푸껫'], ['phuket']),
  city('KUL', ['KUL'], ['쿠알라룸푸르'], ['kuala lumpur']),
  city('BKI', ['BKI'], ['코타키나발루'], ['kota kinabalu']),
  city('CGK', ['CGK'], ['자카르타'], ['jakarta']),
  city('UBN', ['UBN'], ['울란바토르'], ['ulaanbaatar']),
  city('SPN', ['SPN'], ['사이판'], ['saipan']),
  city('CHI', ['ORD', 'MDW'], ['시카고'], ['chicago']),
  city('SFO', ['SFO'], ['샌프란시스코', '샌프란'], ['san francisco']),
  city('SEA', ['SEA'], ['시애틀'], ['seattle']),
  city('LAS', ['LAS'], ['라스베이거스', '라스베가스'], ['las vegas', 'vegas']),
  city('BOS', ['BOS'], ['보스턴'], ['boston']),
  city('WAS', ['IAD', 'DCA'], ['워싱턴'], ['washington dc', 'washington']),
  city('YVR', ['YVR'], ['밴쿠버'], ['vancouver']),
  city('YYZ', ['YYZ'], ['토론토'], ['toronto']),
  city('ROM', ['FCO'], ['로마'], ['rome']),
  city('BCN', ['BCN'], ['바르셀로나'], ['barcelona']),
  city('MAD', ['MAD'], ['마드리드'], ['madrid']),
  city('PRG', ['PRG'], ['프라하'], ['prague']),
  city('VIE', ['VIE'], ['비엔나'], ['vienna']),
  city('ZRH', ['ZRH'], ['취리히'], ['zurich']),
  city('AMS', ['AMS'], ['암스테르담'], ['amsterdam']),
  city('IST', ['IST'], ['이스탄불'], ['istanbul']),
  city('DXB', ['DXB'], ['두바이'], ['dubai']),
  city('MEL', ['MEL'], ['멜버른'], ['melbourne']),
  city('AKL', ['AKL'], ['오클랜드'], ['auckland']),
  city('MUC', ['MUC'], ['뮌헨'], ['munich']),
  city('MXP', ['MXP'], ['밀라노'], ['milan']),
  city('DEN', ['DEN'], ['덴버'], ['denver']),
  city('ATL', ['ATL'], ['애틀랜타'], ['atlanta']),
  city('DFW', ['DFW'], ['댈러스'], ['dallas']),
  city('MIA', ['MIA'], ['마이애미'], ['miami']),
  // cities whose airport table lists a closed field or an airstrip first: their main international airport
  city('HEL', ['HEL'], ['헬싱키'], ['helsinki']),
  city('BER', ['BER'], ['베를린'], ['berlin']),
  city('STO', ['ARN'], ['스톡홀름'], ['stockholm']),
  city('YMQ', ['YUL'], ['몬트리올'], ['montreal']),
  // districts people name instead of the city
  city(
    'SEL',
    ['ICN', 'GMP'],
    ['명동', '강남역', '강남', '홍대', '종로', '이태원', '잠실'],
    ['myeongdong', 'gangnam', 'hongdae', 'itaewon'],
  ),
  city('PUS', ['PUS'], ['해운대', '광안리', '서면'], ['haeundae', 'gwangalli']),
  city('TYO', ['NRT', 'HND'], ['신주쿠', '시부야', '긴자'], ['shinjuku', 'shibuya', 'ginza']),
  city('OSA', ['KIX'], ['난바', '도톤보리', '우메다'], ['namba', 'dotonbori', 'umeda']),
];

/** IATA codes people type as such ("ICN", "nrt"). Lower-case is accepted only where it is not an English word. */
export const AIRPORT_CODES: Record<string, { code: string; lowerOk: boolean }> = Object.fromEntries(
  [
    ['ICN', true],
    ['GMP', true],
    ['NRT', true],
    ['HND', true],
    ['KIX', true],
    ['CJU', true],
    ['PUS', false],
    ['FUK', false],
    ['CTS', true],
    ['OKA', false],
    ['BKK', true],
    ['SIN', false],
    ['HKG', true],
    ['TPE', true],
    ['DAD', false],
    ['HAN', false],
    ['SGN', true],
    ['CXR', true],
    ['CEB', false],
    ['MNL', true],
    ['DPS', true],
    ['GUM', false],
    ['HNL', true],
    ['LAX', true],
    ['JFK', true],
    ['EWR', true],
    ['LHR', true],
    ['CDG', true],
    ['FRA', false],
    ['SYD', true],
    ['PVG', true],
    ['PEK', true],
    ['PKX', true],
  ].map(([code, lowerOk]) => [code as string, { code: code as string, lowerOk: lowerOk as boolean }]),
);

/** "LA" (upper-case only) for Los Angeles. */
export const UPPER_ONLY_NAMES: Record<string, string> = { LA: 'LAX' };

/** The city an airport or city code belongs to (ICN → SEL, HND → TYO). */
export function cityOfCode(code: string): string | undefined {
  return PLACES.find((p) => p.airport === code || p.city === code || p.airports.includes(code))?.city;
}
