/**
 * Context resolution, in priority: --context-id (operator, names an existing context) →
 * CDT_CONTEXT_ID → --share-group → a fingerprint of the calling agent (stable ancestor pid +
 * its start time, tty, cwd) → a short-lived fallback key with a warning.
 */
import { createHash } from 'node:crypto';
import type { CallerInfo } from '../caller.ts';

export type ResolvedBy = 'context-id' | 'env' | 'share-group' | 'fingerprint' | 'fallback';

export interface ResolvedContext {
  /** Short stable id, also the folder name under CDT_HOME/contexts. */
  id: string;
  resolvedBy: ResolvedBy;
  /** What the id was computed from, for `session status`. */
  label: string;
  /** The agent process that owns the context (fingerprint contexts close when it is gone). */
  owner?: { pid: number; startTime: string };
  shortLived: boolean;
  warning?: string;
}

function hashId(kind: string, value: string): string {
  return `ctx_${createHash('sha256').update(`${kind}\0${value}`).digest('hex').slice(0, 12)}`;
}

export function resolveContext(caller: CallerInfo): ResolvedContext {
  const owner = caller.owner ? { pid: caller.owner.pid, startTime: caller.owner.startTime } : undefined;
  if (caller.contextId) return { id: caller.contextId, resolvedBy: 'context-id', label: caller.contextId, shortLived: false };
  if (caller.envContextId)
    return {
      id: hashId('env', caller.envContextId),
      resolvedBy: 'env',
      label: `CDT_CONTEXT_ID=${caller.envContextId}`,
      owner,
      shortLived: false,
    };
  if (caller.shareGroup)
    return {
      id: hashId('group', caller.shareGroup),
      resolvedBy: 'share-group',
      label: `share-group=${caller.shareGroup}`,
      owner,
      shortLived: false,
    };
  if (caller.owner) {
    const o = caller.owner;
    return {
      id: hashId('fp', `${o.pid}:${o.startTime}:${o.tty}:${caller.cwd}`),
      resolvedBy: 'fingerprint',
      label: `${o.comm}[${o.pid}] tty=${o.tty} cwd=${caller.cwd}`,
      owner,
      shortLived: false,
    };
  }
  return {
    id: hashId('fallback', `${caller.parentPid}:${caller.cwd}`),
    resolvedBy: 'fallback',
    label: `fallback cwd=${caller.cwd}`,
    shortLived: true,
    warning: 'Could not identify the calling agent; using a short-lived browser context. Set CDT_CONTEXT_ID or --share-group to keep one.',
  };
}
