import { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import { ArtifactStore } from '../artifacts.ts';
import type { ScreenshotOptions } from '../capture.ts';
import type { BrowserToolContext } from '../context.ts';
import { resolveElement } from '../elements.ts';
import { pageServices } from '../page-services.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';

export const takeScreenshot = defineTool({
  name: 'take_screenshot',
  cli: { resource: 'capture', verb: 'screenshot' },
  category: 'capture',
  description:
    'Take a screenshot of the viewport, the full page or one element (by uid or CSS selector) as png, jpeg or webp. The file is written to the artifacts folder; the result gives its path, sha256, pixel size and time.',
  schema: z
    .object({
      pageId,
      uid: z.string().min(1).optional().describe('Element uid from take_snapshot: screenshot just that element.'),
      selector: z.string().min(1).optional().describe('CSS selector of one element in the main frame (instead of uid).'),
      fullPage: z.boolean().optional().describe('The whole scrollable page instead of the viewport.'),
      format: z.enum(['png', 'jpeg', 'webp']).default('png').describe('Image format.'),
      quality: z.number().int().min(0).max(100).optional().describe('Compression quality 0-100 for jpeg and webp.'),
      maxWidth: z.number().int().positive().optional().describe('Scale down (never up) to at most this many pixels wide.'),
      maxHeight: z.number().int().positive().optional().describe('Scale down (never up) to at most this many pixels high.'),
    })
    .refine((i) => !(i.uid && i.selector), { message: 'give uid or selector, not both', path: ['selector'] })
    .refine((i) => !(i.fullPage && (i.uid || i.selector)), { message: 'fullPage cannot be combined with an element', path: ['fullPage'] })
    .refine((i) => i.quality === undefined || i.format !== 'png', { message: 'quality applies to jpeg and webp only', path: ['quality'] }),
  readOnly: true,
  example: { fullPage: true, format: 'jpeg', quality: 80 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { capture } = await pageServices(ctx.driver, page);
    const opts: ScreenshotOptions = {
      format: input.format,
      ...(input.fullPage ? { fullPage: true } : {}),
      ...(input.quality !== undefined ? { quality: input.quality } : {}),
      ...(input.maxWidth ? { maxWidth: input.maxWidth } : {}),
      ...(input.maxHeight ? { maxHeight: input.maxHeight } : {}),
    };
    if (input.uid) {
      const el = await resolveElement(page, input.uid);
      opts.element = { backendNodeId: el.backendNodeId, sessionId: el.sessionId };
    } else if (input.selector) opts.element = { selector: input.selector };
    if (!ctx.artifactsDir) {
      throw new StewardError('FILE_ACCESS', 'No artifacts folder is configured for screenshots.', {
        suggestions: ['Start the host with an artifacts folder.'],
      });
    }
    const shot = await capture.screenshot(
      new ArtifactStore(ctx.artifactsDir, {}, { datedScreenshots: ctx.datedScreenshots === true }),
      opts,
    );
    response.set('screenshot', {
      path: shot.path,
      sha256: shot.sha256,
      bytes: shot.bytes,
      width: shot.width,
      height: shot.height,
      format: shot.format,
      createdAt: shot.createdAt,
      clip: shot.clip,
      resized: shot.resized,
    });
    response.attach({ path: shot.path, mimeType: shot.mimeType, sha256: shot.sha256, bytes: shot.bytes });
    const what = input.uid
      ? `element ${input.uid}`
      : input.selector
        ? `element ${input.selector}`
        : input.fullPage
          ? 'full page'
          : 'viewport';
    response.line(`Screenshot of the ${what} (${shot.width}×${shot.height} ${shot.format}, ${shot.bytes} bytes): ${shot.path}`);
  },
});

export const captureTools = [takeScreenshot];
