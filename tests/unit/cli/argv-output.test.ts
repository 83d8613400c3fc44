import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/argv.ts';
import { renderEnvelope, selectFields } from '../../../src/cli/envelope.ts';
import { errorEnvelope, exitCodeOf, okEnvelope } from '../../../src/cli/output.ts';
import { CODE_INFO, ERROR_CODES, StewardError } from '../../../src/shared/errors.ts';

describe('argv', () => {
  it('splits resource, verb, common options and tool flags', () => {
    const a = parseArgs([
      'page',
      'navigate',
      '--url',
      'https://x.test',
      '--page',
      '2',
      '--timeout=500',
      '--output',
      'text',
      '--fields',
      'id,url',
      '--headed',
      '--ignore-cache',
    ]);
    expect(a.positionals).toEqual(['page', 'navigate']);
    expect(a.flags).toEqual({ url: 'https://x.test', 'ignore-cache': true });
    expect(a.common).toMatchObject({ page: '2', timeout: '500', output: 'text', fields: ['id', 'url'], headless: false, describe: false });
    expect(a.problems).toEqual([]);
  });

  it('reports bad common options as problems', () => {
    expect(parseArgs(['page', 'list', '--output', 'yaml']).problems[0]).toMatch(/--output/);
    expect(parseArgs(['page', 'list', '--timeout', 'soon']).problems[0]).toMatch(/--timeout/);
  });
});

describe('envelope', () => {
  it('--fields keeps only the named fields of each record', () => {
    const data = { requests: [{ id: '1', url: 'u', status: 200, headers: {} }], total: 1 };
    expect(selectFields(data, ['id', 'url', 'status'])).toEqual({ requests: [{ id: '1', url: 'u', status: 200 }] });
    expect(selectFields({ id: 'a', url: 'b', title: 'c' }, ['id'])).toEqual({ id: 'a' });
  });

  it('JSON mode prints exactly one line with no colour; text mode colours only on a TTY', () => {
    const env = errorEnvelope(new StewardError('PAGE_NOT_FOUND', 'no page 9', { suggestions: ['cdt page list'] }));
    const json = renderEnvelope(env, { output: 'json', tty: true });
    expect(json.trim().split('\n')).toHaveLength(1);
    expect(json).not.toContain('\u001b[');
    expect(JSON.parse(json)).toMatchObject({
      ok: false,
      error: { code: 'PAGE_NOT_FOUND', suggestions: ['cdt page list'] },
      meta: { retryable: false },
    });
    expect(renderEnvelope(env, { output: 'text', tty: false })).not.toContain('\u001b[');
    expect(renderEnvelope(env, { output: 'text', tty: true })).toContain('\u001b[');
  });

  it('every error code maps to its exit code; ok is 0', () => {
    expect(exitCodeOf(okEnvelope({}))).toBe(0);
    for (const code of ERROR_CODES) expect(exitCodeOf(errorEnvelope(new StewardError(code, 'x')))).toBe(CODE_INFO[code].exit);
    expect(exitCodeOf(errorEnvelope(new StewardError('TRANSIENT', 'x')))).toBe(8);
    expect(exitCodeOf(errorEnvelope(new Error('boom')))).toBe(11);
    expect(new Set(ERROR_CODES.map((c) => CODE_INFO[c].exit))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 10, 11]));
  });
});
