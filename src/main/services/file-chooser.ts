/**
 * The page's file chooser while the person is in control: Chromium is told to hand the chooser to
 * us (Page.setInterceptFileChooserDialog) instead of opening a native dialog nobody can see; each
 * Page.fileChooserOpened is pushed to the UI, which asks the person for files and sends them back;
 * they are written to a private folder and set on the input (DOM.setFileInputFiles).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import type { PageHandle } from '../browser/page.ts';
import type { PushHub } from './push-hub.ts';

interface Opened {
  backendNodeId?: number;
  mode: 'selectSingle' | 'selectMultiple';
}

export class FileChooserBridge {
  readonly #hub: PushHub;
  #page: PageHandle | undefined;
  #off: (() => void) | undefined;
  #open: Opened | undefined;
  #dir: string | undefined;

  constructor(hub: PushHub) {
    this.#hub = hub;
  }

  /** Intercept the choosers of this page (the one the person controls). */
  async watch(page: PageHandle): Promise<void> {
    if (this.#page === page) return;
    await this.stop();
    this.#page = page;
    this.#off = page.cdp.on('Page.fileChooserOpened', (params, sessionId) => {
      if (sessionId !== undefined && sessionId !== page.sessionId) return;
      const p = params as { backendNodeId?: number; mode: Opened['mode'] };
      this.#open = { mode: p.mode, ...(p.backendNodeId !== undefined ? { backendNodeId: p.backendNodeId } : {}) };
      this.#hub.emit('browser.fileChooser', { mode: p.mode, ts: Date.now() });
    });
    await page.cdp.send('Page.setInterceptFileChooserDialog', { enabled: true });
  }

  /** Back to the page's own behaviour (the agent never opens choosers; it sets files directly). */
  async stop(): Promise<void> {
    const page = this.#page;
    this.#off?.();
    this.#off = undefined;
    this.#page = undefined;
    this.#open = undefined;
    await page?.cdp.send('Page.setInterceptFileChooserDialog', { enabled: false }).catch(() => undefined);
  }

  /** Sets the person's files on the input whose chooser is open. */
  async choose(files: Array<{ name: string; dataBase64: string }>): Promise<void> {
    const open = this.#open;
    const page = this.#page;
    if (!open || !page) {
      throw new StewardError('STATE_CONFLICT', 'The page has not asked for a file.', {
        suggestions: ['Click the page’s file button in the browser view first.'],
      });
    }
    if (open.backendNodeId === undefined) {
      throw new StewardError('TARGET_NOT_INTERACTABLE', 'The page asked for files without a file field to put them in.', {
        suggestions: ['Use the page’s own upload button, or ask the site for another way to send the file.'],
      });
    }
    const picked = open.mode === 'selectMultiple' ? files : files.slice(0, 1);
    this.#dir ??= await mkdtemp(join(tmpdir(), 'steward-upload-'));
    const paths: string[] = [];
    for (const f of picked) {
      const path = join(this.#dir, basename(f.name).replace(/[^\p{L}\p{N}._ -]/gu, '_') || 'file');
      await writeFile(path, Buffer.from(f.dataBase64, 'base64'), { mode: 0o600 });
      paths.push(path);
    }
    await page.cdp.send('DOM.setFileInputFiles', { files: paths, backendNodeId: open.backendNodeId });
    this.#open = undefined;
  }
}
