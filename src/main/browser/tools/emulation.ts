import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import { type EmulationSettings, NETWORK_PRESET_NAMES } from '../emulation.ts';
import { pageServices } from '../page-services.ts';
import { defineTool } from '../tool.ts';
import { pageId, targetPage } from './common.ts';

export const emulate = defineTool({
  name: 'emulate',
  cli: { resource: 'emulation', verb: 'set' },
  category: 'emulation',
  description:
    'Emulate a device and conditions on a page: viewport/DPR/mobile/touch, user agent, network throttling preset, CPU throttling, geolocation, colour scheme, extra request headers. Only the given settings change; emulation_reset undoes all.',
  schema: z
    .object({
      pageId,
      viewport: z
        .object({
          width: z.number().int().min(1).max(10_000),
          height: z.number().int().min(1).max(10_000),
          deviceScaleFactor: z.number().min(0.5).max(5).optional(),
          mobile: z.boolean().optional(),
          touch: z.boolean().optional(),
          landscape: z.boolean().optional(),
        })
        .optional()
        .describe('CSS pixel size, device pixel ratio, mobile and touch.'),
      userAgent: z.string().min(1).optional().describe('User agent string to send and expose.'),
      networkConditions: z
        .enum(NETWORK_PRESET_NAMES)
        .optional()
        .describe(`Network preset: ${NETWORK_PRESET_NAMES.join(', ')}.`),
      cpuThrottlingRate: z.number().min(1).max(20).optional().describe('CPU slowdown factor (1 = none, 4 = 4× slower).'),
      geolocation: z
        .object({
          latitude: z.number().min(-90).max(90),
          longitude: z.number().min(-180).max(180),
          accuracy: z.number().positive().optional(),
        })
        .optional()
        .describe('Position navigator.geolocation reports.'),
      colorScheme: z.enum(['light', 'dark', 'no-preference']).optional().describe('prefers-color-scheme.'),
      extraHeaders: z.record(z.string(), z.string()).optional().describe('Headers added to every request of the page.'),
    })
    .refine((i) => Object.keys(i).some((k) => k !== 'pageId'), { message: 'give at least one setting', path: ['viewport'] }),
  readOnly: false,
  example: { viewport: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true }, networkConditions: 'Slow 4G' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { emulation } = await pageServices(ctx.driver, page);
    const { pageId: _p, networkConditions, ...rest } = input;
    const settings: EmulationSettings = { ...rest, ...(networkConditions ? { network: networkConditions } : {}) };
    const current = await emulation.apply(settings);
    response.set('emulation', current);
    response.set('throttlingFactor', emulation.throttlingFactor());
    response.line(`Emulating ${Object.keys(current).join(', ')} on page ${page.id} (waits scale ×${emulation.throttlingFactor()}).`);
  },
});

export const emulationReset = defineTool({
  name: 'emulation_reset',
  cli: { resource: 'emulation', verb: 'reset' },
  category: 'emulation',
  description: 'Undo all emulation on a page: viewport, user agent, network and CPU throttling, geolocation, colour scheme, headers.',
  schema: z.object({ pageId }),
  readOnly: false,
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { emulation } = await pageServices(ctx.driver, page);
    await emulation.reset();
    response.set('emulation', emulation.current());
    response.set('throttlingFactor', 1);
    response.line(`Emulation reset on page ${page.id}.`);
  },
});

export const emulationTools = [emulate, emulationReset];
