/**
 * One browser slot: the browser of one context — its own Chromium (own profile directory) or an
 * attached endpoint — with its pages, console and network logs, and the queue of its commands.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserDriver } from '../../../main/browser/driver.ts';
import { StewardError } from '../../../shared/errors.ts';
import type { CallerInfo } from '../../caller.ts';
import type { Selection } from '../caller-view.ts';
import { contextLogSinks } from '../context-logs.ts';
import { writeJsonAtomic } from '../files.ts';
import { killProfileProcesses } from '../processes.ts';
import { CommandQueue } from '../queue.ts';
import type { ResolvedBy } from '../resolver.ts';

export interface SlotOptions {
  id: string;
  dir: string;
  resolvedBy: ResolvedBy;
  label: string;
  headless: boolean;
  browserEndpoint?: string;
  shortLived: boolean;
  /** How long the slot may stay idle before the daemon closes it (written to lease.json). */
  leaseMs?: number;
}

export interface SlotInfo {
  id: string;
  resolvedBy: ResolvedBy;
  label: string;
  headless: boolean;
  browserEndpoint: string | null;
  profileDir: string | null;
  startedAt: string;
  lastUsedAt: string;
  owners: Array<{ pid: number; startTime: string }>;
  pages: number;
  queued: number;
}

export class BrowserSlot {
  readonly opts: SlotOptions;
  readonly queue = new CommandQueue();
  readonly owners = new Map<string, { pid: number; startTime: string }>();
  readonly startedAt = Date.now();
  lastUsedAt = Date.now();
  closed = false;
  #driver: BrowserDriver;
  /** The selected page of each caller of a shared context (caller key → page id). */
  readonly #selections = new Map<string, string>();

  private constructor(opts: SlotOptions, driver: BrowserDriver) {
    this.opts = opts;
    this.#driver = driver;
  }

  get driver(): BrowserDriver {
    return this.#driver;
  }
  get profileDir(): string {
    return join(this.opts.dir, 'chrome-profile');
  }
  get artifactsDir(): string {
    return join(this.opts.dir, 'artifacts');
  }

  static async open(opts: SlotOptions): Promise<BrowserSlot> {
    mkdirSync(join(opts.dir, 'artifacts'), { recursive: true, mode: 0o700 });
    const { BrowserDriver } = await import('../../../main/browser/driver.ts');
    let driver: BrowserDriver;
    try {
      driver = opts.browserEndpoint
        ? await BrowserDriver.connect(opts.browserEndpoint)
        : await BrowserDriver.launch({ headless: opts.headless, userDataDir: join(opts.dir, 'chrome-profile') });
    } catch (e) {
      killProfileProcesses(join(opts.dir, 'chrome-profile'));
      rmSync(opts.dir, { recursive: true, force: true });
      if (e instanceof StewardError) throw e;
      const code = opts.browserEndpoint ? 'CDP_DISCONNECTED' : 'BROWSER_LAUNCH_FAILED';
      throw new StewardError(
        code,
        `Could not ${opts.browserEndpoint ? `attach to ${opts.browserEndpoint}` : 'start Chromium'}: ${(e as Error).message}`,
        {
          cause: e,
          suggestions: opts.browserEndpoint
            ? ['Check the endpoint, then: cdt session start --browser-endpoint <ws-url>']
            : ['Install Chromium or set CHROME_PATH, then: cdt session start'],
        },
      );
    }
    // Console, network, emulation, capture and trace collectors on every page, before its first script.
    const { installPageServices } = await import('../../../main/browser/page-services.ts');
    await installPageServices(driver, contextLogSinks(opts.dir));
    const slot = new BrowserSlot(opts, driver);
    slot.saveMetadata();
    return slot;
  }

  touch(owner?: { pid: number; startTime: string }): void {
    this.lastUsedAt = Date.now();
    const key = owner ? `${owner.pid}:${owner.startTime}` : undefined;
    const newOwner = owner && key && !this.owners.has(key);
    if (owner && key) this.owners.set(key, owner);
    if (this.closed || !existsSync(this.opts.dir)) return;
    this.#saveLease();
    if (newOwner) this.#saveOwner();
  }

  /** lease.json: when the slot was last used and when it is closed if nobody uses it again. */
  #saveLease(): void {
    const leaseMs = this.opts.leaseMs ?? null;
    writeJsonAtomic(join(this.opts.dir, 'lease.json'), {
      contextId: this.opts.id,
      leaseMs,
      shortLived: this.opts.shortLived,
      lastUsedAt: new Date(this.lastUsedAt).toISOString(),
      expiresAt: leaseMs === null ? null : new Date(this.lastUsedAt + leaseMs).toISOString(),
      // a context bound to its callers' processes also ends when every owner has exited
      endsWithOwners: this.opts.resolvedBy !== 'env',
    });
  }

  /** owner.json: the daemon serving the slot and the agent processes (pid + start time) that use it. */
  #saveOwner(): void {
    writeJsonAtomic(join(this.opts.dir, 'owner.json'), {
      contextId: this.opts.id,
      daemonPid: process.pid,
      resolvedBy: this.opts.resolvedBy,
      owners: [...this.owners.values()],
    });
  }

  /** One caller's selected page in this browser; the caller is its agent process (or, unknown, its parent). */
  selectionOf(caller: CallerInfo): Selection {
    const key = caller.owner ? `${caller.owner.pid}:${caller.owner.startTime}` : `parent:${caller.parentPid}`;
    return {
      get: () => this.#selections.get(key),
      set: (pageId) => {
        this.#selections.set(key, pageId);
        if (this.#selections.size > 64) {
          const open = new Set(this.#driver.pages().map((p) => p.id));
          for (const [k, id] of this.#selections) if (!open.has(id)) this.#selections.delete(k);
        }
      },
    };
  }

  info(): SlotInfo {
    let pages = 0;
    try {
      pages = this.#driver.pages().length;
    } catch {}
    return {
      id: this.opts.id,
      resolvedBy: this.opts.resolvedBy,
      label: this.opts.label,
      headless: this.opts.headless,
      browserEndpoint: this.opts.browserEndpoint ?? null,
      profileDir: this.opts.browserEndpoint ? null : this.profileDir,
      startedAt: new Date(this.startedAt).toISOString(),
      lastUsedAt: new Date(this.lastUsedAt).toISOString(),
      owners: [...this.owners.values()],
      pages,
      queued: this.queue.pending,
    };
  }

  saveMetadata(): void {
    if (this.closed || !existsSync(this.opts.dir)) return;
    writeJsonAtomic(join(this.opts.dir, 'metadata.json'), { ...this.info(), daemonPid: process.pid });
    this.#saveLease();
    this.#saveOwner();
  }

  /** Closes the browser (or detaches from an endpoint) and removes the slot's files. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.race([this.#driver.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
    if (!this.opts.browserEndpoint) killProfileProcesses(this.profileDir);
    rmSync(this.opts.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}
