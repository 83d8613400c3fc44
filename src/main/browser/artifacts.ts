import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StewardError } from '../../shared/errors.ts';

export interface Artifact {
  path: string;
  sha256: string;
  bytes: number;
  /** ISO time the file was written. */
  createdAt: string;
}

export interface RetentionLimits {
  /** Keep at most this many artifacts (oldest removed first). */
  maxFiles: number;
  /** Keep at most this many bytes of artifacts (oldest removed first). */
  maxBytes: number;
}

/** 200 files / 500 MB unless STEWARD_ARTIFACTS_MAX_FILES / STEWARD_ARTIFACTS_MAX_BYTES say otherwise. */
export function defaultRetention(env: NodeJS.ProcessEnv = process.env): RetentionLimits {
  const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    maxFiles: num(env.STEWARD_ARTIFACTS_MAX_FILES, 200),
    maxBytes: num(env.STEWARD_ARTIFACTS_MAX_BYTES, 500 * 1024 * 1024),
  };
}

/** Names of files this store writes: `<kind>-<yyyymmddThhmmssmmm>-<6 hex>.<ext>`; nothing else in the folder is touched. */
const OWN_FILE = /^(screenshot|trace)-\d{8}T\d{9}-[0-9a-f]{6}\.[a-z0-9.]+$/;

const SCREENSHOTS = 'screenshots';
/** The retention pass under way in each folder (by path): passes run one after another. */
const pruning = new Map<string, Promise<unknown>>();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** This store's files in the folder and in its dated screenshot folders (one retention over all of them). */
async function ownFiles(dir: string): Promise<Array<{ path: string; name: string }>> {
  const list = async (d: string) =>
    (await readdir(d).catch(() => [] as string[])).filter((n) => OWN_FILE.test(n)).map((name) => ({ path: join(d, name), name }));
  const out = await list(dir);
  const days = (await readdir(join(dir, SCREENSHOTS)).catch(() => [] as string[])).filter((n) => DAY.test(n));
  for (const day of days) out.push(...(await list(join(dir, SCREENSHOTS, day))));
  return out;
}

/**
 * The folder screenshots and traces are written to, with a retention limit: after each write the
 * oldest of its own files are removed beyond N files or B bytes — in the background, one pass at
 * a time (a write returns once its file is written; `settled` waits for the passes under way).
 */
export class ArtifactStore {
  readonly dir: string;
  readonly limits: RetentionLimits;
  /** Screenshots go to `screenshots/YYYY-MM-DD/` (UTC day) under the folder instead of the folder itself. */
  readonly datedScreenshots: boolean;

  constructor(dir: string, limits: Partial<RetentionLimits> = {}, opts: { datedScreenshots?: boolean } = {}) {
    this.dir = dir;
    this.limits = { ...defaultRetention(), ...limits };
    this.datedScreenshots = opts.datedScreenshots === true;
  }

  async write(kind: 'screenshot' | 'trace', ext: string, data: Uint8Array | string): Promise<Artifact> {
    const now = new Date();
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '');
    const folder = kind === 'screenshot' && this.datedScreenshots ? join(this.dir, SCREENSHOTS, now.toISOString().slice(0, 10)) : this.dir;
    const path = join(folder, `${kind}-${stamp}-${randomBytes(3).toString('hex')}.${ext}`);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    try {
      // screenshots can show what the person typed: owner-only folders and files
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await writeFile(path, bytes, { mode: 0o600 });
    } catch (e) {
      throw new StewardError('FILE_ACCESS', `Could not write ${path}: ${(e as Error).message}`, {
        cause: e,
        details: { path },
        suggestions: ['Check that the artifacts folder is writable and the disk has space, or pass another artifacts folder.'],
      });
    }
    const artifact = {
      path,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.byteLength,
      createdAt: now.toISOString(),
    };
    // listing and sizing every file the folder keeps is not the writer's wait (one pass at a time per folder)
    const pass = (pruning.get(this.dir) ?? Promise.resolve()).then(() => this.prune(path)).catch(() => undefined);
    pruning.set(this.dir, pass);
    void pass.then(() => {
      if (pruning.get(this.dir) === pass) pruning.delete(this.dir);
    });
    return artifact;
  }

  /** Resolves when the retention passes begun by writes to this folder are done. */
  async settled(): Promise<void> {
    await pruning.get(this.dir);
  }

  /** Removes the oldest own files beyond the limits; `keep` (the file just written) is never removed. */
  async prune(keep?: string): Promise<{ removed: string[] }> {
    const names = await ownFiles(this.dir);
    if (!names.length) return { removed: [] };
    const files = (
      await Promise.all(
        names.map(async ({ path, name }) => {
          const s = await stat(path).catch(() => undefined);
          return s ? { path, name, bytes: s.size, mtime: s.mtimeMs } : undefined;
        }),
      )
    ).filter((f) => f !== undefined);
    // Newest first: by mtime, then by the time stamp in the name.
    files.sort((a, b) => b.mtime - a.mtime || b.name.slice(b.name.indexOf('-')).localeCompare(a.name.slice(a.name.indexOf('-'))));
    const removed: string[] = [];
    let count = 0;
    let total = 0;
    for (const f of files) {
      count++;
      total += f.bytes;
      if (f.path !== keep && (count > this.limits.maxFiles || total > this.limits.maxBytes)) {
        await rm(f.path, { force: true });
        removed.push(f.path);
        count--;
        total -= f.bytes;
      }
    }
    return { removed };
  }
}
