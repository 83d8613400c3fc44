import type { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import type { BrowserToolContext } from '../context.ts';
import { type BrowserTool, CollectingResponse } from '../tool.ts';
import { captureTools } from './capture.ts';
import { consoleTools } from './console.ts';
import { dialogTools } from './dialog.ts';
import { elementTools } from './element.ts';
import { emulationTools } from './emulation.ts';
import { snapshotAppender } from './index-hooks.ts';
import { inputTools } from './input.ts';
import { networkTools } from './network.ts';
import { observeTools } from './observe.ts';
import { pageTools } from './pages.ts';
import { runtimeTools } from './runtime.ts';
import { snapshotTools } from './snapshot.ts';
import { traceTools } from './trace.ts';

export type AnyBrowserTool = BrowserTool<z.ZodType, BrowserToolContext>;

/** Every browser operation, one object each. Other categories are added here with one import line. */
export const browserTools: AnyBrowserTool[] = [
  ...(pageTools as AnyBrowserTool[]),
  ...(snapshotTools as AnyBrowserTool[]),
  ...(elementTools as AnyBrowserTool[]),
  ...(inputTools as AnyBrowserTool[]),
  ...(dialogTools as AnyBrowserTool[]),
  ...(runtimeTools as AnyBrowserTool[]),
  ...(captureTools as AnyBrowserTool[]),
  ...(consoleTools as AnyBrowserTool[]),
  ...(networkTools as AnyBrowserTool[]),
  ...(emulationTools as AnyBrowserTool[]),
  ...(traceTools as AnyBrowserTool[]),
  ...(observeTools as AnyBrowserTool[]),
];

export function getBrowserTool(name: string): AnyBrowserTool | undefined {
  return browserTools.find((t) => t.name === name);
}

export interface BrowserToolResult {
  data: Record<string, unknown>;
  lines: string[];
  files: Array<{ path: string; mimeType: string; sha256?: string; bytes?: number }>;
  snapshot?: string;
}

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.length ? path.map(String).join('.') : '(input)';
}

/** Validates the input, runs the tool's handler, appends a snapshot when asked. Throws StewardError. */
export async function runBrowserTool(ctx: BrowserToolContext, name: string, rawInput: unknown): Promise<BrowserToolResult> {
  const tool = getBrowserTool(name);
  if (!tool) {
    throw new StewardError('USAGE_ERROR', `Unknown browser tool "${name}".`, {
      details: { name },
      suggestions: [`Use one of: ${browserTools.map((t) => t.name).join(', ')}.`],
    });
  }
  const parsed = tool.schema.safeParse(rawInput ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: fieldPath(i.path), message: i.message }));
    const first = issues[0];
    throw new StewardError('VALIDATION_ERROR', `${name}: ${first?.field}: ${first?.message}`, {
      details: { tool: name, field: first?.field, issues },
      suggestions: [`Fix ${first?.field} and call ${name} again.`],
    });
  }
  const response = new CollectingResponse();
  try {
    await tool.handler(ctx, parsed.data, response);
  } catch (e) {
    if (e instanceof StewardError) throw e;
    throw new StewardError('INTERNAL', `${name} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const result: BrowserToolResult = { data: response.data, lines: response.lines, files: response.files };
  const appendSnapshot = snapshotAppender();
  if (response.snapshotRequested && appendSnapshot) {
    const input = parsed.data as { pageId?: string };
    const snapshot = await appendSnapshot(ctx, input.pageId).catch(() => undefined);
    if (snapshot !== undefined) result.snapshot = snapshot;
  }
  return result;
}
