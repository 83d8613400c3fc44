import type { Protocol } from 'devtools-protocol';
import { pointerTarget } from './actionability.ts';
import { resolveElement, resolveNode } from './elements.ts';
import { mouseClick, mouseDown, mouseMove, mouseUp } from './input.ts';
import type { Page } from './page.ts';
import { type Settled, settleAfter } from './settle/index.ts';

export interface ActionOptions {
  timeoutMs: number;
  /** An extra fixed quiet window after the action (none by default: settling follows the evidence). */
  quietMs?: number;
}

/** What an action reports: whether it navigated or opened a dialog, and where the page is now. */
export interface ActionResult {
  navigated: boolean;
  url: string;
  dialog?: Settled<unknown>['dialog'];
  /** What settling waited for after the action (the evidence it found) and how long it took. */
  settle?: Settled<unknown>['settle'];
}

export function actionResult(page: Page, settled: Settled<unknown>): ActionResult {
  return {
    navigated: settled.navigated,
    url: page.url(),
    ...(settled.dialog ? { dialog: settled.dialog } : {}),
    ...(settled.settle ? { settle: settled.settle } : {}),
  };
}

/** Clicks the centre of an element after the actionability checks; `double` sends a double click. */
export async function click(page: Page, uid: string, opts: ActionOptions & { double?: boolean; button?: 'left' | 'right' | 'middle' }) {
  // pointerTarget's first check says STALE_UID for an element no longer in the page
  const el = await resolveNode(page, uid);
  const point = await pointerTarget(el, { timeoutMs: opts.timeoutMs });
  const settled = await settleAfter(page, () => mouseClick(page, point.x, point.y, { double: opts.double, button: opts.button }), opts);
  return actionResult(page, settled);
}

export async function hover(page: Page, uid: string, opts: ActionOptions) {
  const el = await resolveNode(page, uid);
  const point = await pointerTarget(el, { timeoutMs: opts.timeoutMs });
  const settled = await settleAfter(page, () => mouseMove(page, point.x, point.y), opts);
  return actionResult(page, settled);
}

/**
 * Drags one element onto another. HTML5 drag and drop is intercepted (Input.setInterceptDrags)
 * and replayed as drag events on the target; a pointer-driven drag (sliders, canvases) simply
 * gets the mouse moves.
 */
export async function drag(page: Page, fromUid: string, toUid: string, opts: ActionOptions) {
  const from = await pointerTarget(await resolveElement(page, fromUid), { timeoutMs: opts.timeoutMs });
  const toEl = await resolveElement(page, toUid);
  const settled = await settleAfter(
    page,
    async () => {
      await page.send('Input.setInterceptDrags', { enabled: true });
      let data: unknown;
      let wake = () => {};
      const off = page.cdp.on('Input.dragIntercepted', (p, sid) => {
        if (sid !== page.sessionId) return;
        data = (p as { data: unknown }).data;
        wake();
      });
      try {
        await mouseMove(page, from.x, from.y);
        await mouseDown(page);
        const to = await pointerTarget(toEl, { timeoutMs: opts.timeoutMs, hitTest: false });
        await mouseMove(page, to.x, to.y, 5);
        // An HTML5 drag reports itself right after the first moves; a pointer drag never does.
        if (!data) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 250);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        if (data) {
          const dragData = data as Protocol.Input.DragData;
          for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
            await page.send('Input.dispatchDragEvent', { type, x: to.x, y: to.y, data: dragData });
          }
        }
        await mouseUp(page);
      } finally {
        off();
        await page.send('Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
      }
    },
    opts,
  );
  return actionResult(page, settled);
}
