import type { BrowserDriver } from './driver.ts';

/** What every browser tool handler receives. */
export interface BrowserToolContext {
  driver: BrowserDriver;
  /** Where screenshots and traces are written. */
  artifactsDir: string;
  /** Screenshots filed by day under `screenshots/YYYY-MM-DD/` in the artifacts folder. */
  datedScreenshots?: boolean;
  /** Upper bound for one operation (navigation, waits, settling). */
  timeoutMs: number;
  signal?: AbortSignal;
}
