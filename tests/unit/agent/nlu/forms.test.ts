/** Forms as people dictate them: phone numbers with or without a field name, profiles named as "정보"/"info". */
import { describe, expect, it } from 'vitest';
import { findContacts } from '../../../../src/main/agent/nlu/contacts.ts';
import { findForm } from '../../../../src/main/agent/nlu/forms.ts';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { NOW, TZ, u } from './helpers.ts';

const form = (text: string) => {
  const x = u(text);
  return findForm(x, findContacts(x, { orderContext: false }));
};

describe('dictated fields', () => {
  it('keeps a phone number given for a form, however it is introduced', () => {
    expect(form('가입 폼 작성 번호 010-3141-5926').fieldsOverride).toEqual({ phone: '01031415926' });
    expect(form('지원서 채워줘 이름 한가람 전화 010 2718 2818').fieldsOverride).toEqual({ name: '한가람', phone: '01027182818' });
    expect(form('contact form, phone 212-555-0147').fieldsOverride).toEqual({ phone: '2125550147' });
  });
});

describe('profiles', () => {
  it('reads "회사 정보로", "기본정보로", "my personal info" as the profile', () => {
    expect(form('설문 폼 회사 정보로 채워').profileId).toBe('work');
    expect(form('가입 양식 기본정보로').profileId).toBe('default');
    expect(form('fill the survey with my personal info').profileId).toBe('personal');
  });

  it('takes the last profile named when one was taken back', () => {
    const r = parseUtterance('visa form — use my personal profile, no wait, work', { now: NOW, tz: TZ });
    expect(r.slots).toMatchObject({ form_purpose: 'visa application', profile_id: 'work' });
  });
});
