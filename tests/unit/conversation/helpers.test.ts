import { describe, expect, it } from 'vitest';
import { turnLocale } from '../../../src/main/conversation/input.ts';
import { classifyField } from '../../../src/main/packs/forms/classify.ts';
import { formEntries } from '../../../src/main/packs/forms/pack.ts';
import { chosenPosition } from '../../../src/main/packs/shared/ranking.ts';
import { matchesProduct, shippingOf } from '../../../src/main/packs/shopping/pack.ts';
import { redact } from '../../../src/main/tools/redact/index.ts';

describe('form field classification', () => {
  it('classifies by autocomplete, label and name, and marks sensitive fields', () => {
    expect(classifyField({ name: 'surname', label: '성 (영문) Surname', type: 'text', autocomplete: 'family-name' })).toMatchObject({
      key: 'surname',
      sensitive: false,
    });
    expect(classifyField({ name: 'x1', label: '이메일 Email', type: 'email' })).toMatchObject({ key: 'email' });
    expect(classifyField({ name: 'passportNumber', label: '여권 번호 Passport number', type: 'text' }).sensitive).toBe(true);
    expect(classifyField({ name: 'rrn', label: '주민등록번호', type: 'text' }).sensitive).toBe(true);
    expect(classifyField({ name: 'card', label: 'Card', type: 'text', autocomplete: 'cc-number' }).sensitive).toBe(true);
    expect(classifyField({ name: 'pw', label: 'Secret', type: 'password' }).sensitive).toBe(true);
  });

  it('fills from the profile plus overrides, never a sensitive value even when the profile has it', () => {
    const entries = formEntries({
      profiles: { default: { surname: 'KIM', email: 'a@b.c', passport_number: 'M12345678' } },
      fields_override: { email: 'new@b.c' },
    });
    expect(entries.find((e) => e.field === 'surname')).toMatchObject({ value: 'KIM', source: 'profile' });
    expect(entries.find((e) => e.field === 'email')).toMatchObject({ value: 'new@b.c', source: 'override' });
    expect(entries.find((e) => e.field === 'passportNumber')).toMatchObject({ sensitive: true });
    expect(entries.find((e) => e.field === 'passportNumber')?.value).toBeUndefined();
  });
});

describe('small rules the packs and the orchestrator rely on', () => {
  it('reads which presented result the person means', () => {
    expect(chosenPosition('1번으로 예약해줘')).toBe(1);
    expect(chosenPosition('두 번째 걸로 예약')).toBe(2);
    expect(chosenPosition('book the second one')).toBe(2);
    expect(chosenPosition('그걸로 예약해 주세요')).toBe(1);
    expect(chosenPosition('예약해 주세요')).toBeUndefined();
  });

  it('matches the same product across shops and reads shipping', () => {
    expect(matchesProduct('[Apple] 에어팟 프로 2 AirPods Pro 2 (USB-C)', { product_name: '에어팟 프로 2' })).toBe(true);
    expect(matchesProduct('Samsung Galaxy Buds FE 갤럭시 버즈 FE', { product_name: '갤럭시 버즈3 프로' })).toBe(false);
    expect(shippingOf('무료배송 Free shipping')).toBe(0);
    expect(shippingOf('배송비 3,000원 Shipping ₩3,000')).toBe(3000);
    expect(shippingOf(2500)).toBe(2500);
  });

  it('keeps the conversation language for bare codes and switches on real words', () => {
    expect(turnLocale('123456', 'en', 'ko', false)).toBe('ko');
    expect(turnLocale('ORD-20261120-0003', 'en', 'ko', false)).toBe('ko');
    expect(turnLocale('my number is 010-2222-3333', 'en', 'ko', false)).toBe('en');
    expect(turnLocale('네', 'ko', 'en', false)).toBe('ko');
  });

  it('masks phones and secrets in audit data', () => {
    const r = redact({
      phone: '01012345678',
      otp: '123456',
      nested: { customer_verification_token: 'cvt_x', recipient_phone: '01098765432' },
      code: 'OTP_EXPIRED',
    });
    expect(r).toEqual({
      phone: '010-****-5678',
      otp: '[REDACTED]',
      nested: { customer_verification_token: '[REDACTED]', recipient_phone: '010-****-5432' },
      code: 'OTP_EXPIRED',
    });
  });
});
