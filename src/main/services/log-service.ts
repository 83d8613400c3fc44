import { readFile } from 'node:fs/promises';
import { StewardError } from '../../shared/errors.ts';
import type { EventFilter, SessionDetail, SessionSummary } from '../../shared/ipc/index.ts';
import { conversationTitle } from '../conversation/ui/stored.ts';
import type { Store } from '../store/index.ts';
import type { Session } from '../store/sessions.ts';
import type { Handlers } from './dispatch.ts';
import { eventPage, sessionIdsMatching, toLogEvent } from './event-query.ts';
import { failingStory, sessionOutcome, stepStories } from './session-story.ts';

type LogHandlers = Pick<Handlers, 'logs.sessions' | 'logs.events' | 'logs.session' | 'logs.export' | 'logs.import' | 'artifacts.image'>;

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : undefined);

function summary(store: Store, s: Session): SessionSummary {
  const err = store.db.get<{ code: string }>(
    'SELECT error_code AS code FROM events WHERE session_id = ? AND error_code IS NOT NULL ORDER BY seq DESC LIMIT 1',
    [s.id],
  );
  const endedAt = ['active', 'running'].includes(s.status) ? undefined : ms(s.updated_at);
  return {
    id: s.id,
    // by what the person asked, so six form fills are six different lines
    title: conversationTitle(store, s.id, s.goal) || s.intent || s.id,
    startedAt: Date.parse(s.created_at),
    ...(endedAt !== undefined ? { endedAt } : {}),
    status: sessionOutcome(store, s.id, s.status),
    ...(s.pack ? { pack: s.pack } : {}),
    ...(err ? { errorClass: err.code } : {}),
    eventCount: store.events.count(s.id),
  };
}

const hasEventCriteria = (f: EventFilter) =>
  Boolean(f.text?.trim() || f.types?.length || f.errorClass || f.pack || f.from !== undefined || f.to !== undefined);

/** logs.* and artifacts.*: the support staff's read side of the store, plus bundle export/import. */
export function logHandlers(store: Store): LogHandlers {
  const requireSession = (id: string) => {
    const s = store.records.getSession(id);
    if (!s) {
      throw new StewardError('CONTEXT_NOT_FOUND', `No session "${id}".`, {
        suggestions: ['Pick a session from the list.'],
        details: { sessionId: id },
      });
    }
    return s;
  };
  return {
    'logs.sessions': async ({ limit, ...filter }) => {
      const sessions = hasEventCriteria(filter)
        ? sessionIdsMatching(store, filter, limit).flatMap((id) => store.records.getSession(id) ?? [])
        : store.records.listSessions({ limit });
      return sessions.map((s) => summary(store, s));
    },
    'logs.events': async ({ offset, limit, ...filter }) => eventPage(store, filter, offset, limit),
    'logs.session': async ({ sessionId }) => {
      const s = requireSession(sessionId);
      const turns = store.records
        .turns(sessionId)
        .flatMap((t) => [
          { id: `${t.id}:user`, ts: Date.parse(t.started_at), role: 'user', text: t.user_text },
          ...(t.reply_text !== null
            ? [{ id: `${t.id}:reply`, ts: ms(t.finished_at) ?? Date.parse(t.started_at), role: 'assistant', text: t.reply_text }]
            : []),
        ]);
      const toolCalls = store.runs.toolCalls(sessionId).map((c) => ({
        id: c.id,
        ts: Date.parse(c.started_at),
        tool: c.tool,
        status: c.status,
        ...(c.duration_ms !== null ? { durationMs: c.duration_ms } : {}),
        args: c.input,
        result: c.error ?? c.output,
        ...(c.error ? { errorClass: c.error.code } : {}),
      }));
      const decisions = store.events
        .query({ session_id: sessionId, types: ['state_transition', 'POLICY_DECISION', 'PRE_TOOL_DECISION'], limit: 1000 })
        .events.map((e) => ({
          ts: Date.parse(e.ts),
          from: String(e.data.from ?? e.type),
          event: String(e.data.event ?? e.data.decision ?? e.message),
          to: String(e.data.to ?? e.data.outcome ?? ''),
        }));
      const screenshots = store.runs
        .artifacts(sessionId)
        .filter((a) => a.mime.startsWith('image/'))
        .map((a) => ({
          stepId: a.step_id ?? a.kind,
          phase: a.kind.includes('before') ? ('before' as const) : ('after' as const),
          artifactId: a.id,
        }));
      const head = summary(store, s);
      const events = store.events.forSession(sessionId);
      const steps = stepStories(events);
      const failing = failingStory(events, steps, head.status);
      return { session: head, turns, toolCalls, decisions, screenshots, steps, ...(failing ? { failingStep: failing } : {}) };
    },
    'logs.export': async ({ sessionId }) => {
      requireSession(sessionId);
      return { fileName: `steward-session-${sessionId}.json`, bundle: JSON.stringify(store.exportSessionBundle(sessionId)) };
    },
    'logs.import': async ({ bundle }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(bundle);
      } catch {
        throw new StewardError('VALIDATION_ERROR', 'The bundle is not valid JSON.', {
          suggestions: ['Choose a file exported by “Export bundle”.'],
        });
      }
      return { sessionId: store.importSessionBundle(parsed, { rename: true }).session_id };
    },
    'artifacts.image': async ({ artifactId }) => {
      const a = store.db.get<{ mime: string; path: string | null; session_id: string }>(
        'SELECT mime, path, session_id FROM artifacts WHERE id = ?',
        [artifactId],
      );
      if (!a?.mime.startsWith('image/')) {
        throw new StewardError('CONTEXT_NOT_FOUND', `No image artifact "${artifactId}".`, {
          suggestions: ['Reopen the session; the artifact list may have changed.'],
        });
      }
      const bytes = store.runs.artifactContent(artifactId) ?? (a.path ? await readFile(a.path).catch(() => undefined) : undefined);
      if (!bytes) {
        throw new StewardError('FILE_ACCESS', `The screenshot file of artifact "${artifactId}" is missing.`, {
          details: { path: a.path },
          suggestions: ['Check that the artifacts folder of this session still exists.'],
        });
      }
      return { mime: a.mime, dataBase64: Buffer.from(bytes).toString('base64') };
    },
  };
}

export { toLogEvent };
