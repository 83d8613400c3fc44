import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import { takeSnapshot } from '../snapshot/index.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';
import { setSnapshotAppender } from './index-hooks.ts';

export const takeSnapshotTool = defineTool({
  name: 'take_snapshot',
  cli: { resource: 'capture', verb: 'snapshot' },
  category: 'snapshot',
  description:
    'The page as compact accessibility text, one node per line: `uid role "name" [states]: text`, the uid (e.g. 1_2f) leading the line of everything you can act on; `• words` is a list item (iframes and open shadow roots included). Uids stay the same for unchanged elements.',
  schema: z.object({
    verbose: z.boolean().default(false).describe('Every node with a uid, heading levels and untruncated text.'),
    viewportOnly: z.boolean().default(false).describe('Only what is inside the visible viewport.'),
    diff: z.boolean().default(false).describe('Only what changed since the last snapshot of this page (+ added/changed, - removed).'),
    pageId,
  }),
  readOnly: true,
  example: { verbose: false },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const snap = await takeSnapshot(page, { verbose: input.verbose, viewportOnly: input.viewportOnly, diff: input.diff });
    response.set('pageId', page.id);
    response.set('url', snap.url);
    response.set('title', snap.title);
    response.set('nodes', snap.nodes);
    response.set('uids', snap.uids);
    response.set('snapshot', snap.text);
    response.line(snap.text);
  },
});

setSnapshotAppender(async (ctx, id) => {
  const page = ctx.driver.page(id);
  if (page.gone || page.dialog) return undefined;
  return (await takeSnapshot(page)).text;
});

export const snapshotTools = [takeSnapshotTool];
