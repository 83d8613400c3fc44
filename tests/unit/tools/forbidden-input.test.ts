import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, forbiddenInput } from '../../../src/main/tools/policy.ts';

describe('input the engine never types', () => {
  it('a payment card field, by its words, in either language', () => {
    expect(forbiddenInput(DEFAULT_POLICY, 'card number', '20241187')).toMatch(/card number/);
    expect(forbiddenInput(DEFAULT_POLICY, '카드번호', '1234')).toBeDefined();
    expect(forbiddenInput(DEFAULT_POLICY, 'credit card number', '1234')).toBeDefined();
  });

  it('a library, member or student card number is not a payment card — unless the value itself is one', () => {
    expect(forbiddenInput(DEFAULT_POLICY, 'library card number', '20241187')).toBeUndefined();
    expect(forbiddenInput(DEFAULT_POLICY, '도서관 카드번호', '20241187')).toBeUndefined();
    expect(forbiddenInput(DEFAULT_POLICY, 'library card number', '4111 1111 1111 1111')).toMatch(/value is a card number/);
    expect(forbiddenInput(DEFAULT_POLICY, 'membership card number (debit)', '1234')).toBeDefined();
    expect(forbiddenInput(DEFAULT_POLICY, 'library card password', '1234')).toMatch(/password/);
  });
});
