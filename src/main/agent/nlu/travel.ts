/**
 * Travel details other than places and dates: direct only, trip type, time of day, a time
 * window ("오후 6시 이후", "before 10am", "between 9am and noon") and travellers
 * ("성인 2명 아이 1명", "2 adults and a kid", "혼자", "for 2").
 */
import type { Passengers, TimeOfDay, TimeWindow } from '../../../shared/commands.ts';
import { EN_NUM_WORDS, KO_NUM_WORDS, smallNumber } from '../../language/numbers.ts';
import type { Utterance } from './text.ts';

export interface TravelDetails {
  directOnly?: boolean;
  tripType?: 'one_way' | 'round_trip';
  timePref?: TimeOfDay;
  timeWindow?: TimeWindow;
  passengers?: Passengers;
}

/** A count; a one-syllable Korean count (한/두/세/네) stands before a counter or alone ("딸 세부 가는" is Cebu, not three). */
const N = `(\\d+|${KO_NUM_WORDS}|${EN_NUM_WORDS})(?:(?<=[한두세네])(?=[명분\\s,.!?]|$)|(?<![한두세네]))`;

function hhmm(h: number, min = 0): string {
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** "오후 6시", "6pm", "10am", "noon", "9시 반" → 24-hour clock; undefined when not a time. */
function clock(ampm: string | undefined, hour: string, minute: string | undefined, suffix: string | undefined): string | undefined {
  let h = Number(hour);
  const min = minute === '반' ? 30 : minute ? Number(minute) : 0;
  // "점심 1시", "낮 2시": midday hours are afternoon ones
  const pm =
    ampm === '오후' ||
    ampm === '저녁' ||
    ampm === '밤' ||
    ((ampm === '점심' || ampm === '낮') && h < 7) ||
    suffix === 'pm' ||
    suffix === 'p.m.';
  const am = ampm === '오전' || ampm === '새벽' || ampm === '아침' || suffix === 'am' || suffix === 'a.m.';
  if (pm && h < 12) h += 12;
  if (am && h === 12) h = 0;
  return h <= 24 && min < 60 ? hhmm(h % 24, min) : undefined;
}

const KO_TIME = '(오전|오후|새벽|아침|점심|낮|저녁|밤)?\\s?(\\d{1,2})시\\s?(?:(\\d{1,2})분|(반))?';
const EN_TIME = "(?:(noon|midday|midnight)|(\\d{1,2})(?::(\\d{2}))?\\s?(am|pm|a\\.m\\.|p\\.m\\.|o'clock)?)";

function enClock(m: RegExpExecArray, i: number): string | undefined {
  if (m[i]) return m[i] === 'midnight' ? '00:00' : '12:00';
  if (!m[i + 1]) return undefined;
  return clock(undefined, m[i + 1] as string, m[i + 2], m[i + 3]);
}

/**
 * One clock time said in a request ("저녁 6시 반", "모레 점심 1시 반", "at noon", "7:30pm", "at 19:00")
 * as 24-hour "HH:MM", with where its words are; a bare English number is not a time ("for 2").
 */
export function clockSpanIn(text: string): { time: string; index: number; length: number } | undefined {
  const lower = text.toLowerCase();
  const ko = new RegExp(KO_TIME).exec(lower);
  const koTime = ko && clock(ko[1] ?? undefined, ko[2] as string, ko[3] ?? ko[4], undefined);
  if (ko && koTime) return { time: koTime, index: ko.index, length: ko[0].length };
  for (const m of lower.matchAll(new RegExp(`(?<![\\w:/.-])${EN_TIME}(?![\\w/.-])`, 'g'))) {
    if (!m[1] && !m[3] && !m[4]) continue;
    const t = m[4] === "o'clock" ? clock(undefined, m[2] as string, m[3], undefined) : enClock(m, 1);
    if (t) return { time: t, index: m.index, length: m[0].length };
  }
  return undefined;
}

export function clockTimeIn(text: string): string | undefined {
  return clockSpanIn(text)?.time;
}

function findTimeWindow(u: Utterance): TimeWindow | undefined {
  for (const m of u.matches(new RegExp(`${KO_TIME}\\s?(?:에서|~|-|부터)\\s?${KO_TIME}\\s?(?:사이|까지)?`))) {
    const a = clock(m[1] ?? undefined, m[2]!, m[3] ?? m[4], undefined);
    // "오전 9시~12시": the end shares the morning, and 12 then is noon
    const inherit = m[5] ?? (/오전|아침|새벽/.test(m[1] ?? '') && Number(m[6]) === 12 ? undefined : m[1]);
    const b = clock(inherit ?? undefined, m[6]!, m[7] ?? m[8], undefined);
    if (a && b) return { earliest: a, latest: b };
  }
  for (const m of u.matches(new RegExp(`${KO_TIME}\\s?(이후|이후에|넘어서|부터|지나서|이전|전에|전|까지)`))) {
    const t = clock(m[1] ?? undefined, m[2]!, m[3] ?? m[4], undefined);
    if (t) return /이후|넘어|부터|지나/.test(m[5]!) ? { earliest: t } : { latest: t };
  }
  for (const m of u.matches(new RegExp(`(?:between|from)\\s${EN_TIME}\\s?(?:and|to|-)\\s?${EN_TIME}`))) {
    const a = enClock(m, 1);
    const b = enClock(m, 5);
    if (a && b) return { earliest: a, latest: b };
  }
  for (const m of u.matches(new RegExp(`${EN_TIME}\\s?(?:-|to)\\s?${EN_TIME}`))) {
    if (!m[4] && !m[8] && !m[1] && !m[5]) continue;
    const a = enClock(m, 1);
    const b = enClock(m, 5);
    if (a && b) return { earliest: a, latest: b };
  }
  for (const m of u.matches(new RegExp(`(after|before|no later than|by|until|not before|later than|earlier than)\\s${EN_TIME}`))) {
    if (!m[2] && !m[5] && !m[3]?.match(/^\d{1,2}$/)) continue;
    if (!m[2] && !m[5]) continue;
    const t = enClock(m, 2);
    if (t) return /after|not before|later/.test(m[1]!) ? { earliest: t } : { latest: t };
  }
  return undefined;
}

function findTimePref(u: Utterance): TimeOfDay | undefined {
  const rules: [RegExp, TimeOfDay][] = [
    [
      /새벽|아침\s?일찍|첫\s?(비행기|비행편|편|차)|\bmorning,?\s(?:and\s|really\s|very\s)?early\b|(?:제일|젤|가장)\s?(?:이른|빠른\s?(?:시간|비행기|편))|early morning|early flight|first flight|first thing|crack of dawn|earliest (?:flight|one|time|departure)/,
      'early_morning',
    ],
    [
      /red-?\s?eye|overnight|심야|막차|last flight|밤\s?(비행기|늦게)|late night|(?<!오늘\s?)밤(?=\s|$|에|비행|출발|늦게|시간|[.,!?])(?!\s?\d)|\bnight flight|at night|(?<=\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s)night\b/,
      'night',
    ],
    [/오전|아침|morning/, 'morning'],
    [/오후|낮|afternoon/, 'afternoon'],
    [/저녁|evening/, 'evening'],
  ];
  for (const [re, pref] of rules) for (const _ of u.matches(re)) return pref;
  return undefined;
}

/** People named by who they are to the speaker: each is one adult travelling along. */
const EN_COMPANION =
  'wife|husband|partner|spouse|mom|mother|dad|father|friend|girlfriend|boyfriend|sister|brother|colleague|coworker|fianc[eé]e?|grandma|grandpa|grandmother|grandfather|aunt|uncle|parents?';
const KO_COMPANION =
  '아내|와이프|남편|신랑|엄마|아빠|어머니|아버지|친구|여자\\s?친구|남자\\s?친구|여친|남친|언니|오빠|누나|형|동생|할머니|할아버지|부모님|동료';
const KO_CHILD = '아이|아동|어린이|애들|애|소아|키즈|초등학생|초딩|유치원생|중학생|아들|딸';
const KO_INFANT = '유아|아기|애기|영아|갓난\\s?아기|신생아';

/**
 * The travelling party: counts said with a number ("성인 2명 아이 1명", "2 adults and a kid"),
 * people named by who they are ("우리 부부", "me, my wife and our two kids", "with my husband and
 * our baby"), and a bare baby or infant as one. The speaker counts as an adult when they name
 * the people they travel with ("me", "with my …", "우리 부부") or bring children without
 * saying how many adults come.
 */
function findPassengers(u: Utterance): Passengers | undefined {
  const p = { adults: 0, children: 0, infants: 0 };
  let seen = false;
  let companions = 0;
  let speaker = false;
  // "my mom wants to visit … just her": one person travels, not the speaker with her
  for (const _ of u.matches(
    /\b(?:just|only) (?:her|him)(?:self)?\b|(?:엄마|아빠|어머니|아버지|친구|동생)\s?(?:만|혼자서?)\s?(?:가|타|비행|출발|$)/,
  )) {
    return { adults: 1, children: 0, infants: 0 };
  }
  const add = (key: keyof typeof p, n: number | undefined) => {
    if (n === undefined) return;
    p[key] += n;
    seen = true;
  };
  for (const m of u.matches(new RegExp(`(성인|어른|대인)\\s?${N}\\s?(명|인)?`))) add('adults', smallNumber(m[2]!));
  for (const m of u.matches(new RegExp(`${N}\\s(adults?|grown-?ups?)`))) add('adults', smallNumber(m[1]!));
  const saidAdults = p.adults > 0; // a number of adults said outright already counts everyone named
  // "6살 딸", "3살짜리 아이", "18개월 아기": one child (two and over) or infant (under two) by age
  for (const m of u.matches(new RegExp(`(\\d{1,2})\\s?(살|개월)\\s?(?:짜리\\s?)?(?:${KO_CHILD}|${KO_INFANT})(?!\\s?${N})`))) {
    add(m[2] === '개월' || Number(m[1]) < 2 ? 'infants' : 'children', 1);
  }
  for (const m of u.matches(new RegExp(`(${KO_INFANT})\\s?${N}\\s?(명)?`))) add('infants', smallNumber(m[2]!));
  for (const m of u.matches(new RegExp(`(${KO_CHILD})\\s?${N}\\s?(명)?`))) add('children', smallNumber(m[2]!));
  for (const m of u.matches(new RegExp(`${N}\\s(?:lap\\s)?(infants?|babies|baby)`))) add('infants', smallNumber(m[1]!));
  for (const m of u.matches(new RegExp(`${N}\\s(?:little\\s|young\\s)?(kids?|children|child|sons|daughters|toddlers?)`)))
    add('children', smallNumber(m[1]!));
  for (const _ of u.matches(/\b(?:a|an|one|our|my|the)\s(?:\d{1,2}[\s-]?(?:year|yr)[\s-]?old|toddler|kid|child|son|daughter)\b/))
    add('children', 1);
  // a baby named without a number is one baby, however often it is named ("애기 데리고 … 돌 지난 아기")
  let bareInfant = false;
  for (const _ of u.matches(
    /(?:\b(?:a|an|one|our|my|the|with|and)\s|\+\s?)(?:lap\s)?(?:baby|infant|newborn|\d{1,2}[\s-]?month[\s-]?old)\b/,
  ))
    bareInfant = true;
  for (const _ of u.matches(new RegExp(`(?:^|\\s)(?:${KO_INFANT})(?=\\s?(?:랑|이랑|와|하고|도|데리고|동반|포함|같이|까지|\\s|$))`)))
    bareInfant = true;
  if (bareInfant && p.infants === 0) add('infants', 1);
  for (const _ of u.matches(
    /우리\s?부부|부부\s?(?:둘|두\s?명|2명)?|신혼부부|커플|a couple\b|my (?:wife|husband) and (?:i|me)\b|(?:i|me) and my (?:wife|husband)\b/,
  )) {
    if (!saidAdults) p.adults += 2;
    seen = true;
  }
  // parents are two people
  const count = (who: string) => (/parents|부모님/.test(who) ? 2 : 1);
  for (const m of u.matches(new RegExp(`(?:\\b(?:my|our)\\s|(?:\\+|&)\\s?)(?:${EN_COMPANION})\\b`))) companions += count(m[0]);
  for (const m of u.matches(new RegExp(`(?:${KO_COMPANION})(?=\\s?(?:랑|이랑|와|과|하고|도|데리고|모시고|같이|\\s|$))`)))
    companions += count(m[0]);
  for (const _ of u.matches(
    /(?:^|[\s,])(?:me|myself|i)\b(?=\s?(?:,|and|&|\+|with))|\bwith my\b|\bwe\b|\b(?:저|나|제가|내가)(?=\s?(?:랑|하고|와|까지|포함))/,
    false,
  ))
    speaker = true;
  if (companions && !saidAdults) {
    p.adults += companions + 1; // the speaker travels with the people they name
    seen = true;
    speaker = false;
  }
  if (seen) {
    // "2명 그리고 5살 아이 한명": a count of people said beside the children is the adults
    if (p.adults === 0 && !companions) {
      for (const m of u.matches(new RegExp(`${N}\\s?(명|인(?![가-힣])|people|ppl|adults?)`))) {
        const n = smallNumber(m[1] as string);
        if (n) p.adults = n;
        break;
      }
    }
    if (speaker && p.adults === 0) p.adults = 1;
    if (p.adults === 0 && (p.children || p.infants)) p.adults = 1; // children travel with someone
    // "부모님이랑 4명": a head count said outright outranks the people counted by who they are
    if (companions && !saidAdults) {
      for (const m of u.matches(new RegExp(`${N}\\s?(명|인(?![가-힣])|people|ppl|of us)`))) {
        const n = smallNumber(m[1] as string);
        if (n && n > p.adults + p.children + p.infants) p.adults = n - p.children - p.infants;
        break;
      }
    }
    return p;
  }
  for (const _ of u.matches(/혼자|나 혼자|just me|only me|by myself|solo|alone|1인/)) return { adults: 1, children: 0, infants: 0 };
  for (const m of u.matches(new RegExp(`${N}\\s?(명|인(?![가-힣])|people|ppl|persons|guests|pax|travell?ers|of us)|(둘|셋|넷)이서?`))) {
    const n = smallNumber((m[1] ?? m[3]) as string);
    if (n) return { adults: n, children: 0, infants: 0 };
  }
  for (const m of u.matches(/\bfor\s(\d|two|three|four|five)(?!\s?(nights?|nites?|days?|weeks?|am|pm|:))\b/)) {
    const n = smallNumber(m[1]!);
    if (n) return { adults: n, children: 0, infants: 0 };
  }
  return undefined;
}

const NOT_DIRECT: RegExp[] = [
  /경유\s?(해도|도|있어도|하는\s?것도|하는\s?거|편도)?\s?(괜찮|ㄱㅊ|상관\s?없|ok|오케이|가능|돼|무관)/,
  /직항\s?(아니어도|아니라도|아녀도|이\s?아니어도|안\s?해도|아니여도|아니더라도|말고\s?경유|굳이)|(굳이|꼭)\s?직항\s?(아니어도|안|아니|일\s?필요)/,
  /(connections?|layovers?|stopovers?|stops?|one stop|1 stop)\s(are |is |would be |'s )?(totally |perfectly )?(fine|ok|okay|alright|acceptable)|with (a )?(stops?|layovers?)/,
  /(doesn'?t|does not|don'?t|do not|needn'?t) (have to|need to) be (a )?(direct|non-?stop)|(don'?t|do not) need (a )?(direct|non-?stop)|not necessarily (direct|non-?stop)|direct or not|no need for (a )?(direct|non-?stop)|(direct|non-?stop) (is )?not (needed|necessary|required)/,
  /경유\s?\d?\s?(번|회)?\s?(까지는?|까진|정도는?|도)?\s?(괜찮|상관\s?없|ok|오케이|가능)/,
];

/** `bareNumber`: the question was "how many", so "3" alone means three adults. */
export function findTravelDetails(u: Utterance, opts: { bareNumber: boolean }): TravelDetails {
  const out: TravelDetails = {};
  const timeWindow = findTimeWindow(u);
  if (timeWindow) out.timeWindow = timeWindow;
  // each way of saying it on its own, so a word another reader took ("직항 말고" → 직항) does not hide the rest
  for (const re of NOT_DIRECT) for (const _ of u.matches(re)) out.directOnly = false;
  for (const _ of u.matches(/직항|non-?\s?stop|direct/)) out.directOnly ??= true;
  for (const _ of u.matches(/왕복|round-?\s?trip|return (flight|ticket|trip)|\b(?:rt|r\/t)\b|(?:^|,)\s?(?:with\s)?return\s?(?=,|$)/)) {
    out.tripType = 'round_trip';
  }
  for (const _ of u.matches(/편도|one-?\s?way/)) out.tripType ??= 'one_way';
  const timePref = findTimePref(u);
  if (timePref) out.timePref = timePref;
  const passengers = findPassengers(u);
  if (passengers) out.passengers = passengers;
  else if (opts.bareNumber) {
    const m = /^\D*?(\d)\D*$/.exec(u.remainder());
    if (m) out.passengers = { adults: Number(m[1]), children: 0, infants: 0 };
  }
  return out;
}
