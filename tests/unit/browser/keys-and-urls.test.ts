import { describe, expect, it } from 'vitest';
import { parseChord } from '../../../src/main/browser/keys.ts';
import { diffLines } from '../../../src/main/browser/snapshot/diff.ts';
import { urlMatches } from '../../../src/main/browser/waits.ts';

describe('key chords', () => {
  it('parses modifiers and one key', () => {
    expect(parseChord('Control+Shift+R')).toMatchObject({ modifiers: ['Control', 'Shift'], key: { key: 'R', code: 'KeyR', keyCode: 82 } });
    expect(parseChord('Enter')).toMatchObject({ modifiers: [], key: { key: 'Enter', code: 'Enter', text: '\r' } });
    expect(parseChord('Ctrl+a')).toMatchObject({ modifiers: ['Control'], key: { code: 'KeyA' } });
    expect(parseChord('Shift++')).toMatchObject({ modifiers: ['Shift'], key: { key: '+' } });
    expect(parseChord('F5').key.keyCode).toBe(116);
  });
  it('rejects unknown modifiers and keys with VALIDATION_ERROR', () => {
    expect(() => parseChord('Hyper+Q')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(() => parseChord('Control+Banana')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('URL patterns', () => {
  it('matches substrings, globs and regexes', () => {
    expect(urlMatches('http://a.test/results?q=1', '/results')).toBe(true);
    expect(urlMatches('http://a.test/results?q=1', '*/results*')).toBe(true);
    expect(urlMatches('http://a.test/results?q=1', '*/checkout*')).toBe(false);
    expect(urlMatches('http://a.test/order/42', '/order\\/\\d+$/')).toBe(true);
  });
});

describe('snapshot diff', () => {
  const line = (key: string, depth: number, text: string) => ({ key, depth, line: text });
  it('marks new, changed and removed lines and prints unchanged ancestors once', () => {
    const previous = new Map([
      ['a', 'main'],
      ['b', '1_1 button "Save"'],
      ['c', '1_2 button "Old"'],
    ]);
    const now = [line('a', 0, 'main'), line('b', 1, '1_1 button "Saved"'), line('d', 1, '1_3 link "New"')];
    expect(diffLines(now, previous)).toEqual(['  main', '+  1_1 button "Saved"', '+  1_3 link "New"', '- 1_2 button "Old"']);
    expect(diffLines([line('a', 0, 'main')], new Map([['a', 'main']]))).toEqual(['(no changes since the last snapshot)']);
  });
});
