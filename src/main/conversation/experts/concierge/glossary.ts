/**
 * Hard Korean terms and proper nouns a guest from abroad meets in travel answers, each with a
 * plain explanation in both languages. When an answer names one, the explanation is added once.
 */
import type { Locale } from '../../../packs/types.ts';

interface Term {
  /** How the term is written (Korean, and the romanised form seen on signs). */
  forms: string[];
  explain: Record<Locale, string>;
}

export const GLOSSARY: Term[] = [
  {
    forms: ['환승', 'hwanseung'],
    explain: { ko: '환승: 다른 노선이나 버스로 갈아타는 것', en: 'hwanseung (환승): changing to another line or bus' },
  },
  {
    forms: ['교통카드', 'T-money', '티머니'],
    explain: {
      ko: '교통카드(티머니): 지하철·버스에 찍고 타는 충전식 카드',
      en: 'T-money (티머니): the rechargeable card you tap on subways and buses',
    },
  },
  {
    forms: ['출구'],
    explain: { ko: '출구: 지하철역에서 밖으로 나가는 번호 붙은 문', en: 'chulgu (출구): a numbered exit of a subway station' },
  },
  { forms: ['궁', 'gung'], explain: { ko: '궁(宮): 옛 왕이 살던 궁궐', en: '-gung (궁): a royal palace of the Joseon kings' } },
  {
    forms: ['한옥', 'hanok'],
    explain: { ko: '한옥: 나무와 기와로 지은 한국 전통 집', en: 'hanok (한옥): a traditional Korean house of wood and tiles' },
  },
  {
    forms: ['시장', 'sijang'],
    explain: { ko: '시장: 먹거리와 물건을 파는 전통 재래시장', en: 'sijang (시장): a traditional open market' },
  },
  {
    forms: ['찜질방', 'jjimjilbang'],
    explain: { ko: '찜질방: 24시간 여는 대중 사우나', en: 'jjimjilbang (찜질방): a 24-hour public bathhouse and sauna' },
  },
  { forms: ['올레', 'olle'], explain: { ko: '올레: 제주의 걷기 여행길', en: 'Olle (올레): the walking trails of Jeju island' } },
  { forms: ['KTX'], explain: { ko: 'KTX: 한국의 고속철도', en: 'KTX: Korea’s high-speed train' } },
  {
    forms: ['광역버스'],
    explain: {
      ko: '광역버스: 서울과 주변 도시를 잇는 빨간 급행버스',
      en: 'gwangyeok bus (광역버스): the red express bus between Seoul and nearby cities',
    },
  },
];

const mentions = (text: string, form: string) =>
  /[가-힣]/.test(form) ? text.includes(form) : new RegExp(`(^|[^A-Za-z])${form.replace(/[-]/g, '\\-')}([^A-Za-z]|$)`, 'i').test(text);

/** Adds a plain explanation of each glossary term the text names (once each, after the text). */
export function explainTerms(text: string, locale: Locale): string {
  // a single-syllable form (궁) counts only as the end of a longer name, before a particle or a break
  const found = GLOSSARY.filter((t) =>
    t.forms.some((f) => (f.length <= 1 ? new RegExp(`[가-힣]${f}(?=$|[^가-힣]|[에은는이을의도과와으])`).test(text) : mentions(text, f))),
  );
  const notes = found.map((t) => t.explain[locale]).filter((n) => !text.includes(n));
  if (!notes.length) return text;
  return `${text}\n${locale === 'ko' ? '참고' : 'Good to know'} — ${notes.join('; ')}`;
}
