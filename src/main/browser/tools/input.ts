import { z } from 'zod';
import { ensureUsable } from '../actionability.ts';
import type { BrowserToolContext } from '../context.ts';
import { callOn, resolveElement } from '../elements.ts';
import { mouseClick, mouseDown, mouseDrag, mouseMove, mousePosition, mouseUp, pressKey, typeText } from '../input.ts';
import type { Page } from '../page.ts';
import { settleAfter } from '../settle/index.ts';
import { defineTool } from '../tool.ts';
import { button, includeSnapshot, pageId, targetPage, timeout, timeoutOf } from './common.ts';
import { reportAction } from './element.ts';

const coord = (what: string) => z.number().min(0).max(100_000).describe(`${what} in CSS pixels from the viewport's top left.`);

async function focusUid(page: Page, uid: string, timeoutMs: number): Promise<void> {
  const el = await resolveElement(page, uid);
  await ensureUsable(el, { timeoutMs });
  await callOn(el, 'function() { this.focus(); }');
}

async function settled(ctx: BrowserToolContext, page: Page, input: { timeout?: number }, fn: () => Promise<unknown>) {
  const r = await settleAfter(page, fn, { timeoutMs: timeoutOf(ctx, input) });
  return { navigated: r.navigated, url: page.url(), ...(r.dialog ? { dialog: r.dialog } : {}), ...(r.settle ? { settle: r.settle } : {}) };
}

export const pressKeyTool = defineTool({
  name: 'press_key',
  cli: { resource: 'input', verb: 'key' },
  category: 'input',
  description: 'Press a key or chord, e.g. "Enter", "Tab", "Control+A", "Control+Shift+R" (to the focused element, or focus uid first).',
  schema: z.object({
    key: z.string().min(1).describe('Key or chord: modifiers (Control, Shift, Alt, Meta) joined with + to one key.'),
    uid: z.string().min(1).optional().describe('Focus this element first.'),
    includeSnapshot,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { key: 'Enter' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const startedAt = performance.now();
    if (input.uid) await focusUid(page, input.uid, timeoutOf(ctx, input));
    const r = await settled(ctx, page, input, () => pressKey(page, input.key));
    reportAction(response, `Pressed ${input.key}`, r, input.includeSnapshot, { page: page.id, target: input.uid ?? null, startedAt });
  },
});

export const typeTextTool = defineTool({
  name: 'type_text',
  cli: { resource: 'input', verb: 'type' },
  category: 'input',
  description: 'Type text key by key into the focused element (or focus uid first); optionally press a key after, e.g. Enter.',
  schema: z.object({
    text: z.string().describe('Text to type.'),
    uid: z.string().min(1).optional().describe('Focus this element first.'),
    submitKey: z.string().min(1).optional().describe('A key to press after typing, e.g. "Enter".'),
    delayMs: z.number().int().min(0).max(1000).default(0).describe('Pause between keys.'),
    includeSnapshot,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { text: 'Tokyo', submitKey: 'Enter' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    if (input.uid) await focusUid(page, input.uid, timeoutOf(ctx, input));
    const r = await settled(ctx, page, input, async () => {
      await typeText(page, input.text, input.delayMs);
      if (input.submitKey) await pressKey(page, input.submitKey);
    });
    reportAction(response, `Typed ${[...input.text].length} characters`, r, input.includeSnapshot);
  },
});

export const mouseMoveTool = defineTool({
  name: 'mouse_move',
  cli: { resource: 'input', verb: 'mouse-move' },
  category: 'input',
  description: 'Move the mouse to a point of the viewport.',
  schema: z.object({ x: coord('x'), y: coord('y'), steps: z.number().int().min(1).max(100).default(1), pageId, timeout }),
  readOnly: false,
  example: { x: 100, y: 200 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    reportAction(
      response,
      `Moved the mouse to ${input.x},${input.y}`,
      await settled(ctx, page, input, () => mouseMove(page, input.x, input.y, input.steps)),
      false,
    );
  },
});

export const mouseClickTool = defineTool({
  name: 'mouse_click',
  cli: { resource: 'input', verb: 'click' },
  category: 'input',
  description: 'Click at a point of the viewport (no element checks: prefer click with a uid).',
  schema: z.object({ x: coord('x'), y: coord('y'), button, dblClick: z.boolean().default(false), includeSnapshot, pageId, timeout }),
  readOnly: false,
  example: { x: 100, y: 200 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const startedAt = performance.now();
    const r = await settled(ctx, page, input, () => mouseClick(page, input.x, input.y, { button: input.button, double: input.dblClick }));
    reportAction(response, `Clicked at ${input.x},${input.y}`, r, input.includeSnapshot, {
      page: page.id,
      target: { x: input.x, y: input.y },
      startedAt,
    });
  },
});

export const mouseDownTool = defineTool({
  name: 'mouse_down',
  cli: { resource: 'input', verb: 'mouse-down' },
  category: 'input',
  description: 'Press a mouse button (at x,y, or where the mouse is).',
  schema: z.object({ x: coord('x').optional(), y: coord('y').optional(), button, pageId, timeout }),
  readOnly: false,
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    if (input.x !== undefined && input.y !== undefined) await mouseMove(page, input.x, input.y);
    await mouseDown(page, { button: input.button });
    const at = mousePosition(page);
    response.set('position', at);
    response.line(`Pressed ${input.button} at ${at.x},${at.y}.`);
  },
});

export const mouseUpTool = defineTool({
  name: 'mouse_up',
  cli: { resource: 'input', verb: 'mouse-up' },
  category: 'input',
  description: 'Release a mouse button (at x,y, or where the mouse is).',
  schema: z.object({ x: coord('x').optional(), y: coord('y').optional(), button, includeSnapshot, pageId, timeout }),
  readOnly: false,
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const r = await settled(ctx, page, input, async () => {
      if (input.x !== undefined && input.y !== undefined) await mouseMove(page, input.x, input.y);
      await mouseUp(page, { button: input.button });
    });
    reportAction(response, `Released ${input.button}`, r, input.includeSnapshot);
  },
});

export const mouseDragTool = defineTool({
  name: 'mouse_drag',
  cli: { resource: 'input', verb: 'drag' },
  category: 'input',
  description: 'Press at one point, move to another in steps, release.',
  schema: z.object({
    fromX: coord('Start x'),
    fromY: coord('Start y'),
    toX: coord('End x'),
    toY: coord('End y'),
    steps: z.number().int().min(1).max(100).default(10),
    includeSnapshot,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { fromX: 10, fromY: 10, toX: 200, toY: 10 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const r = await settled(ctx, page, input, () =>
      mouseDrag(page, { x: input.fromX, y: input.fromY }, { x: input.toX, y: input.toY }, input.steps),
    );
    reportAction(response, `Dragged from ${input.fromX},${input.fromY} to ${input.toX},${input.toY}`, r, input.includeSnapshot);
  },
});

const SCROLL_FN = `function(dx, dy, to) {
  const page = this === window || this === document || this === document.documentElement;
  const t = page ? document.scrollingElement || document.documentElement : this;
  if (to === 'top') t.scrollTo({ top: 0, behavior: 'instant' });
  else if (to === 'bottom') t.scrollTo({ top: t.scrollHeight, behavior: 'instant' });
  else t.scrollBy({ left: dx, top: dy, behavior: 'instant' });
  return { x: Math.round(t.scrollLeft), y: Math.round(t.scrollTop), height: t.scrollHeight, viewHeight: t.clientHeight };
}`;

export const scrollTool = defineTool({
  name: 'scroll',
  cli: { resource: 'input', verb: 'scroll' },
  category: 'input',
  description: 'Scroll the page or a scrollable element (uid) by dx/dy pixels, or to its top or bottom.',
  schema: z.object({
    uid: z.string().min(1).optional().describe('Scrollable element; the page when omitted.'),
    dx: z.number().default(0).describe('Pixels to the right (negative: left).'),
    dy: z.number().default(0).describe('Pixels down (negative: up).'),
    to: z.enum(['top', 'bottom']).optional().describe('Scroll to the top or the bottom instead.'),
    includeSnapshot,
    pageId,
    timeout,
  }),
  readOnly: false,
  example: { dy: 600 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    let position: unknown;
    const r = await settled(ctx, page, input, async () => {
      if (input.uid) {
        const el = await resolveElement(page, input.uid);
        position = await callOn(el, SCROLL_FN, [input.dx, input.dy, input.to ?? null]);
      } else {
        const { result } = await page.send('Runtime.evaluate', {
          expression: `(${SCROLL_FN}).call(document, ${input.dx}, ${input.dy}, ${JSON.stringify(input.to ?? null)})`,
          returnByValue: true,
        });
        position = result.value;
      }
    });
    response.set('scroll', position);
    reportAction(response, `Scrolled ${input.uid ?? 'the page'}`, r, input.includeSnapshot);
  },
});

export const inputTools = [
  pressKeyTool,
  typeTextTool,
  mouseMoveTool,
  mouseClickTool,
  mouseDownTool,
  mouseUpTool,
  mouseDragTool,
  scrollTool,
];
