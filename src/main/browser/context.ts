import type { BrowserDriver } from './driver.ts';

/** What every browser tool handler receives. */
export interface BrowserToolContext {
  driver: BrowserDriver;
  /** Where screenshots and traces are written. */
  artifactsDir: string;
  /** Upper bound for one operation (navigation, waits, settling). */
  timeoutMs: number;
  signal?: AbortSignal;
}
