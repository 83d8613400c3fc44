import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADVERSARIAL } from '../../../bench/patterns-inputs.ts';
import { parseMoney, parseStops, typeRows } from '../../../src/main/plan/extract.ts';
import { isSensitiveField, redact, redactText, redactToolInput } from '../../../src/main/tools/redact/index.ts';

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

  it('masks card numbers grouped by dots or spaces, and at the end of a sentence', () => {
    for (const card of ['4111.1111.1111.1111', '4111 1111 1111 1111', '4111-1111-1111-1111', '4111111111111111', '5500.0000.0000.0004']) {
      const out = redactText(`paid with ${card}.`);
      expect(out, card).not.toContain(card);
      expect(out).toMatch(/\*\*\*\*-\*\*\*\*-\*\*\*\*-\d{4}\.$/);
    }
    // not a card: a date, a version, a 12-digit order number
    expect(redactText('2026.11.24 v1.2.3 order 202611180001')).toBe('2026.11.24 v1.2.3 order 202611180001');
  });

  it('masks one-time codes as the SMS and the person write them (en + ko)', () => {
    const sms = '[스튜어드샵] 인증번호 [482913] 를 입력해 주세요. Your code is 715204. OTP: 0042';
    const out = redactText(sms);
    expect(out).not.toMatch(/482913|715204|0042/);
    expect(redactText('일회용 비밀번호 123456')).not.toContain('123456');
  });

  it('masks PIN, passphrase and 비번 values next to their label', () => {
    const out = redactText('PIN: 9876, passphrase=correct-horse, 비번은 tiger77, password is hunter2-Secret');
    expect(out).not.toMatch(/9876|correct-horse|tiger77|hunter2/);
  });

  it('masks e-mails exactly as a first letter and the domain, and leaves near misses alone', () => {
    expect(redactText('mail a.b-c@mail.example.co.kr now')).toBe('mail a***@mail.example.co.kr now');
    expect(redactText('x@y.c1 @home .@a.bc')).toBe('x@y.c1 @home .@a.bc');
    expect(redactText('kim@example.com,lee@example.org')).toBe('k***@example.com,l***@example.org');
  });

  it('masks the value of a sensitive field in a snapshot line, not of others', () => {
    const snap = '1_2 textbox "OTP 인증번호" [value="482913"]\n1_3 textbox "Name" [value="Kim"]';
    expect(redactText(snap)).toBe('1_2 textbox "OTP 인증번호" [value="[REDACTED]"]\n1_3 textbox "Name" [value="Kim"]');
  });

  it('1 MB of each adversarial shape runs through redact and the extractor (a hang guard; no timing asserted)', { timeout: 60_000 }, () => {
    for (const [name, gen] of Object.entries(ADVERSARIAL)) {
      const s = gen(1024 * 1024);
      const out = redact({ message: s });
      expect(out.message.length, name).toBeGreaterThan(0);
      parseMoney(s);
      parseStops(s);
      typeRows([{ _text: s, price: null, stops: null }], ['price', 'stops']);
    }
  });
});

describe('sensitive fields and tool inputs', () => {
  it('treats PIN, passphrase, 비번/비밀번호, OTP and card fields as sensitive, and ordinary ones not', () => {
    for (const f of [
      'PIN',
      'pin code',
      'Passphrase',
      '비번',
      '비밀번호 확인',
      'OTP',
      '인증번호',
      'Card number',
      'one-time code',
      '2FA code',
    ]) {
      expect(isSensitiveField(f), f).toBe(true);
    }
    for (const f of ['Shipping address', 'Name', 'Spinner', 'Email', '검색']) expect(isSensitiveField(f), f).toBe(false);
  });

  it('masks what a refused or sensitive fill or type_text would have typed', () => {
    expect(redactToolInput({ uid: '1_2', value: 'hunter2-Secret' }, '', true)).toEqual({ uid: '1_2', value: '[REDACTED]' });
    expect(redactToolInput({ text: '1234', submitKey: 'Enter' }, 'textbox "PIN"')).toEqual({ text: '[REDACTED]', submitKey: 'Enter' });
    expect(redactToolInput({ elements: [{ uid: 'a', value: 'x' }] }, 'textbox "비번"')).toEqual({
      elements: [{ uid: 'a', value: '[REDACTED]' }],
    });
    expect(redactToolInput({ text: 'Tokyo' }, 'textbox "From"')).toEqual({ text: 'Tokyo' });
  });

  it('masks a value under a secret key and a phone key in objects', () => {
    expect(redact({ otp: '123456', phone: '01012345678', passphrase: 'x y z', code: '4821', nested: { api_key: 'k' } })).toEqual({
      otp: '[REDACTED]',
      phone: '010-****-5678',
      passphrase: '[REDACTED]',
      code: '[REDACTED]',
      nested: { api_key: '[REDACTED]' },
    });
  });
});

describe('identifiers', () => {
  it('keeps UUIDs whole (session, approval and call ids), hundreds in one text', async () => {
    const ids = Array.from({ length: 800 }, () => randomUUID());
    ids.push('4899c0ed-1612-4949-9836-24948a86663d'); // once cut by the grouped-card rule
    const text = ids.map((id, i) => `step ${i} approval ${id}`).join('\n');
    expect(redactText(text)).toBe(text);
  });
  it('still masks a secret whose value is a UUID, and numbers beside UUIDs', () => {
    const out = redactText('api_key=4899c0ed-1612-4949-9836-24948a86663d call 4111 1111 1111 1111 id 0f0e0d0c-0b0a-4909-8807-060504030201');
    expect(out).not.toContain('4899c0ed');
    expect(out).not.toContain('4111 1111');
    expect(out).toContain('0f0e0d0c-0b0a-4909-8807-060504030201');
  });
});

describe('card numbers by their shape', () => {
  it('masks cards in their own grouping, not ids whose digits happen to pass the checksum', () => {
    expect(redactText('card 4111 1111 1111 1111')).not.toContain('4111 1111 1111 1111');
    expect(redactText('amex 3782-822463-10005')).not.toContain('822463');
    expect(redactText('card 4111111111111111')).not.toContain('4111111111111111');
    // 13+ digits split 1-13: an item id, Luhn-valid by chance
    expect(redactText('item B-1-1764000000008')).toBe('item B-1-1764000000008');
  });
});
