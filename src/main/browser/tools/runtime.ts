import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import { evaluateFunction } from '../evaluate.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';

export const evaluateScriptTool = defineTool({
  name: 'evaluate_script',
  cli: { resource: 'runtime', verb: 'eval' },
  category: 'runtime',
  description:
    'Run a JavaScript function in the page (or an iframe) and return its JSON result; element uids can be passed as arguments. Exceptions come back with message and line.',
  schema: z.object({
    function: z.string().min(1).describe('A function, e.g. "() => document.title" or "(el) => el.innerText".'),
    args: z
      .array(z.union([z.string().min(1), z.object({ uid: z.string().min(1) })]))
      .optional()
      .describe('Element uids passed to the function as arguments.'),
    frameUid: z.string().min(1).optional().describe('uid of an iframe to run the function in.'),
    pageId,
  }),
  readOnly: false,
  example: { function: '() => document.title' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const args = input.args?.map((a) => (typeof a === 'string' ? a : a.uid));
    const { value } = await evaluateFunction(page, input.function, {
      ...(args ? { args } : {}),
      ...(input.frameUid ? { frameUid: input.frameUid } : {}),
    });
    response.set('result', value);
    response.line(JSON.stringify(value));
  },
});

export const runtimeTools = [evaluateScriptTool];
