import { z } from 'zod';
import type { ConsoleMessage } from '../console-log.ts';
import type { BrowserToolContext } from '../context.ts';
import { pageServices } from '../page-services.ts';
import { defineTool } from '../tool.ts';
import { pageId, paging, reportPage, targetPage, timeout, timeoutOf } from './common.ts';

const types = z
  .array(z.string().min(1))
  .optional()
  .describe('Keep these types or levels: log, info, warning, error, debug, exception, network, security, …');
const text = z.string().min(1).optional().describe('Text to match: plain text (substring), a glob with *, or /regex/flags.');

const brief = (m: ConsoleMessage) => ({
  id: m.id,
  type: m.type,
  level: m.level,
  text: m.text.length > 500 ? `${m.text.slice(0, 500)}…` : m.text,
  ...(m.url ? { url: m.url, line: m.line } : {}),
  timestamp: m.timestamp,
});
const lineOf = (m: ConsoleMessage) => `#${m.id} [${m.type}] ${m.text.length > 200 ? `${m.text.slice(0, 200)}…` : m.text}`;

export const listConsoleMessages = defineTool({
  name: 'list_console_messages',
  cli: { resource: 'console', verb: 'list' },
  category: 'console',
  description:
    'List the console messages and uncaught exceptions of a page since it opened, optionally filtered by type/level and text, one result page at a time.',
  schema: z.object({ pageId, types, text, ...paging('Messages') }),
  readOnly: true,
  example: { types: ['error', 'warning'] },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { console } = await pageServices(ctx.driver, page);
    const result = console.list({ types: input.types, text: input.text }, input);
    reportPage(response, result, { key: 'messages', noun: 'console message', brief, lineOf });
  },
});

export const getConsoleMessage = defineTool({
  name: 'get_console_message',
  cli: { resource: 'console', verb: 'get' },
  category: 'console',
  description: 'Get one console message by id with its arguments, source location and stack.',
  schema: z.object({ pageId, msgid: z.coerce.number().int().positive().describe('Message id from list_console_messages.') }),
  readOnly: true,
  example: { msgid: 1 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { console } = await pageServices(ctx.driver, page);
    const message = console.get(input.msgid);
    response.set('message', message);
    response.line(lineOf(message));
    for (const s of message.stack ?? []) response.line(`  at ${s}`);
  },
});

export const waitForConsole = defineTool({
  name: 'wait_for_console',
  cli: { resource: 'console', verb: 'wait' },
  category: 'console',
  description:
    'Wait for a console message matching a text pattern (and optionally types). Only new messages count unless includeExisting is set.',
  schema: z.object({
    pageId,
    text: z.string().min(1).describe('Text to match: plain text (substring), a glob with *, or /regex/flags.'),
    types,
    includeExisting: z.boolean().optional().describe('Also accept a message logged before this call.'),
    timeout,
  }),
  readOnly: true,
  example: { text: '/saved|done/i', timeout: 10_000 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { console } = await pageServices(ctx.driver, page);
    const message = await console.waitFor(
      { text: input.text, types: input.types, sinceId: input.includeExisting ? 0 : console.lastId() },
      timeoutOf(ctx, input),
      ctx.signal,
    );
    response.set('message', brief(message));
    response.line(lineOf(message));
  },
});

export const consoleTools = [listConsoleMessages, getConsoleMessage, waitForConsole];
