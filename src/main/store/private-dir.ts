/**
 * Steward's data folder (STEWARD_HOME, default ~/.steward) holds sessions, screenshots, settings
 * and API keys: it and everything under it is for its owner only — folders 0700, files 0600 —
 * from creation on (not fixed up after first use). An existing folder from an older version is
 * tightened the same way when the host starts.
 */
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its parents) owner-only; tightens it when it already exists. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates an empty owner-only file when it does not exist yet (so whoever opens it next finds 0600). */
export function ensurePrivateFile(path: string): void {
  if (existsSync(path)) return;
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** The data folder owner-only, and every folder and file under it (symlinks are left alone). */
export function preparePrivateHome(dir: string, depth = 0): void {
  ensurePrivateDir(dir);
  if (depth > 6) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) preparePrivateHome(path, depth + 1);
    else if ((st.mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
  }
}
