import { describe, expect, it } from 'vitest';
import type { CallerInfo } from '../../../src/cli/caller.ts';
import { findStableAncestor, isPassThrough } from '../../../src/cli/caller.ts';
import { resolveContext } from '../../../src/cli/daemon/resolver.ts';

const base: CallerInfo = {
  cliPid: 100,
  parentPid: 99,
  owner: { pid: 42, startTime: '777', comm: 'claude', tty: 34816 },
  cwd: '/work/project',
};

describe('context resolver priority', () => {
  it('CDT_CONTEXT_ID wins over --share-group and the fingerprint', () => {
    const r = resolveContext({ ...base, envContextId: 'agent-7', shareGroup: 'qa' });
    expect(r.resolvedBy).toBe('env');
    expect(r.id).toBe(resolveContext({ ...base, envContextId: 'agent-7' }).id);
    expect(r.id).not.toBe(resolveContext({ ...base, envContextId: 'agent-8' }).id);
  });

  it('--share-group wins over the fingerprint and ignores who calls', () => {
    const a = resolveContext({ ...base, shareGroup: 'qa' });
    const b = resolveContext({ ...base, shareGroup: 'qa', owner: { pid: 43, startTime: '1', comm: 'other', tty: 0 }, cwd: '/elsewhere' });
    expect(a.resolvedBy).toBe('share-group');
    expect(a.id).toBe(b.id);
  });

  it('the fingerprint depends on the owner process, its start time, tty and cwd', () => {
    const r = resolveContext(base);
    expect(r.resolvedBy).toBe('fingerprint');
    expect(r.owner).toEqual({ pid: 42, startTime: '777' });
    expect(resolveContext({ ...base, cliPid: 555, parentPid: 554 }).id).toBe(r.id);
    expect(resolveContext({ ...base, owner: { ...base.owner!, startTime: '778' } }).id).not.toBe(r.id);
    expect(resolveContext({ ...base, owner: { ...base.owner!, tty: 1 } }).id).not.toBe(r.id);
    expect(resolveContext({ ...base, cwd: '/other' }).id).not.toBe(r.id);
  });

  it('without an identifiable agent it falls back to a short-lived key with a warning', () => {
    const r = resolveContext({ ...base, owner: undefined });
    expect(r.resolvedBy).toBe('fallback');
    expect(r.shortLived).toBe(true);
    expect(r.warning).toMatch(/CDT_CONTEXT_ID/);
  });

  it('--context-id (operator) names a context directly, above everything', () => {
    const r = resolveContext({ ...base, contextId: 'ctx_abc', envContextId: 'x', shareGroup: 'y' });
    expect(r).toMatchObject({ id: 'ctx_abc', resolvedBy: 'context-id' });
  });
});

describe('stable ancestor', () => {
  it('skips shells and package runners but not an agent written in Node', () => {
    const p = (comm: string, cmdline: string) => ({ pid: 1, ppid: 0, comm, startTime: '0', tty: 0, cmdline, args: cmdline.split(' ') });
    expect(isPassThrough(p('bash', 'bash -c cdt page list'))).toBe(true);
    expect(isPassThrough(p('npm exec', '/usr/bin/node /usr/lib/node_modules/npm/bin/npm-cli.js exec cdt'))).toBe(true);
    expect(isPassThrough(p('node', 'node /repo/bin/cdt.mjs page list'))).toBe(true);
    expect(isPassThrough(p('node', 'node /agents/my-agent.js'))).toBe(false);
    expect(isPassThrough(p('python3', 'python3 agent.py'))).toBe(false);
    expect(isPassThrough(p('node', 'node -e require("x").run("src/cli/cdt.ts")'))).toBe(false);
    expect(isPassThrough(p('npm exec cdt pa', 'npm exec cdt page list'))).toBe(true);
  });

  it('finds this test process (a Node agent) from itself', () => {
    const me = findStableAncestor(process.pid);
    expect(me?.pid).toBe(process.pid);
  });
});
