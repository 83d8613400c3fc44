/**
 * The concierge experts the graph always has (beside the experts packs bring):
 * - app_logic: Steward's own policies, settings and help (faq_lookup over its documentation)
 *   and the person's saved places (get_listing_details, private fields left out);
 * - transport: routes between places the person names (find_route on their route site);
 * - korea_travel: places and tips (search_tourism on their tourism site).
 * Each reads its tool arguments from the question; with nothing to call with it has nothing to
 * say, and the synthesizer tells the person who to ask.
 */
import { both } from '../../../packs/text.ts';
import type { Locale } from '../../../packs/types.ts';
import type { ExpertOf } from '../types.ts';
import type { SavedPlace } from './knowledge.ts';

/** The router's classes and the expert each stands for. */
export const INTENT_OF_EXPERT: Record<string, 'service_policy' | 'transport' | 'tourism'> = {
  app_logic: 'service_policy',
  transport: 'transport',
  korea_travel: 'tourism',
};
export type ConciergeIntent = 'service_policy' | 'transport' | 'tourism' | 'complex';

const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const pick = (locale: Locale, ko: string, en: string) => (locale === 'ko' ? ko : en);

/** "from A to B", "A에서 B까지/로/에 …" → the two places, as the person named them. */
export function routeEnds(question: string): { from: string; to: string } | null {
  const en = /\bfrom\s+(.+?)\s+to\s+(.+?)(?=\s+(?:by|on|at|tomorrow|today|with)\b|[?.!,]|$)/i.exec(question);
  if (en?.[1] && en[2]) return { from: en[1].trim(), to: en[2].trim() };
  const ko = /([^\s,]+?)에서\s*([^\s,]+?)(?:까지|으로|로|에)(?=\s|$|[?.!,])/.exec(question);
  if (ko?.[1] && ko[2]) return { from: ko[1], to: ko[2] };
  return null;
}

const FILLER_EN =
  /\b(what|which|where|is|are|there|tell|me|about|recommend|recommendations?|places?|spots?|near|in|the|a|an|good|best|to|visit|should|i|we|see|please|can|could|you|some|any|for|do|things|worth|going)\b/gi;
const FILLER_KO =
  /(추천해\s?주세요|추천해\s?줘|알려\s?주세요|알려\s?줘|어때요|뭐가\s?있어요|있나요|가볼\s?만한|볼\s?만한|곳|좀|근처|주변|에\s?대해|추천)/g;

/** What to search a tourism site for: the question without the words around its subject. */
export function tourismQuery(question: string): string | null {
  const q = question
    .replace(/[?!.,]/g, ' ')
    .replace(FILLER_KO, ' ')
    .replace(FILLER_EN, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return q.length >= 2 ? q : null;
}

const ROUTE_REFERRAL = both(
  '경로는 제가 확인할 수 없었어요. 쓰시는 길찾기 앱이나 가까운 역의 안내 창구에 물어보시면 정확해요.',
  'I could not check the route. Your map app or the help desk at the nearest station will know for sure.',
);
const TRAVEL_REFERRAL = both(
  '그 부분은 확인하지 못했어요. 가까운 관광안내소나 숙소 호스트에게 직접 물어보시면 가장 정확해요.',
  'I could not check that. The nearest tourist information centre or your host will know best.',
);

/** Said instead of searching when the person has not chosen a site yet. */
const NO_SITE = {
  routes: both(
    '아직 길찾기 사이트를 고르지 않으셔서 찾아볼 수 없었어요. 설정 → 작업별 사이트 → 길찾기에서 쓰시는 사이트를 추가해 주세요.',
    'I could not look it up: no route site is chosen yet. Add the one you use in Settings → Sites per task → Routes.',
  ),
  tourism: both(
    '아직 관광 안내 사이트를 고르지 않으셔서 찾아볼 수 없었어요. 설정 → 작업별 사이트 → 관광 안내에서 추가해 주세요.',
    'I could not look it up: no tourism site is chosen yet. Add one in Settings → Sites per task → Tourism.',
  ),
};
const withNoSite = (why: { ko: string; en: string }, then: { ko: string; en: string }) =>
  both(`${why.ko} ${then.ko}`, `${why.en} ${then.en}`);

/** The concierge's experts; `sites` says which of the person's sites are chosen (a missing one is named in the referral). */
export function conciergeExperts(places: SavedPlace[] = [], sites: { routes?: string; tourism?: string } = {}): ExpertOf[] {
  const placeNamed = (q: string) => places.find((p) => q.toLowerCase().includes(p.name.toLowerCase()));
  return [
    {
      id: 'app_logic',
      pack: 'concierge',
      keywords: [
        'steward',
        'setting',
        'settings',
        'policy',
        'approval',
        'approve',
        'privacy',
        'logs',
        'log explorer',
        'help',
        'how do i use',
        'model',
        'api key',
        'saved place',
        'my place',
        'listing',
        'check-in',
        'checkin',
        '설정',
        '정책',
        '승인',
        '개인정보',
        '로그',
        '도움말',
        '사용법',
        '모델',
        'API 키',
        '저장한',
        '숙소 정보',
        '체크인',
        ...places.map((p) => p.name.toLowerCase()),
      ],
      tools: [
        {
          name: 'get_listing_details',
          description: both('저장한 장소의 정보를 봐요', "reads one of the person's saved places"),
          argsFrom: (q) => {
            const p = placeNamed(q);
            return p ? { name: p.name } : null;
          },
          summarise: (d, locale) => {
            const place = (d.place ?? {}) as Record<string, unknown>;
            const fields = Object.entries(place)
              .filter(([k]) => k !== 'name')
              .map(([k, v]) => `${k}: ${str(v)}`)
              .join(', ');
            return pick(locale, `저장하신 장소 ${str(place.name)}: ${fields}`, `Your saved place ${str(place.name)}: ${fields}`);
          },
        },
        {
          name: 'faq_lookup',
          description: both('Steward 안내서에서 찾아봐요', "searches Steward's documentation"),
          argsFrom: (q) => (q.trim() ? { query: q.trim().slice(0, 500) } : null),
          summarise: (d, locale) => {
            const sections = (Array.isArray(d.sections) ? d.sections : []) as Array<{ source: string; heading: string; text: string }>;
            if (!sections.length)
              return pick(
                locale,
                'Steward 안내서에서 관련 내용을 찾지 못했어요.',
                "I found nothing about that in Steward's documentation.",
              );
            return sections
              .map((s) => {
                const text = s.text
                  .replace(/```[\s\S]*?```/g, ' ')
                  .replace(/\s+/g, ' ')
                  .trim()
                  .slice(0, 320);
                return pick(
                  locale,
                  `Steward 안내서(${s.source} · “${s.heading}”)에 따르면: ${text}`,
                  `From Steward's documentation (${s.source} · “${s.heading}”): ${text}`,
                );
              })
              .join('\n');
          },
        },
      ],
      referral: both(
        '정확한 내용은 Steward의 설정 화면과 README에서 확인하시거나, 앱을 설치해 준 관리자에게 문의해 주세요.',
        "For the exact rule, please check Steward's settings screen and README, or ask whoever set up the app for you.",
      ),
    },
    {
      id: 'transport',
      pack: 'concierge',
      keywords: [
        'route',
        'get to',
        'get from',
        'how do i get',
        'subway',
        'metro',
        'bus',
        'train',
        'taxi',
        'transfer',
        'directions',
        'from ',
        '가는 길',
        '어떻게 가',
        '지하철',
        '버스',
        '기차',
        '택시',
        '환승',
        '경로',
        '까지',
        '가려면',
      ],
      tools: [
        {
          name: 'find_route',
          description: both('고르신 길찾기 사이트에서 경로를 찾아요', 'finds routes on the route site you chose'),
          argsFrom: (q) => (sites.routes ? routeEnds(q) : null),
          summarise: (d, locale) => {
            const rows = (Array.isArray(d.rows) ? d.rows : []) as string[];
            if (!rows.length)
              return `${pick(locale, `${str(d.site)}에서 경로 결과를 찾지 못했어요.`, `${str(d.site)} showed no routes.`)} ${ROUTE_REFERRAL[locale]}`;
            const list = rows.map((r, i) => `${i + 1}) ${r}`).join('\n');
            return pick(
              locale,
              `${str(d.site)}에서 찾은 경로예요:\n${list}\n(${str(d.url)})`,
              `Routes ${str(d.site)} shows:\n${list}\n(${str(d.url)})`,
            );
          },
        },
      ],
      generalKnowledge: true,
      referral: sites.routes ? ROUTE_REFERRAL : withNoSite(NO_SITE.routes, ROUTE_REFERRAL),
    },
    {
      id: 'korea_travel',
      pack: 'concierge',
      keywords: [
        'visit',
        'sightseeing',
        'tour',
        'attraction',
        'recommend',
        'food',
        'market',
        'palace',
        'festival',
        'museum',
        'temple',
        'beach',
        '관광',
        '여행',
        '명소',
        '추천',
        '맛집',
        '시장',
        '궁',
        '축제',
        '박물관',
        '절',
        '해변',
        '가볼',
      ],
      tools: [
        {
          name: 'search_tourism',
          description: both('고르신 관광 안내 사이트에서 찾아봐요', 'searches the tourism site you chose'),
          argsFrom: (q) => {
            if (!sites.tourism) return null;
            const query = tourismQuery(q);
            return query ? { query } : null;
          },
          summarise: (d, locale) => {
            const rows = (Array.isArray(d.rows) ? d.rows : []) as string[];
            if (!rows.length)
              return `${pick(locale, `${str(d.site)}에서 찾은 결과가 없어요.`, `${str(d.site)} showed nothing for that.`)} ${TRAVEL_REFERRAL[locale]}`;
            const list = rows.map((r, i) => `${i + 1}) ${r}`).join('\n');
            return pick(
              locale,
              `${str(d.site)}에서 찾은 곳이에요:\n${list}\n(${str(d.url)})`,
              `What ${str(d.site)} shows:\n${list}\n(${str(d.url)})`,
            );
          },
        },
      ],
      generalKnowledge: true,
      referral: sites.tourism ? TRAVEL_REFERRAL : withNoSite(NO_SITE.tourism, TRAVEL_REFERRAL),
    },
  ];
}
