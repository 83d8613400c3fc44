import type { BrowserToolContext } from '../context.ts';

type Appender = (ctx: BrowserToolContext, pageId: string | undefined) => Promise<string | undefined>;
let appender: Appender | undefined;

/** The snapshot module registers how a snapshot is appended to a tool result that asks for one. */
export function setSnapshotAppender(fn: Appender): void {
  appender = fn;
}
export function snapshotAppender(): Appender | undefined {
  return appender;
}
