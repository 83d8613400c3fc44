/**
 * A laboratory environment: one store, the packs, and for each route a runtime of its own with
 * its own tool servers started by `connect` (so one route's OTPs, orders and tickets never
 * leak into another's). close() stops every server the routes started.
 */
import type { PackRegistry } from '../../packs/registry.ts';
import type { Store } from '../../store/index.ts';
import { ToolRuntime } from '../../tools/runtime.ts';
import type { LabEnv } from './runner.ts';

export function labEnv(o: {
  store: Store;
  packs: PackRegistry;
  /** Starts this route's tool servers in its runtime; returns what to close. */
  connect?: (runtime: ToolRuntime) => Promise<Array<{ close(): Promise<void> }>>;
  sites?: Record<string, string>;
  now?: () => Date;
  tz?: string;
}): { env: LabEnv; close(): Promise<void> } {
  const open: Array<{ close(): Promise<void> }> = [];
  const env: LabEnv = {
    store: o.store,
    packs: o.packs,
    runtime: async () => {
      const runtime = new ToolRuntime({ store: o.store, timeoutMs: 30_000 });
      if (o.connect) open.push(...(await o.connect(runtime)));
      return runtime;
    },
    ...(o.sites ? { sites: o.sites } : {}),
    ...(o.now ? { now: o.now } : {}),
    ...(o.tz ? { tz: o.tz } : {}),
  };
  return {
    env,
    close: async () => {
      for (const c of open.splice(0)) await c.close().catch(() => undefined);
    },
  };
}
