import { StewardError } from '../../../shared/errors.ts';
import type { Page } from '../../browser/page.ts';
import { buildModel } from './build.ts';
import { PAGE_PASS_SOURCE } from './in-page/index.ts';
import type { RawPage } from './raw.ts';
import type { Handle, PageModel } from './types.ts';

const GROUP = 'steward-page-model';
const SOURCE = PAGE_PASS_SOURCE;

interface FramePass {
  sessionId: string;
  frameId: string;
  /** the document's handle registry (an object held by the engine, unreachable from page scripts) */
  registry: string;
}

/**
 * Observes one page: one in-page pass per document session (the page, then each
 * out-of-process iframe), built into a PageModel. A handle names the same element across
 * observations of the same document; `uidOf` turns one into the snapshot-style uid the
 * browser tools take, so every action goes through the ordinary tools (and the runtime's
 * gate) by uid.
 */
export class PageObserver {
  readonly page: Page;
  /** registry object id per session, until its document goes away */
  readonly #registries = new Map<string, string>();
  #passes: FramePass[] = [];
  last: PageModel | undefined;

  constructor(page: Page) {
    this.page = page;
  }

  async observe(opts: { maxRecords?: number } = {}): Promise<PageModel> {
    const sessions = [
      { sessionId: this.page.sessionId, frameId: this.page.mainFrameId },
      ...this.page.frames.children().map((c) => ({ sessionId: c.sessionId, frameId: c.frameId })),
    ];
    const passes: FramePass[] = [];
    const raws: RawPage[] = [];
    for (const s of sessions) {
      const pass = await this.#collect(s.sessionId, opts.maxRecords ?? 60).catch((e: unknown) => {
        if (s.sessionId === this.page.sessionId) throw e;
        return undefined; // a frame that went away while observing
      });
      if (!pass) continue;
      passes.push({ ...s, registry: pass.registry });
      raws.push(pass.raw);
    }
    this.#passes = passes;
    this.last = buildModel(raws);
    return this.last;
  }

  async #run(sessionId: string, registry: string, maxRecords: number) {
    return this.page.send(
      'Runtime.callFunctionOn',
      { objectId: registry, functionDeclaration: SOURCE, arguments: [{ value: { maxRecords } }], returnByValue: true },
      sessionId,
    );
  }

  async #collect(sessionId: string, maxRecords: number): Promise<{ registry: string; raw: RawPage }> {
    let registry = this.#registries.get(sessionId);
    let out = registry ? await this.#run(sessionId, registry, maxRecords).catch(() => undefined) : undefined;
    if (!out || !registry) {
      // a new document (or the first look): a fresh registry, so handles of the old one go stale
      const made = await this.page.send(
        'Runtime.evaluate',
        { expression: '({ ids: new WeakMap(), els: [] })', objectGroup: GROUP, returnByValue: false },
        sessionId,
      );
      registry = made.result.objectId as string;
      this.#registries.set(sessionId, registry);
      out = await this.#run(sessionId, registry, maxRecords);
    }
    if (out.exceptionDetails || typeof out.result.value !== 'string') {
      throw new StewardError(
        'SCRIPT_ERROR',
        `The page model pass failed: ${out.exceptionDetails?.exception?.description ?? out.exceptionDetails?.text ?? 'no result'}`,
        { suggestions: ['Reload the page and try again.'] },
      );
    }
    return { registry, raw: JSON.parse(out.result.value) as RawPage };
  }

  /** The uid of a handle (STALE_UID when its element left the page or the document changed). */
  async uidOf(handle: Handle): Promise<string> {
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
          objectId: pass.registry,
          functionDeclaration: 'function(i) { const e = this.els[i] && this.els[i].deref(); return e && e.isConnected ? e : null; }',
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
    await this.page.send('Runtime.releaseObject', { objectId }, pass.sessionId).catch(() => undefined);
    return this.page.uids.uidFor({
      sessionId: pass.sessionId,
      frameId: pass.frameId,
      loaderId: this.page.loaders.get(pass.frameId) ?? '',
      backendNodeId: node.backendNodeId,
    });
  }
}
