import { describe, expect, it } from 'vitest';
import { routeEnds, tourismQuery } from '../../../src/main/conversation/experts/concierge/experts.ts';
import { explainTerms } from '../../../src/main/conversation/experts/concierge/glossary.ts';
import { fewEmoji, inPersona } from '../../../src/main/conversation/experts/concierge/persona.ts';

describe('concierge persona', () => {
  it('keeps one emoji at most, the first', () => {
    expect(fewEmoji('Welcome 🙂 to Seoul 🎉🎉 enjoy 👍🏽')).toBe('Welcome 🙂 to Seoul enjoy');
    expect(fewEmoji('No emoji → fine ©')).toBe('No emoji → fine ©');
  });

  it('explains a hard Korean term once, in the answer’s language', () => {
    expect(explainTerms('Change at Jongno 3-ga (환승).', 'en')).toContain('hwanseung (환승): changing to another line or bus');
    expect(explainTerms('경복궁에 가 보세요.', 'ko')).toContain('궁(宮): 옛 왕이 살던 궁궐');
    expect(explainTerms('Nothing hard here.', 'en')).toBe('Nothing hard here.');
    const once = inPersona('T-money works on the bus. Top up your T-money card.', 'en');
    expect(once.match(/rechargeable card/g)).toHaveLength(1);
  });

  it('reads the places of a route question and the subject of a tourism question', () => {
    expect(routeEnds('How do I get from Seoul Station to Gyeongbokgung by subway?')).toEqual({
      from: 'Seoul Station',
      to: 'Gyeongbokgung',
    });
    expect(routeEnds('서울역에서 경복궁까지 어떻게 가요?')).toEqual({ from: '서울역', to: '경복궁' });
    expect(routeEnds('What is good to eat?')).toBeNull();
    expect(tourismQuery('광장시장 추천해 주세요')).toBe('광장시장');
    expect(tourismQuery('Can you recommend a market in Seoul?')).toBe('market Seoul');
  });
});
