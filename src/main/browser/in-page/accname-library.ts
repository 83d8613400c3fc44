import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/**
 * The page-side accessibility library: dom-accessibility-api (the W3C accname and
 * html-aam role rules) packed into one script that runs in a page. Its CommonJS build is a
 * handful of files requiring each other by relative path; each is wrapped in a function and
 * registered under its path, and a small `require` links them, so no bundler is needed.
 * Evaluating the script yields `{ getRole, computeAccessibleName, isDisabled }`.
 */
let cached: string | undefined;

function jsFiles(dir: string, root: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(path, root));
    else if (entry.name.endsWith('.js'))
      out.push([relative(root, path).replace(/\\/g, '/').replace(/\.js$/, ''), readFileSync(path, 'utf8')]);
  }
  return out;
}

export function accnameLibrarySource(): string {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('dom-accessibility-api'));
  const modules = jsFiles(dist, dist)
    // its Array.from polyfill (for old browsers) costs more than the name rules themselves: Chromium has the real one
    .map(([name, code]): [string, string] => [
      name,
      name === 'polyfills/array.from' ? 'exports.__esModule = true; exports.default = Array.from;' : code,
    ])
    .map(
      ([name, code]) =>
        `${JSON.stringify(name)}: function (module, exports, require) {\n${code.replace(/\/\/# sourceMappingURL=.*$/gm, '')}\n}`,
    )
    .join(',\n');
  cached = `(() => {
const defs = {\n${modules}\n};
const cache = {};
const resolve = (from, spec) => {
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/').replace(/\\.js$/, '');
};
const load = (name) => {
  if (cache[name]) return cache[name].exports;
  const def = defs[name];
  if (!def) throw new Error('accname library: no module ' + name);
  const module = { exports: {} };
  cache[name] = module;
  def(module, module.exports, (spec) => load(resolve(name, spec)));
  return module.exports;
};
const api = load('index');
return { getRole: api.getRole, computeAccessibleName: api.computeAccessibleName, isDisabled: api.isDisabled };
})()`;
  return cached;
}
