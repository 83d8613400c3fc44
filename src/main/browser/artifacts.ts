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

/**
 * The folder screenshots and traces are written to, with a retention limit: after each write the
 * oldest of its own files are removed beyond N files or B bytes.
 */
export class ArtifactStore {
  readonly dir: string;
  readonly limits: RetentionLimits;

  constructor(dir: string, limits: Partial<RetentionLimits> = {}) {
    this.dir = dir;
    this.limits = { ...defaultRetention(), ...limits };
  }

  async write(kind: 'screenshot' | 'trace', ext: string, data: Uint8Array | string): Promise<Artifact> {
    const now = new Date();
    const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', '');
    const path = join(this.dir, `${kind}-${stamp}-${randomBytes(3).toString('hex')}.${ext}`);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    try {
      // screenshots can show what the person typed: owner-only folder and files
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
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
    await this.prune(path);
    return artifact;
  }

  /** Removes the oldest own files beyond the limits; `keep` (the file just written) is never removed. */
  async prune(keep?: string): Promise<{ removed: string[] }> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => OWN_FILE.test(n));
    } catch {
      return { removed: [] };
    }
    const files = (
      await Promise.all(
        names.map(async (name) => {
          const path = join(this.dir, name);
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
