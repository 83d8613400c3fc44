import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The built React UI the host serves; built on first use so `npm run serve` works on a fresh clone. */
export function ensureRendererBuilt(log: (line: string) => void): string {
  const root = resolve(import.meta.dirname, '../../..');
  const dir = join(root, 'out/renderer');
  if (existsSync(join(dir, 'index.html'))) return dir;
  log('Building the UI once (npm run build) …');
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !existsSync(join(dir, 'index.html'))) {
    log('The UI could not be built. Run `npm run build` and look at its errors, then start the host again.');
    process.exit(1);
  }
  return dir;
}
