import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
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

export const observeTools = [observeState, observeTargets];
