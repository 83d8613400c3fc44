import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText } from './refs.ts';
import { unquote } from './split.ts';

/**
 * A clause that asks a list to show itself some way: only some of it ("show only Anker products",
 * "…만 보여줘"), in an order ("sort by price, lowest first", "싼 순으로 정렬"), more of it ("결과 더
 * 보기"), the same answer in every row ("rate everything Agree"), a number for one thing ("make
 * the loan 3 months", "give 9 for how likely I'd recommend"), a box said no to ("no ribbon thx").
 * Undefined when the clause is none of these.
 */
export function listClause(c: string): Clause | undefined {
  const hit = (re: RegExp) => re.exec(c);
  // ---- filters: "show only Anker products", "Anker 제품만 보여줘", "sorted by price from low to high" ----
  {
    const m =
      hit(
        /^(?:just\s+)?(?:(?:show|display|list|filter(?:\s+to)?)(?:\s+me)?\s+(?:only|just)|only\s+(?:show|display|list)(?:\s+me)?|just\s+show\s+me)\s+(?:the\s+)?(.+?)(?:\s+(?:products|items|results|ones|deals|jobs|listings|offers|events|rooms|posts))?$/i,
      ) ?? hit(/^(.+?)(?:\s*(?:제품|상품|것|거))?만\s*(?:보여|보기|표시|남겨|보이게|나오게|뜨게|추려)/);
    if (m) return { kind: 'only', option: unquote(m[1] ?? '') };
  }
  {
    const m =
      hit(
        /^(?:sort(?:ed)?|order(?:ed)?|arrange(?:d)?)\s+(?:them\s+|it\s+|these\s+|those\s+|(?:the|my|these|those)\s+(?:\w+\s+){0,2}?)?by\s+(.+)$/i,
      ) ??
      hit(/^(.+?)\s*(?:순으로|순서로|순서대로|순대로|순)\s*(?:정렬|보여|나열|바꿔)/) ??
      // "sort the plans cheapest first", "order them newest first": the order said without "by"
      hit(
        /^(?:sort|order|arrange|list)\s+(?:them\s+|it\s+|(?:the|my|these|those)\s+(?:\w+\s+){0,2}?)?((?:the\s+)?(?:cheapest|lowest|highest|priciest|most expensive|newest|latest|oldest|nearest|closest|best rated|top rated|most popular)(?:\s+\w+)?\s+(?:first|on top))$/i,
      );
    // the order said by what should come first: "put the cheapest stuff at the top", "sort so the nearest one is
    // first", "가까운 데가 먼저 나오게", "제일 싼 게 맨 위로 오게 해줘"
    const SUPER =
      '(?:cheapest|lowest[- ]priced|priciest|most expensive|nearest|closest|newest|latest|oldest|earliest|soonest|best[- ]rated|highest[- ]rated|top[- ]rated|most popular|shortest|longest)';
    const outcome =
      hit(
        new RegExp(
          `^(?:(?:can|could|would|will)\\s+you\\s+)?(?:please\\s+)?(?:put|show|have|get|bring|make|list)\\s+(?:me\\s+)?(?:the\\s+)?(${SUPER})(?:\\s+[a-z]+)?\\s+(?:at\\s+the\\s+top|on\\s+top|first|up\\s+top)(?:\\s+(?:please|pls|thanks))?$`,
          'i',
        ),
      ) ??
      hit(
        new RegExp(
          `^(?:sort|order|arrange|reorder)\\s+(?:it\\s+|them\\s+|the\\s+\\w+\\s+|the\\s+list\\s+)?so\\s+(?:that\\s+)?(?:the\\s+)?(${SUPER})(?:\\s+(?:ones?|items?|\\w+))?\\s+(?:is|are|comes?|shows?|appears?)\\s+(?:first|at\\s+the\\s+top|on\\s+top)$`,
          'i',
        ),
      ) ??
      hit(
        /^((?:가장|제일|젤)?\s*(?:싼|저렴한|비싼|가까운|먼|최신|새로운|오래된|인기\s*많은|평점\s*높은|빠른|짧은))\s*(?:거|게|것|데|곳|순|걸|애)(?:가|이|을|를)?\s*(?:맨\s*)?(?:위로|위에|먼저|앞에|앞으로|처음에)\s*(?:오게|나오게|보이게|뜨게|가게|놓아|놔|정렬)/,
      );
    if (outcome?.[1]) return { kind: 'choose', option: `${outcome[1].trim()} first|${outcome[1].trim()}`, sort: true };
    if (m) {
      const by = (m[1] ?? '').replace(/\bfrom\s+/i, '').trim();
      // "싼 순" is the list's "낮은순", "비싼 순" its "높은순"
      const plain = by.replace(/(?:가장\s*|제일\s*)?(?:싼|저렴한)/g, '낮은').replace(/(?:가장\s*|제일\s*)?비싼/g, '높은');
      return { kind: 'choose', option: plain !== by ? `${by}|${plain}` : by, sort: true };
    }
  }
  // "결과 더 보기", "show more", "load more": the list's own "more" button
  if (
    /^(?:(?:목록|리스트|결과)\s*)?(?:더\s*보기|더\s*불러오기|더\s*보여\s*줘|load more|show more|see more)(?:\s*(?:눌러|해)\S*)?$/i.test(c)
  )
    return { kind: 'click', ref: 'more|더보기|더 보기|load more|show more|see more' };
  // "make the loan 3 months", "change the stay to 3 nights": a number for the thing named
  {
    // ("set the date to January 4" is another reading: the thing's own words hold no "to")
    const m = hit(/^make\s+(?:the\s+|my\s+)?([a-z][\w-]*(?:\s+(?!to\b|for\b|on\b)[a-z][\w-]*){0,3})\s+(\d{1,4}(?:\.\d+)?(?:\s*[a-z]+)?)$/i);
    // ("make it 3 kg": a pronoun names no field)
    if (m && !/^(?:it|this|that|them|these|those|one)$/i.test(m[1] ?? '')) return { kind: 'fill', ref: m[1] ?? '', value: m[2] ?? '' };
  }
  // "no ribbon thx", "without the gift wrap": the box for it, unticked
  {
    const m = hit(/^(?:no|without|skip)\s+(?:the\s+|a\s+|any\s+)?([a-z][\w -]{1,30}?)(?:\s+(?:please|pls|thanks|thx|ty))?$/i);
    if (m) return { kind: 'check', ref: (m[1] ?? '').replace(/(?<=\w{3})s$/i, ''), checked: false, ifAny: true };
  }
  // ---- the same answer in every row ("rate everything Agree", "전부 매우 만족으로") ----
  {
    const m =
      hit(
        /^(?:rate|answer|mark|set)\s+(?:everything|all(?: of them| rows| questions)?|each(?: one| row)?)\s+(?:as\s+|to\s+|with\s+)?["'“]?(.+?)["'”]?$/i,
      ) ?? hit(/^(?:전부|모두|다)\s+(.+?)\s*(?:으로|로)\s*(?:해|체크|선택|답)/);
    if (m) return { kind: 'every', answer: m[1] ?? '' };
  }
  // "give 9 for how likely I'd recommend"
  {
    const m = hit(/^(?:give|put|score|rate)\s+(?:it\s+)?(?:a\s+)?(\d{1,3})\s+(?:for|to|on)\s+(.+)$/i);
    if (m) return { kind: 'fill', ref: m[2] ?? '', value: m[1] ?? '' };
  }
  // "load more deals until you find the bamboo cutting board" (then "add it to the cart")
  {
    const m = hit(
      /^(?:load|show|keep loading|scroll)\s+(?:more|down)\b.*?\buntil\s+(?:you\s+)?(?:find|see|get to|reach)\s+(?:the\s+)?(.+)$/i,
    );
    if (m) return { kind: 'result', verb: 'open', criterion: { by: 'text', text: m[1] ?? '' } };
  }
  return undefined;
}

/** What a filter says after its thing: "… 되는 분들", "… 가능한 곳", "ones that take …", "places with …". */
const WHO_CAN =
  /\s*(?:(?:이|가)\s*)?(?:되는|가능한|가능|있는|하는|된|OK인|ok인)?\s*(?:분들?|사람들?|곳들?|데|것들?|거|집|업체들?|선생님들?)$|^(?:the\s+)?(?:ones?|places?|people|those)\s+(?:that|who|which|with)\s+(?:take|accept|allow|do|does|have|has|offer)?\s*/i;

/**
 * The one checkbox that filters a list by what a person asked to see only, said with words for
 * who or what ("채식 되는 곳만 보이게" → the box "채식 가능 …만"): its label, when exactly one
 * box's words hold every word left of the thing.
 */
export function onlyBox(option: string, model: PageModel): string | undefined {
  const core = normText(option.replace(WHO_CAN, '').replace(WHO_CAN, ''));
  if (!core || core === normText(option)) return undefined;
  const words = core.split(' ').filter((w) => w.length >= 2);
  if (!words.length) return undefined;
  const boxes = model.fields.filter((f) => f.kind === 'checkbox' && !f.disabled);
  const fits = boxes.filter((f) => {
    const label = normText([f.label, ...f.texts].join(' '));
    return words.every((w) => label.includes(w));
  });
  return fits.length === 1 ? fits[0]?.label : undefined;
}
