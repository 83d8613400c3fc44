import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import type { Page } from '../page.ts';
import type { ToolResponse } from '../tool.ts';

/** Every tool accepts an optional page id; without it the selected page is used. */
export const pageId = z.string().min(1).optional().describe('Page id from list_pages; the selected page when omitted.');
export const timeout = z.number().int().positive().max(600_000).optional().describe('Milliseconds to wait at most.');
export const uid = z.string().min(1).describe('Element uid from the latest take_snapshot, e.g. "1_12".');
export const includeSnapshot = z.boolean().default(false).describe('Append a fresh snapshot of the page to the result.');
export const button = z.enum(['left', 'right', 'middle']).default('left').describe('Mouse button.');

/** The pageIdx/pageSize fields of a tool that lists `things` one result page at a time. */
export const paging = (things: string) => ({
  pageIdx: z.number().int().min(0).optional().describe('Result page, from 0.'),
  pageSize: z.number().int().min(1).max(1000).optional().describe(`${things} per result page (default 50).`),
});

/** The page a tool acts on, checked to be alive and not blocked by a dialog. */
export function targetPage(ctx: BrowserToolContext, input: { pageId?: string | undefined }, opts: { allowDialog?: boolean } = {}): Page {
  const page = ctx.driver.page(input.pageId);
  page.assertUsable(opts);
  return page;
}

export function timeoutOf(ctx: BrowserToolContext, input: { timeout?: number | undefined }): number {
  return input.timeout ?? ctx.timeoutMs;
}

/** Writes one result page of a listing: the items under `key`, the counts, a heading naming the `noun`, then a line per item. */
export function reportPage<T>(
  response: ToolResponse,
  result: { items: T[]; total: number; pageIdx: number; pages: number },
  show: { key: string; noun: string; brief: (item: T) => unknown; lineOf: (item: T) => string },
): void {
  response.set(show.key, result.items.map(show.brief));
  response.set('total', result.total);
  response.set('pageIdx', result.pageIdx);
  response.set('pages', result.pages);
  response.line(`${result.total} ${show.noun}(s)${result.pages > 1 ? `, page ${result.pageIdx + 1}/${result.pages}` : ''}`);
  for (const item of result.items) response.line(show.lineOf(item));
}
