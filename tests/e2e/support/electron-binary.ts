import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The Electron binary, if one is installed (node_modules/electron/path.txt + dist/). Found without
 * requiring the 'electron' package, whose index.js would try to download it.
 */
export function electronBinary(): string | undefined {
  if (process.env.ELECTRON_PATH && existsSync(process.env.ELECTRON_PATH)) return process.env.ELECTRON_PATH;
  const dir = resolve('node_modules/electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const bin = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : undefined;
}
