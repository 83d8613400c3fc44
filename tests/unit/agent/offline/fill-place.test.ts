import { describe, expect, it } from 'vitest';
import { fillPlace } from '../../../../src/main/agent/offline/fill-place.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

/** Where a value said for a named place goes: a field of that purpose in other words, never a statement into a typed box. */
describe('the place for a value said with a name', () => {
  const step2 = pageModelOf({
    fields: [
      fieldOf('신청자 정보', { handle: '0:1', purpose: 'full_name' }),
      fieldOf('출생일 (6자리)', { handle: '0:2', purpose: 'birth_date' }),
      fieldOf('처음 수강합니다', { handle: '0:3', kind: 'checkbox', checked: false }),
      fieldOf('요청 사항', { handle: '0:4', kind: 'textarea', purpose: 'message' }),
    ],
  });

  it('"생일" finds the one field for a birth date, though the page calls it 출생일', () => {
    const p = fillPlace('생일', '880512', step2);
    expect(p && 'field' in p ? p.field.handle : undefined).toBe('0:2');
  });

  it('a statement about the person is no value for a name box or a tick box', () => {
    expect(fillPlace('신청자', '이번이 처음이에요', step2)).toBeUndefined();
    expect(
      fillPlace('visit', "it's my first visit here", pageModelOf({ fields: [fieldOf('Visit', { kind: 'select', options: [] })] })),
    ).toBeUndefined();
  });

  it('a statement may still be written in a box for free text', () => {
    const p = fillPlace('요청 사항', '창가 자리로 부탁드립니다', step2);
    expect(p && 'field' in p ? p.field.handle : undefined).toBe('0:4');
  });

  it('a page without the place: none (a later step may have it)', () => {
    expect(
      fillPlace('phone', '010-1234-5678', pageModelOf({ fields: [fieldOf('Branch', { kind: 'select', options: [] })] })),
    ).toBeUndefined();
  });

  it('a box for a phone number or an e-mail takes only a value of that shape', () => {
    const m = pageModelOf({
      fields: [fieldOf("Mobile (it's how we reach you)", { handle: '0:9', purpose: 'phone', texts: ["it's how we reach you"] })],
    });
    expect(fillPlace('it', '4 kg', m)).toBeUndefined();
    const p = fillPlace('phone', '010-5151-0000', m);
    expect(p && 'field' in p ? p.field.handle : undefined).toBe('0:9');
  });
});
