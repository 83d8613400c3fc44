/**
 * What order a person asks a list to be sorted in, read as what it sorts by and which way
 * ("금액 적은 순", "cheapest first", "sort by rating"), and which of a page's own orders says the
 * same in its words ("적은 금액순", "Price: Low to High", "최저가순", a "Rating" column header).
 * Words are matched by meaning, not by their order or spelling: "금액 적은" and "적은 금액순" are
 * one order, "요금" and "Price" one key.
 */

export type SortKey = 'price' | 'rating' | 'reviews' | 'distance' | 'date' | 'popular' | 'name' | 'duration';

export interface SortOrder {
  key?: SortKey;
  /** high to low (newest, most, most expensive first) */
  down?: boolean;
}

const KEYS: Array<[SortKey, RegExp]> = [
  [
    'price',
    /pric(?:e|ey|iest|ier)|cost|\bfees?\b|\bfares?\b|\brates?\b|cheap|expensive|가격|요금|금액|비용|값|최저가|최고가|저렴|(?:^|\s)싼|비싼|운임|이용료|대여료|수수료|참가비|회비|입장료|관람료|배송비|숙박비|수업료|월세/,
  ],
  ['rating', /rating|rated|stars?\b|score|평점|별점|만족도|평가/],
  ['reviews', /reviews?|후기|리뷰/],
  ['distance', /distance|nearest|closest|\bnear\b|가까운|거리/],
  ['date', /date|newest|latest|recent|oldest|soonest|날짜|일자|최신|최근|등록순|오래된|일정|출발/],
  ['popular', /popular|best\s*sell|bestsell|most\s+(?:booked|sold|viewed)|인기|판매량|많이\s*팔린/],
  ['name', /\bname\b|alphabetical|a\s*(?:-|to)\s*z|이름|가나다/],
  ['duration', /duration|length|shortest|longest|quickest|time in|hours|소요\s*시간|기간|짧은|긴\s|오래\s*걸리는/],
];

const UP =
  /\blow(?:est)?\b|cheap|\bleast\b|fewest|ascending|\basc\b|a\s*(?:-|to)\s*z|oldest|earliest|soonest|nearest|closest|shortest|낮은|(?:^|\s)싼|저렴|적은|오름|가까운|짧은|오래된|빠른\s*(?:날짜|일정)|최저|최소/;
const DOWN =
  /\bhigh(?:est)?\b|expensive|\bmost\b|descending|\bdesc\b|z\s*(?:-|to)\s*a|newest|latest|recent|longest|\bbest\b|\btop\b|높은|비싼|많은|내림|최신|최근|긴\s|최고|최대|인기/;

/** Which way a key runs when nothing says: cheapest, best rated, nearest, newest first. */
const NATURAL: Record<SortKey, boolean> = {
  price: false,
  rating: true,
  reviews: true,
  distance: false,
  date: true,
  popular: true,
  name: false,
  duration: false,
};

function norm(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[:·,/()[\]↑↓↕▲▼⇅]+/g, ' ')
    .replace(/\s+/g, ' ')} `;
}

/** The way the words run, from whichever of "low" or "high" they say first; undefined when neither. */
function wayOf(t: string): boolean | undefined {
  const up = UP.exec(t);
  const down = DOWN.exec(t);
  if (up && down) return down.index < up.index;
  return up ? false : down ? true : undefined;
}

/** The order the words say; an empty order when they name neither a key nor a way. */
export function sortOrderOf(said: string): SortOrder {
  const t = norm(said);
  const hits = KEYS.filter(([, re]) => re.test(t));
  // "평점 높은 순" is rated, not "popular" by its "높은": the key named by a noun wins over one read from a way word
  const key = hits.find(([k]) => k !== 'popular')?.[0] ?? hits[0]?.[0];
  const down = wayOf(t);
  return { ...(key ? { key } : {}), ...(down !== undefined ? { down } : {}) };
}

/** The way an order runs, said or natural for its key. */
function wayOrNatural(o: SortOrder): boolean | undefined {
  return o.down ?? (o.key ? NATURAL[o.key] : undefined);
}

/**
 * How well a page's own order (an option, a chip, a header's words) says the wished one: 2 when
 * it names the same key and says the same way, 1 when the way is only the key's natural one,
 * 0 when it is another order.
 */
export function sortFit(wish: SortOrder, label: string): number {
  const own = sortOrderOf(label);
  if (!own.key && own.down === undefined) return 0;
  if (wish.key && own.key && own.key !== wish.key) return 0;
  if (wish.key && !own.key && wish.key !== 'price') return 0;
  if (!wish.key && !own.key) return 0;
  // (a way said with no key — "lowest first" — is met only by an order that says a way: "Eastgate · near the park" names none)
  if (!wish.key && own.down === undefined) return 0;
  const want = wayOrNatural(wish);
  const has = wayOrNatural(own);
  if (want !== undefined && has !== undefined && want !== has) return 0;
  return own.down !== undefined && wish.down !== undefined ? 2 : 1;
}

/** The label of those given that best says the wished order; undefined when none does. */
export function bestSortLabel(wish: SortOrder, labels: string[]): string | undefined {
  let best: string | undefined;
  let score = 0;
  for (const l of labels) {
    const s = sortFit(wish, l);
    if (s > score) {
      best = l;
      score = s;
    }
  }
  return best;
}

/** The state a column header shows once its rows run the wished way. */
export function headerStateFor(wish: SortOrder): 'ascending' | 'descending' {
  return wayOrNatural(wish) ? 'descending' : 'ascending';
}
