import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import type { NetworkRequest } from '../network-log.ts';
import { pageServices } from '../page-services.ts';
import { defineTool } from '../tool.ts';
import { pageId, paging, reportPage, targetPage, timeout, timeoutOf } from './common.ts';

const filters = {
  url: z.string().min(1).optional().describe('URL pattern: plain text (substring), a glob with *, or /regex/flags.'),
  method: z.string().min(1).optional().describe('HTTP method, e.g. GET or POST.'),
  status: z
    .union([z.number().int().min(100).max(599), z.string().regex(/^(\d{3}|[1-5]xx|\d{3}\s*-\s*\d{3})$/i)])
    .optional()
    .describe('Status: exact (404), a class ("4xx") or a range ("400-499").'),
  resourceTypes: z
    .array(z.string().min(1))
    .optional()
    .describe('Resource types: Document, Stylesheet, Image, Script, XHR, Fetch, Font, Media, Other, …'),
};

const lineOf = (r: NetworkRequest) =>
  `#${r.id} ${r.method} ${r.url} ${r.state === 'failed' ? `FAILED ${r.failure}` : (r.status ?? 'pending')} [${r.resourceType}]${
    r.timing.totalMs !== undefined ? ` ${r.timing.totalMs} ms` : ''
  }`;

const brief = (r: NetworkRequest) => {
  const { requestId: _r, sessionId: _s, ...rest } = r;
  return rest;
};

export const listNetworkRequests = defineTool({
  name: 'list_network_requests',
  cli: { resource: 'network', verb: 'list' },
  category: 'network',
  description:
    'List the network requests of a page since it opened (id, url, method, type, status, timing), optionally filtered by URL pattern, method, status and resource type, one result page at a time.',
  schema: z.object({ pageId, ...filters, ...paging('Requests') }),
  readOnly: true,
  example: { resourceTypes: ['Fetch', 'XHR'], status: '4xx' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { network } = await pageServices(ctx.driver, page);
    const result = network.list(input, input);
    reportPage(response, result, { key: 'requests', noun: 'request', brief, lineOf });
  },
});

export const getNetworkRequest = defineTool({
  name: 'get_network_request',
  cli: { resource: 'network', verb: 'get' },
  category: 'network',
  description: 'Get one network request by id with its request and response headers, timing, and the response body when asked.',
  schema: z.object({
    pageId,
    reqid: z.coerce.number().int().positive().describe('Request id from list_network_requests.'),
    includeBody: z.boolean().optional().describe('Also fetch the response body (text, or base64 for binary; capped at 100 000 chars).'),
  }),
  readOnly: true,
  example: { reqid: 1, includeBody: true },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { network } = await pageServices(ctx.driver, page);
    const { requestId: _r, sessionId: _s, ...request } = await network.get(input.reqid, { includeBody: input.includeBody });
    response.set('request', request);
    response.line(lineOf({ ...request, requestId: '' }));
    if (request.body && 'text' in request.body && !request.body.base64) response.line(request.body.text.slice(0, 2000));
  },
});

export const waitForRequest = defineTool({
  name: 'wait_for_request',
  cli: { resource: 'network', verb: 'wait' },
  category: 'network',
  description:
    'Wait until a request matching a URL pattern, method and/or status has finished (or failed). Only new requests count unless includeExisting is set.',
  schema: z
    .object({
      pageId,
      ...filters,
      includeExisting: z.boolean().optional().describe('Also accept a request that finished before this call.'),
      timeout,
    })
    .refine((i) => i.url || i.method || i.status !== undefined || i.resourceTypes?.length, {
      message: 'give at least one of url, method, status, resourceTypes',
      path: ['url'],
    }),
  readOnly: true,
  example: { url: '/api/search', method: 'GET', status: 200 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { network } = await pageServices(ctx.driver, page);
    const request = await network.waitFor(
      { ...input, sinceId: input.includeExisting ? 0 : network.lastId() },
      timeoutOf(ctx, input),
      ctx.signal,
    );
    response.set('request', brief(request));
    response.line(lineOf(request));
  },
});

export const networkTools = [listNetworkRequests, getNetworkRequest, waitForRequest];
