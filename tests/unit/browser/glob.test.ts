import { describe, expect, it } from 'vitest';
import { ADVERSARIAL } from '../../../bench/patterns-inputs.ts';
import { parseMoney } from '../../../src/main/agent/page-model/values.ts';
import { globMatch } from '../../../src/main/browser/glob.ts';
import { textMatcher } from '../../../src/main/browser/paged-log.ts';
import { urlMatches } from '../../../src/main/browser/waits.ts';

describe('globs without regular expressions', () => {
  it('match as an anchored glob would', () => {
    expect(globMatch('*/api/*/orders', 'http://x/api/v2/orders')).toBe(true);
    expect(globMatch('*/api/*/orders', 'http://x/api/v2/orders/1')).toBe(false);
    expect(globMatch('http://*', 'https://x')).toBe(false);
    expect(globMatch('a*a', 'a')).toBe(false);
    expect(globMatch('a*a', 'aa')).toBe(true);
    expect(globMatch('*', '')).toBe(true);
    expect(globMatch('ab*cd*ef', 'abcdef')).toBe(true);
    expect(globMatch('ab*cd*ef', 'abcdcdxef')).toBe(true);
    expect(globMatch('ab*cd*ef', 'abef')).toBe(false);
    expect(globMatch('*ERROR*', 'an error here', { ignoreCase: true })).toBe(true);
    expect(urlMatches('http://127.0.0.1:1/booking?id=3', '*/booking*')).toBe(true);
    expect(textMatcher('*fail*ed*')('Request FAILED, retried')).toBe(true);
  });

  it('the page model reads amounts as before', () => {
    expect(parseMoney('총 412,000원')).toEqual({ value: 412000, currency: 'KRW' });
    expect(parseMoney('$1,234.50')).toEqual({ value: 1234.5, currency: 'USD' });
    expect(parseMoney('5만원')).toEqual({ value: 50000, currency: 'KRW' });
  });

  it('1 MB of each adversarial shape through globs and the page money reader (a hang guard)', { timeout: 60_000 }, () => {
    for (const [name, gen] of Object.entries(ADVERSARIAL)) {
      const s = gen(1024 * 1024);
      expect(textMatcher('*a*1*b*2*@*x')(s), name).toBeTypeOf('boolean');
      expect(urlMatches(s, '*1*2*3*4*.*-*z'), name).toBeTypeOf('boolean');
      parseMoney(s);
    }
  });
});
