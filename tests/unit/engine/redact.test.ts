import { describe, expect, it } from 'vitest';
import { redactText } from '../../../src/main/tools/redact.ts';

describe('redactText', () => {
  it('masks resident numbers, cards, phones, OTP codes, passwords and emails', () => {
    const out = redactText(
      '주민번호 900101-1234567, card 4111 1111 1111 1111, 010-1234-5678, 인증번호: 482913, password: hunter2, kim@example.com',
    );
    expect(out).not.toMatch(/900101-1234567|4111 1111 1111 1111|1234-5678|482913|hunter2|kim@/);
    expect(out).toContain('****-****-****-1111');
    expect(out).toContain('k***@example.com');
  });

  it('masks passport numbers with and without their label, and leaves flight and order numbers alone', () => {
    expect(redactText('KIM MINJI · M12345678 · 2026-12-20')).toBe('KIM MINJI · M******** · 2026-12-20');
    expect(redactText('여권번호: M123A4567')).toBe('여권번호: M********');
    expect(redactText('Passport no: AB1234567')).toBe('Passport no: A********');
    expect(redactText('flight TW854 ORD-20261118-0001 ICN→NRT')).toBe('flight TW854 ORD-20261118-0001 ICN→NRT');
  });
});
