/**
 * HTTP for the agent API: `POST /api/agent/{intent,plan,execute,verify,approve}` with a JSON body.
 * The caller has already passed the host's lock (secret and Host header). A page of another
 * origin is refused (403) even with the cookie, and the body must be JSON, so a form on some web
 * page cannot drive the engine. Every failure is the one error value: 400 with the field paths for
 * input that does not match its schema, 404 for an unknown route, 409 for a state conflict.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { CODE_INFO, type ErrorCode, StewardError, toErrorValue } from '../../../shared/errors.ts';
import { issuePath } from '../../../shared/plan.ts';
import { ApproveInput, ExecuteInput, IntentInput, PlanInput, VerifyInput } from './schemas.ts';
import type { AgentApi } from './service.ts';

export const API_PREFIX = '/api/agent/';
const ROUTES = new Set(['intent', 'plan', 'execute', 'verify', 'approve']);
const MAX_BODY = 256 * 1024;

const STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  USAGE_ERROR: 400,
  PAGE_NOT_FOUND: 404,
  STATE_CONFLICT: 409,
  APPROVAL_REQUIRED: 409,
  BROWSER_LAUNCH_FAILED: 503,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(`${JSON.stringify(body)}\n`);
}

function fail(res: ServerResponse, e: unknown): void {
  const err = toErrorValue(e);
  send(res, STATUS[err.code] ?? (CODE_INFO[err.code].exit === 11 ? 500 : 422), { error: err });
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(
          new StewardError('VALIDATION_ERROR', `The body is larger than ${MAX_BODY / 1024} KB.`, { details: { limit_bytes: MAX_BODY } }),
        );
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text.trim() ? JSON.parse(text) : {});
      } catch (e) {
        reject(
          new StewardError('VALIDATION_ERROR', `The body is not JSON: ${(e as Error).message}`, {
            suggestions: ['Send a JSON object, e.g. {"text":"..."}.'],
          }),
        );
      }
    });
    req.on('error', reject);
  });
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message }));
  const first = issues[0] ?? { path: '(root)', message: 'invalid' };
  throw new StewardError(
    'VALIDATION_ERROR',
    `Invalid input at ${first.path}: ${first.message}. / 입력이 올바르지 않습니다 (${first.path}).`,
    {
      details: { issues },
      suggestions: ['Fix the fields named in details.issues and send again (see docs/openapi.json).'],
    },
  );
}

/** Handles the request when it is an agent API route (returns true), else leaves it alone. */
export function agentApiRoutes(api: AgentApi, sameOrigin: (origin: string | undefined) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(API_PREFIX)) return false;
    const origin = req.headers.origin;
    if (origin !== undefined && !sameOrigin(origin)) {
      send(res, 403, {
        error: toErrorValue(new StewardError('PERMISSION_ERROR', 'Requests from other origins are refused.', { details: { origin } })),
      });
      return true;
    }
    const route = path.slice(API_PREFIX.length);
    if (!ROUTES.has(route)) {
      send(res, 404, {
        error: toErrorValue(
          new StewardError('USAGE_ERROR', `No API route ${path}.`, {
            details: { path },
            suggestions: [`Routes: ${[...ROUTES].map((r) => API_PREFIX + r).join(', ')}.`],
          }),
        ),
      });
      return true;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      send(res, 405, { error: toErrorValue(new StewardError('USAGE_ERROR', `${path} takes POST.`, { details: { method: req.method } })) });
      return true;
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      send(res, 415, {
        error: toErrorValue(
          new StewardError('VALIDATION_ERROR', 'The body must be JSON (Content-Type: application/json).', {
            details: { content_type: req.headers['content-type'] ?? null },
          }),
        ),
      });
      return true;
    }
    const handle = async (): Promise<unknown> => {
      const body = await readJson(req);
      switch (route) {
        case 'intent':
          return api.intent(parse(IntentInput, body));
        case 'plan':
          return api.plan(parse(PlanInput, body));
        case 'execute':
          return api.execute(parse(ExecuteInput, body).plan_id);
        case 'verify':
          return api.verify(parse(VerifyInput, body).plan_id);
        default:
          return api.approve(parse(ApproveInput, body));
      }
    };
    handle().then(
      (out) => send(res, 200, out),
      (e) => {
        if (!res.headersSent) fail(res, e);
      },
    );
    return true;
  };
}
