import { describe, expect, it } from 'vitest';
import { CODE_INFO, ERROR_CODES, ErrorValue, exitCodeFor, StewardError, toErrorValue } from '../../src/shared/errors.ts';

describe('error values', () => {
  it('every code has an exit code, a meaning and a suggestion', () => {
    for (const code of ERROR_CODES) {
      expect(CODE_INFO[code].suggestion.length).toBeGreaterThan(5);
      expect([2, 3, 4, 5, 6, 7, 8, 10, 11]).toContain(exitCodeFor(code));
    }
  });

  it('a thrown StewardError converts to a valid ErrorValue with a default suggestion', () => {
    const v = toErrorValue(new StewardError('STALE_UID', 'uid 3_7 is stale'));
    expect(ErrorValue.parse(v)).toEqual(v);
    expect(v.suggestions[0]).toMatch(/new snapshot/);
    expect(v.retryable).toBe(false);
  });

  it('an unknown error becomes INTERNAL and keeps its message', () => {
    expect(toErrorValue(new TypeError('boom'))).toMatchObject({ code: 'INTERNAL', message: 'boom' });
  });
});
