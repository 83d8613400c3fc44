import type { Stage } from '../../../shared/stages.ts';
import type { BrowserDriver } from '../../browser/driver.ts';
import { gotoUrl } from '../../browser/navigation.ts';

/** Stages in which a conversation is using the shared browser page: its plan runs there, or waits on the person there. */
const USING_PAGE: ReadonlySet<string> = new Set<Stage>(['PLANNING', 'EXECUTING', 'AWAITING_APPROVAL', 'VERIFYING']);

/**
 * A new conversation starts on a blank page: the browser view is shared, and must not show what
 * another conversation left in it (a filled form with someone's passport number). A page another
 * conversation is still using is left alone.
 */
export async function blankSharedPage(driver: BrowserDriver | undefined, others: Iterable<string>): Promise<void> {
  if (!driver) return;
  for (const stage of others) if (USING_PAGE.has(stage)) return;
  try {
    const page = driver.selectedPage();
    if (page.url() !== 'about:blank') await gotoUrl(page, 'about:blank', 5_000);
  } catch {
    // no page open, or it is gone: nothing is shown either way
  }
}
