import { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import type { BrowserToolContext } from '../context.ts';
import { readRowsInPage } from '../in-page/read-rows.ts';
import { pageServices } from '../page-services.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';

export const observeState = defineTool({
  name: 'observe_state',
  cli: { resource: 'observe', verb: 'state' },
  category: 'observe',
  description: 'The page state an agent loop checks between actions: url, title, viewport, scroll position, focused element, open dialog.',
  schema: z.object({
    pageId,
    fingerprint: z
      .enum(['document', 'text'])
      .optional()
      .describe("Also tell which document this is and how many requests its scripts made ('text': and a hash of its text)."),
  }),
  readOnly: true,
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const { observe } = await pageServices(ctx.driver, page);
    const state = await observe.state(input.fingerprint ? { fingerprint: { text: input.fingerprint === 'text' } } : {});
    response.set('state', state);
    response.line(`${state.title || '(no title)'} — ${state.url}`);
    if (state.dialog) response.line(`Dialog open: ${JSON.stringify(state.dialog)}`);
    else if (state.focused) response.line(`Focused: ${state.focused.tag} "${state.focused.name ?? ''}" (${state.focused.selector})`);
  },
});

export const observeTargets = defineTool({
  name: 'observe_targets',
  cli: { resource: 'observe', verb: 'targets' },
  category: 'observe',
  description:
    'The elements an agent could act on (all interactive ones, or those matching a selector/text): bounding box, visible, enabled, editable, in viewport, and a CSS selector that matches exactly that element.',
  schema: z.object({
    pageId,
    selector: z.string().min(1).optional().describe('Only elements matching this CSS selector (default: every interactive element).'),
    text: z.string().min(1).optional().describe('Only elements whose name or text contains this (case-insensitive).'),
    onlyVisible: z.boolean().optional().describe('Leave out elements that are not rendered.'),
    limit: z.number().int().min(1).max(2000).optional().describe('At most this many (default 200).'),
  }),
  readOnly: true,
  example: { text: 'search', onlyVisible: true },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { observe } = await pageServices(ctx.driver, page);
    const { targets, total } = await observe.targets(input);
    response.set('targets', targets);
    response.set('total', total);
    response.line(`${targets.length} of ${total} element(s)`);
    for (const t of targets)
      response.line(
        `${t.tag} "${t.name}" ${t.selector} [${t.visible ? 'visible' : 'hidden'}${t.enabled ? '' : ', disabled'}${t.editable ? ', editable' : ''}${t.inViewport ? '' : ', off-screen'}]`,
      );
  },
});

const container = z
  .object({
    selector: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    role: z.string().min(1).optional(),
  })
  .describe('The list or table holding the rows: a CSS selector, or its role (table, grid, list, region) and accessible name.');

export const observeRows = defineTool({
  name: 'observe_rows',
  cli: { resource: 'observe', verb: 'rows' },
  category: 'observe',
  description:
    'The rows of a results list or table and the raw text of the asked fields in each (looked up by data-field, itemprop, class or data- attribute). Only reads the page.',
  schema: z.object({
    fields: z.array(z.string().min(1)).min(1).max(40).describe('Field names to read in each row, e.g. ["title", "price"].'),
    rowSelector: z
      .string()
      .min(1)
      .optional()
      .describe('CSS selector of one row (default: the first of list items, table rows, articles… that has any).'),
    limit: z.number().int().min(1).max(1000).default(50).describe('At most this many rows.'),
    hints: z
      .record(z.string(), z.array(z.string().min(1)))
      .default({})
      .describe('Other names each field may carry, e.g. {"price": ["amount"]}.'),
    container: container.optional(),
    pageId,
  }),
  readOnly: true,
  example: { fields: ['title', 'price'], container: { role: 'list' } },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { pageId: _page, ...spec } = input;
    const { result, exceptionDetails } = await page.send('Runtime.evaluate', {
      expression: `(${readRowsInPage.toString()})(${JSON.stringify(spec)})`,
      returnByValue: true,
    });
    if (exceptionDetails) {
      const why = String(exceptionDetails.exception?.description ?? exceptionDetails.text).split('\n')[0];
      throw new StewardError('VALIDATION_ERROR', `The rows could not be read: ${why}`, {
        details: { field: 'rowSelector', rowSelector: input.rowSelector ?? null, container: input.container ?? null },
        suggestions: ['Check the row and container selectors are valid CSS.'],
      });
    }
    const value = result.value as Array<Record<string, string | null>> | { error?: string } | undefined;
    if (!Array.isArray(value)) {
      response.set('rows', null);
      response.set('container', 'not_found');
      response.line('The list or table asked for is not on the page.');
      return;
    }
    response.set('rows', value);
    response.line(`${value.length} row(s)`);
    for (const row of value) response.line(JSON.stringify(row));
  },
});

export const observeTools = [observeState, observeTargets, observeRows];
