/**
 * Leases: a slot idle longer than its lease is closed; a slot whose owning agent process is gone
 * (fingerprint, share-group and fallback contexts) is closed and its files removed. An idle daemon
 * with no slots exits on its own, as does one whose CDT_HOME was removed.
 */
import { existsSync } from 'node:fs';
import type { Broker } from './broker.ts';
import { isSameProcessAlive } from './processes.ts';

/** A daemon that no call ever reached (it started too late to be needed) exits after this long. */
const NEVER_USED_MS = 60_000;

export interface LeaseOptions {
  idleMs: number;
  fallbackIdleMs: number;
  sweepMs: number;
  daemonIdleMs: number;
}

export function leaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LeaseOptions {
  const num = (k: string, d: number) => {
    const n = Number(env[k]);
    return Number.isFinite(n) && n > 0 ? n : d;
  };
  return {
    idleMs: num('CDT_IDLE_MS', 30 * 60_000),
    fallbackIdleMs: num('CDT_FALLBACK_IDLE_MS', 2 * 60_000),
    sweepMs: num('CDT_SWEEP_MS', 2000),
    daemonIdleMs: num('CDT_DAEMON_IDLE_MS', 60 * 60_000),
  };
}

export class LeaseManager {
  readonly #broker: Broker;
  readonly #opts: LeaseOptions;
  readonly #onDaemonIdle: () => void;
  #timer: NodeJS.Timeout | undefined;
  #sweeping = false;

  constructor(broker: Broker, opts: LeaseOptions, onDaemonIdle: () => void) {
    this.#broker = broker;
    this.#opts = opts;
    this.#onDaemonIdle = onDaemonIdle;
  }

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.#opts.sweepMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async sweep(now = Date.now()): Promise<string[]> {
    if (this.#sweeping) return [];
    this.#sweeping = true;
    const closed: string[] = [];
    try {
      for (const slot of [...this.#broker.slots.values()]) {
        if (slot.queue.pending > 0) continue;
        const lease = slot.opts.shortLived ? this.#opts.fallbackIdleMs : this.#opts.idleMs;
        const ownerBound = slot.opts.resolvedBy !== 'env' && slot.owners.size > 0;
        const ownersGone = ownerBound && [...slot.owners.values()].every((o) => !isSameProcessAlive(o.pid, o.startTime));
        const reason = ownersGone ? 'owner process gone' : now - slot.lastUsedAt > lease ? 'lease expired' : undefined;
        if (reason && (await this.#broker.closeSlot(slot.opts.id, reason))) closed.push(slot.opts.id);
      }
      const idle = this.#broker.slots.size === 0 && now - this.#broker.lastActivity > this.#opts.daemonIdleMs;
      const neverUsed = this.#broker.slots.size === 0 && this.#broker.handled === 0 && now - this.#broker.startedAt > NEVER_USED_MS;
      const homeGone = !existsSync(this.#broker.opts.paths.home);
      if (idle || neverUsed || homeGone) this.#onDaemonIdle();
    } finally {
      this.#sweeping = false;
    }
    return closed;
  }
}
