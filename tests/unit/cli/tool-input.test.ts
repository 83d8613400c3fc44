import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorsForTool, toolFor } from '../../../src/cli/commands.ts';
import { buildToolInput, exampleCommand } from '../../../src/cli/tool-input.ts';
import { StewardError } from '../../../src/shared/errors.ts';

const tool = (r: string, v: string) => {
  const t = toolFor(r, v);
  if (!t) throw new Error(`no tool for ${r} ${v}`);
  return t;
};

describe('flags → tool input', () => {
  it('maps kebab-case flags to camelCase fields and parses non-string values as JSON', () => {
    const nav = tool('page', 'navigate');
    expect(buildToolInput(nav, { flags: { type: 'reload', 'ignore-cache': true }, page: '2' }, 'cdt page navigate')).toEqual({
      type: 'reload',
      ignoreCache: true,
      pageId: '2',
    });
    expect(buildToolInput(tool('page', 'resize'), { flags: { width: '800', height: '600' } }, 'cdt page resize')).toEqual({
      width: 800,
      height: 600,
    });
    const form = buildToolInput(
      tool('element', 'fill-form'),
      { flags: { elements: '[{"uid":"1_1","value":"42"}]' } },
      'cdt element fill-form',
    );
    expect(form).toEqual({ elements: [{ uid: '1_1', value: '42' }] });
  });

  it('keeps string fields as typed, even when they look like JSON', () => {
    const fill = buildToolInput(tool('element', 'fill'), { flags: { uid: '1_1', value: '123' } }, 'cdt element fill');
    expect(fill).toEqual({ uid: '1_1', value: '123' });
  });

  it('an unknown option is a usage error naming the known ones', () => {
    try {
      buildToolInput(tool('page', 'navigate'), { flags: { colour: 'red' } }, 'cdt page navigate');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StewardError);
      expect((e as StewardError).code).toBe('USAGE_ERROR');
      expect((e as StewardError).suggestions[0]).toBe('cdt page navigate --help');
      expect(String((e as StewardError).details.known)).toContain('--url');
    }
  });

  it('--input-file gives the base input; flags win; a bad file is FILE_ACCESS or VALIDATION_ERROR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdt-unit-'));
    try {
      const file = join(dir, 'in.json');
      writeFileSync(file, JSON.stringify({ type: 'url', url: 'https://a.test' }));
      expect(buildToolInput(tool('page', 'navigate'), { flags: { url: 'https://b.test' }, inputFile: file }, 'x')).toEqual({
        type: 'url',
        url: 'https://b.test',
      });
      writeFileSync(file, '[1,2]');
      expect(() => buildToolInput(tool('page', 'navigate'), { flags: {}, inputFile: file }, 'x')).toThrow(/not a JSON object/);
      expect(() => buildToolInput(tool('page', 'navigate'), { flags: {}, inputFile: join(dir, 'missing.json') }, 'x')).toThrow(
        /Cannot read/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('examples render as runnable command lines and each command knows its error codes', () => {
    expect(exampleCommand(tool('page', 'open'), { url: 'https://example.com' })).toBe('cdt page open --url https://example.com');
    expect(exampleCommand(tool('runtime', 'eval'), { function: '() => document.title' })).toBe(
      "cdt runtime eval --function '() => document.title'",
    );
    expect(errorsForTool(tool('element', 'click'))).toEqual(expect.arrayContaining(['ELEMENT_NOT_FOUND', 'STALE_UID', 'VALIDATION_ERROR']));
  });
});
