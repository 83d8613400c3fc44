/**
 * Makes sure a Chromium exists for the tests. On a fresh Debian machine where none exists
 * and we are root, installs Debian's `chromium` package (never a downloaded browser build).
 * Otherwise stops with one sentence saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { CHROMIUM_MISSING_MESSAGE, findChromium } from '../src/main/browser/chromium-path.ts';

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!process.env.CHROME_PATH && isRoot && hasApt) {
    console.error('[steward] No Chromium found; installing Debian package `chromium` with apt-get …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-nanum'], { stdio: 'inherit', env });
    }
    const after = findChromium();
    if (after) return after;
  }
  console.error(`[steward] ${CHROMIUM_MISSING_MESSAGE}`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  console.error(`[steward] Chromium: ${path}`);
}
