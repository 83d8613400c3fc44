import { personNameIn } from './person-name.ts';
import { EMAIL, PHONE, STREET } from './piece-shapes.ts';

/**
 * Cutting a request into clauses at connectives ("…고", "…서", "and", "then", ","), with quoted
 * text kept whole; the quote and ending patterns the grammar reads clauses with.
 */
// (an apostrophe inside an English word — "I'll", "It's" — opens and closes no quote)
export const Q = `(?<![A-Za-z])["'“‘「]([^"'”’」]+)["'”’」](?![A-Za-z])`;

const KO_SPLIT =
  /(?<=(?:넣|입력하|쓰|적|누르|눌르|클릭하|선택하|고르|골라|열|닫|내리|올리|체크하|동의하|채우|하|꺼주|켜주|끄|켜|바꾸|바꿔주|해주|담|저장하|잡))고\s+(?!싶)|(?<=(?:내려|올려|눌러|열어|닫아|넣어|해|골라|넘겨|넘어가|들어가|이동해|찾아|채워|바꿔|적어|골라|가|와|봐))서\s+|\s*그리고\s+|\s*그\s*다음(?:에)?\s+|(?<=(?:하는|되는|있는|된|한)\s(?:걸로|거로|것으로))\s+/;
const EN_SPLIT =
  /\s*(?:,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+then\s+|\s+then\s+|\s+and\s+(?=\S+\s+(?:in|into)\s+the\s)|\s+(?:and|so)\s+(?=(?:click|press|tap|hit|pick|choose|select|open|go|continue|submit|send|check|tick|agree|scroll|dismiss|close|accept|type|enter|put|fill|set|save|apply|subscribe|sign|log|turn|enable|disable|reply|book|add|expand|collapse|sort|show|remove|delete|archive|star|change|switch|keep|search|filter|load|confirm|make|use|get|give|find|reserve|order|leave|take|mark|write|buy|view|look|move|clear|request|join|register|cancel|edit|update|pay|upload)\b))/i;

/** "set my name to A and (the) time zone to B": each "X to Y" after the first is a setting of its own. */
const SETTING = /^(?:please\s+)?(?:set|change|make|update)\s+/i;
const SET_AND = /\s+and\s+(?=(?:the\s+|my\s+)?[^\s,]+(?:\s+[^\s,]+){0,2}\s+to\s)/i;
function settings(part: string): string[] {
  if (!SETTING.test(part) || !/\sto\s/i.test(part)) return [part];
  return part.split(SET_AND).map((x, i) => (i && !SETTING.test(x) ? `set ${x}` : x));
}

/** The end of a sentence ("…주문해줘. 주소는 …", "…5th floor; the code is …"), not of an abbreviation ("Dr. Patel"). */
// (a Korean sentence may end at a polite ending and a "~" or "ㅎㅎ" with no full stop: "…잡아 주세요~ 성함은 …";
// a request's own ending — "…해 주세요", "…할게요" — ends it with no stop at all: what follows is another detail)
const SENTENCE =
  /(?<!\b(?:dr|mr|mrs|ms|st|no|vs|jr|sr|prof|mt|ave|rd|etc|e\.g|i\.e))(?<!(?:^|\s)[A-Z])(?:[.!?。]+|;|(?<=[가-힣])[~]+|(?<=(?:세요|해요|어요|아요|니다|드려요|할게요|줘|줘요))[ㅎㅋ^]*(?=\s+\S+(?:은|는)\s)|(?<=(?:주세요|줘요|해줘|잡아줘|할게요|드려요|드립니다|싶어요|싶습니다|부탁해요|갈게요|올게요|갈께요|할께요)))\s+(?=\S)/i;

/** "set A to X, B to Y": a part after a setting that is itself "B to Y" is a setting of its own. */
const BARE_SETTING = /^(?:the\s+|my\s+)?[^\s,]+(?:\s+[^\s,]+){0,2}\s+to\s+\S/i;
function carrySetting(parts: string[]): string[] {
  let setting = false;
  return parts.map((p) => {
    if (SETTING.test(p)) {
      setting = true;
      return p;
    }
    if (setting && BARE_SETTING.test(p) && !/^(?:go|get|move|switch|scroll|add|send|click|press)\b/i.test(p)) return `set ${p}`;
    setting = false;
    return p;
  });
}

/** A greeting or a thank-you said before or after the request: it asks for nothing. */
const GREETING =
  /^(?:안녕하세요|안녕하십니까|수고하세요|hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening))(?:\s+there)?(?![\p{L}\p{N}])[~!,.\s]*/iu;
const THANKS = /^(?:감사합니다|고맙습니다|감사해요|고마워요?|thanks?(?:\s+(?:you|a lot|so much))?|thx|cheers)[~!.\s]*$/i;
/** A word of hesitation before the request ("nope, shut it", "음 그냥 …"): it asks for nothing. */
const FILLER = /^(?:nah|naw|nope|ok(?:ay)?|um+|uh+|hmm+|oh|well|actually|음+|어+|아+|흠+)(?![\p{L}\p{N}])[~!,.\s]*/iu;
/** Why the person asks, said beside it ("changed my mind", "my bad"): no thing to do. */
const ASIDE =
  /^(?:(?:i(?:'ve|\s+have)?\s+)?changed\s+my\s+mind|sorry|oops|whoops|my bad|(?:마음|생각)(?:이)?\s*(?:바뀌었|바꿨|변했)\S*|죄송\S*|미안\S*)[~!.\s]*$/i;

/**
 * "홍길동이고 번호는 010…", "주소는 한강로 5 (3층)이고 문 앞에 둘게요": a name, or a value
 * that ends in a number or a bracket, said with "이고" (is … and) before the next detail, is a
 * piece of its own.
 */
function nameAnd(part: string): string[] {
  // ("담당자는 한소라이고 전화번호는 …": the name may follow the word it is for)
  const name = /^((?:\S+\s+){0,2}?(\S+?이고))\s+(.+)$/.exec(part);
  if (name?.[1] && name[2] && name[3] && personNameIn(name[2])) return [name[1], name[3]];
  const value = /^(.*[\d)）])이고\s+(.+)$/.exec(part);
  if (value?.[1] && value[2]) return [value[1], value[2]];
  // "차량번호 12가3456 소나타고 연락처는 …": a detail with a number, then "고" and the next detail's topic
  const topic = /^(.*\d.*?\S)(?:이)?고\s+(\S+(?:은|는)\s+.+)$/.exec(part);
  return topic?.[1] && topic[2] ? [topic[1], topic[2]] : [part];
}

/** A street address said at the end of a longer piece ("take a desk away from 9 Willow Lane"): a piece of its own. */
const STREET_AT_END =
  /^(.*\p{L}.*?)\s+((?:from|at|to)\s+\d+[A-Za-z]?\s+(?:[\p{L}'.-]+\s+){0,3}(?:road|rd|street|st|avenue|ave|lane|ln|drive|dr|way|close|crescent|place|pl|court|ct|terrace|grove|row|square|sq)\.?)$/iu;

function streetApart(part: string): string[] {
  const m = STREET_AT_END.exec(part);
  // (a street's own name, not small words: "at 4 on court", "at 3 with Dr" are no address)
  const address = m?.[2]?.replace(/^(?:from|at|to)\s+/i, '') ?? '';
  const small = /\s(?:on|in|with|the|a|an|at|to|for|by|of|back|front|my|our|your)\s/i.test(` ${address} `);
  return m?.[1] && m[2] && STREET.test(address) && !small ? [m[1], m[2]] : [part];
}

/** "R. Okoye - r@mail.example - 07700…": details listed with spaced dashes, when one of them is an e-mail or a phone. */
function dashedDetails(part: string): string[] {
  const each = part.split(/\s+[-–—]\s+/);
  return each.length >= 2 && each.some((x) => EMAIL.test(x) || PHONE.test(x)) ? each : [part];
}

/** "next page pls", "close it thx": a courtesy word after a short command asks for nothing. */
function withoutCourtesy(p: string): string {
  const m = /^(.+?)[,\s]+(?:pls|plz|please|thx|ty|thanks|thank you)[.!~\s]*$/i.exec(p);
  return m?.[1] && m[1].trim().split(/\s+/).length <= 4 ? m[1].trim() : p;
}

export function splitClauses(text: string): string[] {
  const quoted: string[] = [];
  // (laughter and emoticons — "ㅎㅎ", "ㅋㅋ", "^^", "ㅠㅠ", ":(", ";-)" — end what was said before them)
  const plain = text.replace(/\s*(?:[ㅎㅋ]{2,}|\^\^|[ㅠㅜ]+|(?<=^|\s)(?:[:;]-?[()DPp/]|\):))(?=\s|$)/g, '.');
  const masked = plain.replace(new RegExp(Q, 'g'), (m) => {
    quoted.push(m);
    return `⟦${quoted.length - 1}⟧`;
  });
  const parts = masked
    .split(SENTENCE)
    .flatMap((p) => p.split(KO_SPLIT))
    .flatMap((p) => p.split(EN_SPLIT))
    // "성함 윤가람 / 연락처 …", "Name: Jo | phone …": a spaced slash or bar lists details; a spaced dash does
    // before a count ("tickets please — 3 adults"), not inside a name ("Lot B — North Gate")
    .flatMap((p) => p.split(/\s+[/|]\s+|\s+[—–]\s+(?=\d+\s+\p{L})/u));
  return carrySetting(
    parts
      .map((p) => p.trim().replace(GREETING, '').replace(FILLER, ''))
      .filter((p) => p && !THANKS.test(p.trim()) && !ASIDE.test(p.trim())),
  )
    .flatMap(settings)
    .flatMap(nameAnd)
    .flatMap(streetApart)
    .flatMap(dashedDetails)
    .map((p) => p.replace(/⟦(\d+)⟧/g, (_, i) => quoted[Number(i)] ?? ''))
    .map((p) => p.trim().replace(/(?<!(?:^|\s)[A-Z])[.!?。]+$/, ''))
    .map(withoutCourtesy)
    .filter(Boolean);
}

export const unquote = (s: string) =>
  s
    .trim()
    .replace(new RegExp(`^${Q}$`), '$1')
    .trim();
export const KO_END = '(?:\\s*(?:줘|주세요|줄래|라|요|해|해줘|해 ?주세요|주))?';
