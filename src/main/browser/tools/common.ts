import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import type { Page } from '../page.ts';

/** Every tool accepts an optional page id; without it the selected page is used. */
export const pageId = z.string().min(1).optional().describe('Page id from list_pages; the selected page when omitted.');
export const timeout = z.number().int().positive().max(600_000).optional().describe('Milliseconds to wait at most.');
export const uid = z.string().min(1).describe('Element uid from the latest take_snapshot, e.g. "1_12".');

/** The page a tool acts on, checked to be alive and not blocked by a dialog. */
export function targetPage(ctx: BrowserToolContext, input: { pageId?: string | undefined }, opts: { allowDialog?: boolean } = {}): Page {
  const page = ctx.driver.page(input.pageId);
  page.assertUsable(opts);
  return page;
}

export function timeoutOf(ctx: BrowserToolContext, input: { timeout?: number | undefined }): number {
  return input.timeout ?? ctx.timeoutMs;
}
