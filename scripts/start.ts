/**
 * `npm start`: builds and opens the Electron app. Where no Electron binary or no display
 * exists, says so in one clear message and names the headless alternative.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronBinary(): string | undefined {
  try {
    const pkgDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const bin = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

const HEADLESS =
  'Run the same app in your browser instead: `npm run serve` (then open the URL it prints), or `npm run demo` to try it on local demo sites; drive a browser from scripts with `npm run cdt -- --help`.';

const bin = electronBinary();
if (!bin) {
  console.error(
    `Steward cannot open its desktop window: the Electron binary is not installed (its download is not reachable from this machine; \`npx install-electron\` fetches it where the internet is reachable).\n${HEADLESS}`,
  );
  process.exit(1);
}
if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.error(`Steward cannot open its desktop window: there is no display (DISPLAY is not set).\n${HEADLESS}`);
  process.exit(1);
}
const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const args = ['.'];
if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
const run = spawnSync(bin, args, { stdio: 'inherit' });
process.exit(run.status ?? 0);
