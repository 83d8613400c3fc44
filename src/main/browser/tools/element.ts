import { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import { click, drag, hover } from '../actions.ts';
import type { BrowserToolContext } from '../context.ts';
import { fill, uploadFile } from '../fill.ts';
import { selectOption } from '../select.ts';
import { defineTool, type ToolResponse } from '../tool.ts';
import { button, includeSnapshot, pageId, targetPage, timeout, timeoutOf, uid } from './common.ts';

const settleMs = z
  .number()
  .int()
  .min(0)
  .max(5000)
  .optional()
  .describe(
    'After acting, also wait until the DOM has been quiet this long. By default the wait covers exactly what the action set in motion (navigation, requests, timers, animations) and returns at once when it set nothing in motion.',
  );
const actionOpts = (ctx: BrowserToolContext, input: { timeout?: number; settleMs?: number }) => ({
  timeoutMs: timeoutOf(ctx, input),
  ...(input.settleMs !== undefined ? { quietMs: input.settleMs } : {}),
});

/** Where an action acted: the page and the element (uid) or point. */
export interface ActionAt {
  page: string;
  target: string | { x: number; y: number } | null;
}

/**
 * The common part of every acting tool's result: page, target, how long the action and its settling
 * took, and whether anything followed it — a navigation, a dialog, or what the settle wait saw
 * (requests, timers, animations, DOM mutations). `noop` means none of these; a change that leaves
 * no such trace (a checkbox without listeners, an input's value) is not seen by it.
 */
export function actionSummary(r: { navigated: boolean; dialog?: unknown; settle?: unknown }, at: ActionAt, startedAt: number) {
  const evidence = [...((r.settle as { waitedFor?: string[] } | undefined)?.waitedFor ?? [])];
  if (r.navigated && !evidence.includes('navigation')) evidence.push('navigation');
  if (r.dialog) evidence.push('dialog');
  const changed = evidence.length > 0;
  return { page: at.page, target: at.target, durationMs: Math.round(performance.now() - startedAt), changed, noop: !changed, evidence };
}

/** Writes an action's outcome: navigation, a dialog it opened, the URL now, and the common action summary. */
export function reportAction(
  response: ToolResponse,
  what: string,
  r: { navigated: boolean; url: string; dialog?: unknown; settle?: unknown },
  snap: boolean,
  at?: ActionAt & { startedAt: number },
) {
  if (at) response.set('action', actionSummary(r, at, at.startedAt));
  response.set('navigated', r.navigated);
  response.set('url', r.url);
  if (r.settle) response.set('settle', r.settle);
  if (r.dialog) {
    response.set('dialog', r.dialog);
    const d = r.dialog as { type: string; message: string };
    response.line(`${what}; it opened a ${d.type} dialog "${d.message}" — handle it with handle_dialog.`);
  } else response.line(`${what}${r.navigated ? `; the page navigated to ${r.url}` : ''}.`);
  if (snap && !r.dialog) response.includeSnapshot();
}

export const clickTool = defineTool({
  name: 'click',
  cli: { resource: 'element', verb: 'click' },
  category: 'element',
  description:
    'Click an element by uid (scrolls it into view, checks it is visible, enabled, still and not covered), then wait for the page to settle.',
  schema: z.object({
    uid,
    dblClick: z.boolean().default(false).describe('Double click.'),
    button,
    expectChange: z
      .boolean()
      .default(false)
      .describe(
        'Fail with ACTION_NO_EFFECT when nothing follows the click (no navigation, dialog, request, timer, animation or DOM change).',
      ),
    includeSnapshot,
    settleMs,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { uid: '1_4' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const startedAt = performance.now();
    const r = await click(page, input.uid, { ...actionOpts(ctx, input), double: input.dblClick, button: input.button });
    const at = { page: page.id, target: input.uid, startedAt };
    if (input.expectChange && actionSummary(r, at, startedAt).noop)
      throw new StewardError('ACTION_NO_EFFECT', `Clicking ${input.uid} changed nothing on the page.`, {
        details: { action: actionSummary(r, at, startedAt) },
        suggestions: ['Take a new snapshot: the element may be disabled, decorative or need another action first.'],
      });
    reportAction(response, `${input.dblClick ? 'Double-clicked' : 'Clicked'} ${input.uid}`, r, input.includeSnapshot, at);
  },
});

export const hoverTool = defineTool({
  name: 'hover',
  cli: { resource: 'element', verb: 'hover' },
  category: 'element',
  description: 'Move the mouse over an element by uid.',
  schema: z.object({ uid, includeSnapshot, settleMs, pageId, timeout }),
  readOnly: false,
  example: { uid: '1_4' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const startedAt = performance.now();
    const r = await hover(page, input.uid, actionOpts(ctx, input));
    reportAction(response, `Hovered ${input.uid}`, r, input.includeSnapshot, { page: page.id, target: input.uid, startedAt });
  },
});

export const dragTool = defineTool({
  name: 'drag',
  cli: { resource: 'element', verb: 'drag' },
  category: 'element',
  description: 'Drag one element onto another (HTML5 drag and drop or pointer drags).',
  schema: z.object({
    from_uid: z.string().min(1).describe('uid of the element to drag.'),
    to_uid: z.string().min(1).describe('uid of the element to drop onto.'),
    includeSnapshot,
    settleMs,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { from_uid: '1_3', to_uid: '1_7' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const startedAt = performance.now();
    const r = await drag(page, input.from_uid, input.to_uid, actionOpts(ctx, input));
    reportAction(response, `Dragged ${input.from_uid} onto ${input.to_uid}`, r, input.includeSnapshot, {
      page: page.id,
      target: input.from_uid,
      startedAt,
    });
  },
});

export const fillTool = defineTool({
  name: 'fill',
  cli: { resource: 'element', verb: 'fill' },
  category: 'element',
  description:
    'Set a form control by uid: text fields, textareas and contenteditable get the text; a select gets the option (value or label); a checkbox or radio gets true/false; a file input gets a path.',
  schema: z.object({ uid, value: z.string().describe('The value to enter.'), includeSnapshot, settleMs, pageId, timeout }),
  readOnly: false,
  example: { uid: '1_5', value: 'Seoul' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const r = await fill(page, input.uid, input.value, actionOpts(ctx, input));
    reportAction(response, `Filled ${input.uid}`, r, input.includeSnapshot);
  },
});

export const fillFormTool = defineTool({
  name: 'fill_form',
  cli: { resource: 'element', verb: 'fill-form' },
  category: 'element',
  description: 'Fill several form controls at once, in order; stops at the first failure and says which.',
  schema: z.object({
    elements: z
      .array(z.object({ uid, value: z.string().describe('The value to enter.') }))
      .min(1)
      .describe('The controls and their values.'),
    includeSnapshot,
    settleMs,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { elements: [{ uid: '1_5', value: 'Seoul' }] },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const filled: string[] = [];
    let last = { navigated: false, url: page.url() } as { navigated: boolean; url: string; dialog?: unknown };
    for (const [i, e] of input.elements.entries()) {
      // The page settles once, after the last field; earlier fields only wait for a navigation they start.
      const isLast = i === input.elements.length - 1;
      try {
        last = await fill(page, e.uid, e.value, isLast ? actionOpts(ctx, input) : { ...actionOpts(ctx, input), quietMs: 0 });
      } catch (error) {
        if (error && typeof error === 'object' && 'details' in error) Object.assign((error as { details: object }).details, { filled });
        throw error;
      }
      filled.push(e.uid);
      if (last.dialog) break;
    }
    response.set('filled', filled);
    reportAction(response, `Filled ${filled.length} field${filled.length === 1 ? '' : 's'}`, last, input.includeSnapshot);
  },
});

export const selectOptionTool = defineTool({
  name: 'select_option',
  cli: { resource: 'element', verb: 'select' },
  category: 'element',
  description: 'Choose one or more options of a <select> by value or visible label.',
  schema: z.object({
    uid,
    values: z.array(z.string()).min(1).describe('Option values or labels.'),
    includeSnapshot,
    settleMs,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { uid: '1_6', values: ['Business'] },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const r = await selectOption(page, input.uid, input.values, actionOpts(ctx, input));
    response.set('selected', r.selected);
    reportAction(response, `Selected ${r.selected.join(', ')} in ${input.uid}`, r, input.includeSnapshot);
  },
});

export const uploadFileTool = defineTool({
  name: 'upload_file',
  cli: { resource: 'element', verb: 'upload' },
  category: 'element',
  description: 'Give a file input (by uid) one or more local files.',
  schema: z
    .object({
      uid,
      filePath: z.string().min(1).optional().describe('One local file path.'),
      filePaths: z.array(z.string().min(1)).min(1).optional().describe('Several local file paths.'),
      includeSnapshot,
      pageId,
      timeout,
    })
    .refine((v) => v.filePath || v.filePaths, { message: 'give filePath or filePaths', path: ['filePath'] }),
  readOnly: false,
  example: { uid: '1_9', filePath: './passport.pdf' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const paths = input.filePaths ?? [input.filePath as string];
    const r = await uploadFile(page, input.uid, paths, actionOpts(ctx, input));
    response.set('files', r.files);
    reportAction(response, `Attached ${r.files.length} file${r.files.length === 1 ? '' : 's'} to ${input.uid}`, r, input.includeSnapshot);
  },
});

export const elementTools = [clickTool, hoverTool, dragTool, fillTool, fillFormTool, selectOptionTool, uploadFileTool];
