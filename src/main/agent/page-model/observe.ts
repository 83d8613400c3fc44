import { StewardError } from '../../../shared/errors.ts';
import type { Page } from '../../browser/page.ts';
import { buildModel } from './build.ts';
import { collectPage } from './in-page.ts';
import type { RawPage } from './raw.ts';
import type { Handle, PageModel } from './types.ts';

const GROUP = 'steward-page-model';
const SOURCE = `(${collectPage.toString()})`;

interface FramePass {
  sessionId: string;
  frameId: string;
  /** the in-page result object: { json, els } */
  objectId: string;
}

/**
 * Observes one page: one in-page pass per document session (the page, then each
 * out-of-process iframe), built into a PageModel. Handles stay valid until the next
 * observation; `uidOf` turns one into the snapshot-style uid the browser tools take, so every
 * action goes through the ordinary tools (and the runtime's gate) by uid.
 */
export class PageObserver {
  readonly page: Page;
  #passes: FramePass[] = [];
  #uids = new Map<Handle, string>();
  last: PageModel | undefined;

  constructor(page: Page) {
    this.page = page;
  }

  async observe(opts: { maxRecords?: number } = {}): Promise<PageModel> {
    const sessions = [
      { sessionId: this.page.sessionId, frameId: this.page.mainFrameId },
      ...this.page.frames.children().map((c) => ({ sessionId: c.sessionId, frameId: c.frameId })),
    ];
    for (const s of sessions)
      await this.page.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }, s.sessionId).catch(() => undefined);
    this.#uids.clear();
    const passes: FramePass[] = [];
    const raws: RawPage[] = [];
    for (const s of sessions) {
      const pass = await this.#collect(s.sessionId, opts.maxRecords ?? 60).catch((e: unknown) => {
        if (s.sessionId === this.page.sessionId) throw e;
        return undefined; // a frame that went away while observing
      });
      if (!pass) continue;
      passes.push({ ...s, objectId: pass.objectId });
      raws.push(pass.raw);
    }
    this.#passes = passes;
    this.last = buildModel(raws);
    return this.last;
  }

  async #collect(sessionId: string, maxRecords: number): Promise<{ objectId: string; raw: RawPage }> {
    const { result, exceptionDetails } = await this.page.send(
      'Runtime.evaluate',
      { expression: `${SOURCE}(${JSON.stringify({ maxRecords })})`, objectGroup: GROUP, returnByValue: false },
      sessionId,
    );
    if (exceptionDetails || !result.objectId) {
      throw new StewardError(
        'SCRIPT_ERROR',
        `The page model pass failed: ${exceptionDetails?.exception?.description ?? exceptionDetails?.text ?? 'no result'}`,
        {
          suggestions: ['Reload the page and try again.'],
        },
      );
    }
    const json = await this.page.send(
      'Runtime.callFunctionOn',
      { objectId: result.objectId, functionDeclaration: 'function() { return this.json; }', returnByValue: true },
      sessionId,
    );
    return { objectId: result.objectId, raw: JSON.parse(String(json.result.value)) as RawPage };
  }

  /** The uid of a handle of the last observation (STALE_UID when the page moved on). */
  async uidOf(handle: Handle): Promise<string> {
    const known = this.#uids.get(handle);
    if (known) return known;
    const [frame, index] = handle.split(':').map(Number);
    const pass = this.#passes[frame ?? -1];
    if (!pass || index === undefined || Number.isNaN(index)) {
      throw new StewardError('STALE_UID', `Handle ${handle} is not from the last page observation.`, {
        details: { handle },
        suggestions: ['Observe the page again and use a handle from it.'],
      });
    }
    const el = await this.page
      .send(
        'Runtime.callFunctionOn',
        {
          objectId: pass.objectId,
          functionDeclaration: 'function(i) { const e = this.els[i]; return e && e.isConnected ? e : null; }',
          arguments: [{ value: index }],
          objectGroup: GROUP,
        },
        pass.sessionId,
      )
      .catch(() => undefined);
    const objectId = el?.result.objectId;
    if (!objectId) {
      throw new StewardError('STALE_UID', `The element of handle ${handle} is no longer in the page.`, {
        details: { handle },
        suggestions: ['Observe the page again and use a handle from it.'],
      });
    }
    const { node } = await this.page.send('DOM.describeNode', { objectId }, pass.sessionId);
    const uid = this.page.uids.uidFor({
      sessionId: pass.sessionId,
      frameId: pass.frameId,
      loaderId: this.page.loaders.get(pass.frameId) ?? '',
      backendNodeId: node.backendNodeId,
    });
    this.#uids.set(handle, uid);
    return uid;
  }
}
