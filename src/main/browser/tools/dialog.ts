import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';

export const handleDialogTool = defineTool({
  name: 'handle_dialog',
  cli: { resource: 'dialog', verb: 'handle' },
  category: 'dialog',
  description: 'Accept or dismiss the JavaScript dialog (alert, confirm, prompt, beforeunload) that blocks the page.',
  schema: z.object({
    action: z.enum(['accept', 'dismiss']).describe('Accept (OK) or dismiss (Cancel).'),
    promptText: z.string().optional().describe('Text to answer a prompt() with.'),
    pageId,
  }),
  readOnly: false,
  example: { action: 'accept' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input, { allowDialog: true });
    const dialog = await page.handleDialog(input.action, input.promptText);
    response.set('dialog', dialog);
    response.set('action', input.action);
    response.line(`${input.action === 'accept' ? 'Accepted' : 'Dismissed'} the ${dialog.type} dialog "${dialog.message}".`);
  },
});

export const dialogTools = [handleDialogTool];
