/**
 * The code's house rules, checked over src/ as it is on disk: no import cycles (type-only imports
 * count), no casts that switch the type checker off, and no comment that cites a document, an
 * issue or a team the repository does not hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const files = sources(SRC);
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));

/** Every relative module a file names: import/export … from, import('…') (types included). */
function importsOf(file: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
  for (const m of (text.get(file) ?? '').matchAll(re)) {
    const target = resolve(dirname(file), m[2] as string);
    if (text.has(target)) out.push(target);
  }
  return out;
}

/** Strongly connected groups of more than one module (or one importing itself): the import cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return found;
}

/** The comment text of a file (line and block comments), one entry per line. */
function commentLines(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)) out.push(...m[0].split('\n'));
  return out;
}

describe('house rules over src/', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => importsOf(f).length > 0)).toBe(true);
  });

  it('has no import cycles, type-only imports included', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(cycles(graph).map((g) => g.map((f) => relative(ROOT, f)))).toEqual([]);
  });

  it('has no cast that switches the type checker off', () => {
    const casts = files.flatMap((f) =>
      (text.get(f) ?? '')
        .split('\n')
        .flatMap((line, i) => (/\bas (never|unknown as)\b/.test(line) ? [`${relative(ROOT, f)}:${i + 1}`] : [])),
    );
    expect(casts).toEqual([]);
  });

  it('has no comment citing a document, an issue or a team the repository lacks', () => {
    const cites = /\bseed\s*0*\d|§|\bissue\s*#?\d|(?<![\w&])#\d{2,}\b|\b[A-Z]\d's\b|\b[A-Z]\d (?:wires|owns|team|builds)\b/i;
    const found = files.flatMap((f) =>
      commentLines(text.get(f) ?? '').flatMap((c) => (cites.test(c) ? [`${relative(ROOT, f)}: ${c.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('the checks find what they look for', () => {
  it('a cycle, a cast and a citation written here are caught by the same patterns', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a', 'd']],
      ['e', []],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(/\bas (never|unknown as)\b/.test('const x = y as unknown as Z;')).toBe(true);
    expect(/\bas (never|unknown as)\b/.test('a page it has never seen')).toBe(false);
    expect(commentLines("const a = 'http://x'; // see seed 002 §5").join(' ')).toMatch(/seed 002/);
  });
});
