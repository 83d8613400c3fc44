import type { Page } from '../../../browser/page.ts';

/** The HTTP status the browser got for the page's own document (0 when it does not say). */
const DOCUMENT_STATUS = `(() => { const n = performance.getEntriesByType('navigation')[0]; return n && typeof n.responseStatus === 'number' ? n.responseStatus : 0; })()`;

/**
 * What the page in view says when the site answered it with an error (HTTP 4xx/5xx): the status
 * and the page's own title, as it shows them. Undefined when the page loaded normally or cannot
 * be read.
 */
export async function pageErrorOf(page: (() => Page) | undefined): Promise<string[] | undefined> {
  try {
    const p = page?.();
    if (!p) return undefined;
    const out = await p.send('Runtime.evaluate', { expression: DOCUMENT_STATUS, returnByValue: true });
    const status = Number(out.result.value);
    if (!Number.isInteger(status) || status < 400 || status > 599) return undefined;
    // the page's own title when it names the status ("404 페이지를 찾을 수 없습니다"), else the status before it
    const title = p.title().trim();
    return [title.includes(String(status)) ? title : `${status} ${title}`.trim()];
  } catch {
    return undefined;
  }
}
