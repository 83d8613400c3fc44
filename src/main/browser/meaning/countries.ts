/**
 * Countries by meaning: an ISO 3166 alpha-2 code from whatever a person or a page calls a country —
 * the code itself, its alpha-3 code, its calling code, or its name in English or Korean (the names
 * come from the runtime's ICU data, so every region is covered; the common official and short
 * forms ICU lacks are listed here).
 */

/** Alpha-3 codes and calling codes of the countries forms ask for most (ICU has neither). */
const CODES: Record<string, [alpha3: string, calling: string]> = {
  KR: ['KOR', '82'],
  KP: ['PRK', '850'],
  JP: ['JPN', '81'],
  CN: ['CHN', '86'],
  TW: ['TWN', '886'],
  HK: ['HKG', '852'],
  MO: ['MAC', '853'],
  US: ['USA', '1'],
  CA: ['CAN', '1'],
  GB: ['GBR', '44'],
  FR: ['FRA', '33'],
  DE: ['DEU', '49'],
  IT: ['ITA', '39'],
  ES: ['ESP', '34'],
  NL: ['NLD', '31'],
  CH: ['CHE', '41'],
  AT: ['AUT', '43'],
  SE: ['SWE', '46'],
  NO: ['NOR', '47'],
  DK: ['DNK', '45'],
  FI: ['FIN', '358'],
  IE: ['IRL', '353'],
  BE: ['BEL', '32'],
  PT: ['PRT', '351'],
  PL: ['POL', '48'],
  RU: ['RUS', '7'],
  UA: ['UKR', '380'],
  TR: ['TUR', '90'],
  AU: ['AUS', '61'],
  NZ: ['NZL', '64'],
  IN: ['IND', '91'],
  TH: ['THA', '66'],
  VN: ['VNM', '84'],
  PH: ['PHL', '63'],
  MY: ['MYS', '60'],
  SG: ['SGP', '65'],
  ID: ['IDN', '62'],
  MN: ['MNG', '976'],
  BR: ['BRA', '55'],
  MX: ['MEX', '52'],
  AR: ['ARG', '54'],
  AE: ['ARE', '971'],
  SA: ['SAU', '966'],
  IL: ['ISR', '972'],
  EG: ['EGY', '20'],
  ZA: ['ZAF', '27'],
};

/** Names ICU does not give (official and everyday forms), lower-case, without punctuation. */
const ALIASES: Record<string, string> = {
  korea: 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  'korea south': 'KR',
  rok: 'KR',
  한국: 'KR',
  남한: 'KR',
  '대한민국 republic of korea': 'KR',
  'north korea': 'KP',
  'korea dpr': 'KP',
  "democratic people's republic of korea": 'KP',
  북한: 'KP',
  조선: 'KP',
  'united states of america': 'US',
  america: 'US',
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  미합중국: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  uk: 'GB',
  영국: 'GB',
  'russian federation': 'RU',
  'viet nam': 'VN',
  "people's republic of china": 'CN',
  prc: 'CN',
  중국: 'CN',
  'republic of china': 'TW',
  대만: 'TW',
  타이완: 'TW',
  'the netherlands': 'NL',
  holland: 'NL',
  일본: 'JP',
  미국: 'US',
};

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.,()[\]/|·'’_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

let byName: Map<string, string> | undefined;

/** Every name and code → alpha-2, built once from ICU (English and Korean names) and the tables above. */
function names(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  const en = new Intl.DisplayNames(['en'], { type: 'region' });
  const ko = new Intl.DisplayNames(['ko'], { type: 'region' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let english: string | undefined;
      try {
        english = en.of(code);
      } catch {
        continue;
      }
      // ICU echoes a code it does not know
      if (!english || english === code) continue;
      // the first code keeps a name: GB before the reserved UK, which ICU also names
      if (!map.has(norm(english))) map.set(norm(english), code);
      const korean = ko.of(code);
      if (korean && korean !== code && !map.has(norm(korean))) map.set(norm(korean), code);
    }
  }
  for (const [code, [alpha3]] of Object.entries(CODES)) map.set(alpha3.toLowerCase(), code);
  for (const [alias, code] of Object.entries(ALIASES)) map.set(norm(alias), code);
  byName = map;
  return map;
}

/** The alpha-2 code a text names as a whole ("KR", "KOR", "Korea", "대한민국", "Republic of Korea"), if any. */
export function countryOf(text: string): string | undefined {
  const n = norm(text);
  if (!n) return undefined;
  if (/^[a-z]{2}$/.test(n)) {
    const upper = n.toUpperCase();
    return names().has(n) && n !== 'us' && n !== 'uk' ? names().get(n) : validAlpha2(upper);
  }
  return names().get(n);
}

function validAlpha2(code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name && name !== code ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The country an option's text names somewhere in it: the whole text, or one of its parts
 * ("대한민국 (Republic of Korea)", "Korea, Republic of", "+82 Korea").
 */
export function countryIn(text: string): string | undefined {
  const whole = countryOf(text);
  if (whole) return whole;
  const parts = text
    .split(/[()[\]/|·,:;]+|\s[-–—]\s|\+\d+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const found = new Set(parts.map((p) => countryOf(p)).filter((c): c is string => Boolean(c)));
  if (found.size === 1) return [...found][0];
  // a bilingual label with no separator ("대한민국 Republic of Korea", "日本 Japan"): each script's run
  const runs = text.match(/[가-힣][가-힣\s]*|[\u3040-\u30ff\u4e00-\u9fff][\u3040-\u30ff\u4e00-\u9fff\s]*|[A-Za-z][A-Za-z\s.,'’-]*/g) ?? [];
  const byRun = new Set(runs.map((r) => countryOf(r)).filter((c): c is string => Boolean(c)));
  return byRun.size === 1 ? [...byRun][0] : undefined;
}

/** Calling code per alpha-2 code, for the countries listed above. */
export const CALLING_CODES: Record<string, string> = Object.fromEntries(Object.entries(CODES).map(([c, [, cc]]) => [c, cc]));

/** The calling code of a country, where known ("KR" → "82"). */
export function callingCodeOf(alpha2: string): string | undefined {
  return CODES[alpha2]?.[1];
}

/** The calling code a text gives ("+82", "0082", "82"), if it is one. */
export function callingCodeIn(text: string): string | undefined {
  const m = /(?:^|[^\d])(?:\+|00)(\d{1,3})(?!\d)/.exec(text) ?? /^\s*(\d{1,3})\s*$/.exec(text);
  return m?.[1];
}
