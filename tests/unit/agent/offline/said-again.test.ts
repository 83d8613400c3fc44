import { describe, expect, it } from 'vitest';
import { criterionOf } from '../../../../src/main/agent/offline/criteria.ts';
import { namedOptions } from '../../../../src/main/agent/offline/mention.ts';
import { readPiece } from '../../../../src/main/agent/offline/pieces.ts';
import { showsDate } from '../../../../src/main/agent/offline/skills/date.ts';
import { splitClauses } from '../../../../src/main/agent/offline/split.ts';
import { dayShown } from '../../../../src/main/agent/offline/when.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

describe('days, ordinals and measures told apart', () => {
  it('a day of the month said as an ordinal is a date, not a position among results', () => {
    expect(criterionOf('reserve the river tour for two on friday the 9th at 11am')).toBeUndefined();
    expect(criterionOf('on the 21st, please')).toBeUndefined();
    expect(criterionOf('the 3rd of March')).toBeUndefined();
    expect(criterionOf('open the 4th listing')).toEqual({ by: 'nth', nth: 4 });
    expect(criterionOf('click on the 2nd link')).toEqual({ by: 'nth', nth: 2 });
  });

  it('a distance, a weight or a share is no day', () => {
    expect(dayShown('2.4km')).toBeUndefined();
    expect(dayShown('1.5 kg')).toBeUndefined();
    expect(dayShown('3.5%')).toBeUndefined();
    expect(dayShown('12.24 (목)')).toBe('12-24');
  });

  it('a date box shows the date asked only when its year, month and day are each its own number', () => {
    expect(showsDate('2027-03-05', '2027-03-03')).toBe(false);
    expect(showsDate('2026-11-08', '2026-11-11')).toBe(false);
    expect(showsDate('2026-11-11', '2026-11-11')).toBe(true);
    expect(showsDate('Nov 11, 2026', '2026-11-11')).toBe(true);
  });
});

describe('Korean said the way people type it', () => {
  it('a request’s own ending ends a sentence: what follows is another detail', () => {
    expect(splitClauses('토요일 두 시로 잡아주세요 변가을 010-1212-3434')).toEqual(['토요일 두 시로 잡아주세요', '변가을 010-1212-3434']);
    expect(splitClauses('창가 자리로 부탁해요 인원은 셋')).toEqual(['창가 자리로 부탁해요', '인원은 셋']);
  });

  it('a compound said short names the option it shortens', () => {
    const m = pageModelOf({
      groups: [
        {
          kind: 'radio',
          label: '분야',
          form: 0,
          options: [
            { handle: '0:1', label: '종합소득세', checked: false },
            { handle: '0:2', label: '법인세', checked: false },
          ],
        },
      ],
    });
    expect(namedOptions('종소세 상담', m)).toEqual([{ kind: 'choose', option: '종합소득세', ref: '분야' }]);
  });
});

describe('a Korean field name said with or without its space, or short', () => {
  const m = pageModelOf({ fields: [fieldOf('주차 위치', { handle: '0:1' }), fieldOf('회원 번호', { handle: '0:2' })] });
  it('names the one field whose label is it, spaces aside', () => {
    expect(readPiece('회원번호 88123', m)).toEqual([{ kind: 'fill', ref: '회원 번호', value: '88123' }]);
    expect(readPiece('회원 번호 88123', m)).toEqual([{ kind: 'fill', ref: '회원 번호', value: '88123' }]);
    expect(readPiece('회번호 88123', m)).toEqual([{ kind: 'fill', ref: '회원 번호', value: '88123' }]);
  });
});
