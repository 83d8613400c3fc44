import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import type { EffectGuard } from '../../../src/main/tools/effects/effect.ts';
import { packTool } from '../../../src/main/tools/pack-source.ts';
import { DEFAULT_POLICY } from '../../../src/main/tools/policy.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { StewardError } from '../../../src/shared/errors.ts';

/**
 * The runtime's side of the gate by effect fails closed: a judge that cannot tell, or a hold that
 * cannot be set up, never lets the action run unwatched; and the hold lasts until the tool has
 * really stopped, not until its timeout fired. (The browser side is pinned on TrapMart.)
 */
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function setup(guard: Partial<EffectGuard>, run: () => Promise<unknown> = async () => ({})) {
  const store = openStore(':memory:');
  stores.push(store);
  store.records.createSession({ id: 's' });
  const runtime = new ToolRuntime({ store, backoffMs: () => 1, timeoutMs: 2000, policy: DEFAULT_POLICY });
  const log: string[] = [];
  const effects: EffectGuard = {
    judge: async () => undefined,
    watch: async () => ({ finish: async () => (log.push('finish'), []) }),
    pageText: () => '',
    ...guard,
  };
  runtime.register({
    ...packTool({
      name: 'click',
      description: 'acts',
      schema: z.object({ uid: z.string() }),
      run: async () => {
        log.push('run');
        await run();
        log.push('ran');
        return {};
      },
    }),
    effects,
  });
  return { runtime, store, log };
}

describe('the gate by effect fails closed in the runtime', () => {
  it('a judge that throws (not an element error) asks the person instead of running the action', async () => {
    const { runtime, log } = setup({
      judge: async () => {
        throw new Error('Execution context was destroyed');
      },
    });
    const e = await runtime.call('click', { uid: '1_2' }, { session_id: 's' }).catch((x: unknown) => x);
    expect((e as StewardError).code).toBe('APPROVAL_REQUIRED');
    expect(log).not.toContain('run');
    expect(runtime.gate.pending('s')).toHaveLength(1);
  });

  it('a judge that meets a stale element refuses with that error; the action does not run', async () => {
    const { runtime, log } = setup({
      judge: async () => {
        throw new StewardError('STALE_UID', 'gone');
      },
    });
    const e = await runtime.call('click', { uid: '1_2' }, { session_id: 's' }).catch((x: unknown) => x);
    expect((e as StewardError).code).toBe('STALE_UID');
    expect(log).not.toContain('run');
  });

  it('a hold that cannot be set up refuses the call; the action does not run', async () => {
    const { runtime, log, store } = setup({
      watch: async () => {
        throw new StewardError('PROTOCOL_ERROR', 'Fetch.enable failed');
      },
    });
    const e = await runtime.call('click', { uid: '1_2' }, { session_id: 's' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StewardError);
    expect(log).not.toContain('run');
    const rows = store.runs.toolCalls('s');
    expect(rows.every((r) => r.status !== 'started')).toBe(true);
  });

  it('after a timeout the hold ends only once the tool has stopped', async () => {
    const { runtime, log } = setup({}, () => new Promise((r) => setTimeout(r, 300)));
    const e = await runtime.call('click', { uid: '1_2' }, { session_id: 's', timeoutMs: 30, maxAttempts: 1 }).catch((x: unknown) => x);
    expect((e as StewardError).code).toBe('TIMEOUT');
    expect(log).toEqual(['run', 'ran', 'finish']);
  });
});
