import { StewardError } from '../../shared/errors.ts';
import type { Page } from './page.ts';

/** A JavaScript dialog (alert, confirm, prompt, beforeunload) that blocks a page. */
export interface OpenDialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultPrompt?: string;
  url: string;
}

export function describeDialog(d: OpenDialog): string {
  return `${d.type} dialog "${d.message}"`;
}

/** Accepts or dismisses the dialog that blocks `page`; `promptText` answers a prompt(). */
export async function handleDialog(page: Page, action: 'accept' | 'dismiss', promptText?: string): Promise<OpenDialog> {
  page.assertUsable({ allowDialog: true });
  const dialog = page.dialog;
  if (!dialog) {
    throw new StewardError('DIALOG_NOT_OPEN', `No dialog is open on page ${page.id}.`, { details: { pageId: page.id } });
  }
  const closed = new Promise<void>((resolve) => {
    const off = page.cdp.on('Page.javascriptDialogClosed', (_p, sid) => {
      if (sid === page.sessionId) {
        off();
        resolve();
      }
    });
    setTimeout(() => {
      off();
      resolve();
    }, 2000);
  });
  await page.send('Page.handleJavaScriptDialog', {
    accept: action === 'accept',
    ...(promptText !== undefined ? { promptText } : {}),
  });
  await closed;
  page.dialogClosed();
  return dialog;
}
