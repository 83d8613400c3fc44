import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import type { Page } from './page.ts';
import type { CdpEvent, CdpEventParams, CdpSession } from './port.ts';

export interface TargetEventHandlers {
  pageBySession(sessionId: string): Page | undefined;
  pageByTarget(targetId: string): Page | undefined;
  onPageAttached(sessionId: string, info: Protocol.Target.TargetInfo): void;
  onFrameAttached(page: Page, sessionId: string, info: Protocol.Target.TargetInfo, parentSessionId: string): void;
  onPageGone(page: Page, error: StewardError): void;
  /** A worker or other target we do not drive: let it run. */
  onOtherAttached(sessionId: string): void;
}

/**
 * Routes the browser's target and page-lifecycle events to pages by sessionId: attach
 * (pages from the browser session, iframes from a page's session), detach/destroy/crash,
 * title/url changes, dialogs and frame navigations (which make old uids stale).
 */
export class TargetEvents {
  readonly #offs: Array<() => void> = [];

  constructor(cdp: CdpSession, h: TargetEventHandlers) {
    const on = <E extends CdpEvent>(event: E, fn: (params: CdpEventParams<E>, sid: string) => void) =>
      this.#offs.push(cdp.on(event, (p, sid) => fn(p as CdpEventParams<E>, sid ?? '')));

    on('Target.attachedToTarget', (p: Protocol.Target.AttachedToTargetEvent, sid) => {
      const parent = sid ? h.pageBySession(sid) : undefined;
      if (parent && p.targetInfo.type === 'iframe') h.onFrameAttached(parent, p.sessionId, p.targetInfo, sid);
      else if (!sid && p.targetInfo.type === 'page') h.onPageAttached(p.sessionId, p.targetInfo);
      else h.onOtherAttached(p.sessionId);
    });
    on('Target.detachedFromTarget', (p: Protocol.Target.DetachedFromTargetEvent) => {
      const page = h.pageBySession(p.sessionId);
      if (!page) return;
      if (page.sessionId === p.sessionId) h.onPageGone(page, new StewardError('TARGET_CLOSED', `Page ${page.id} was closed.`));
      else page.frames.remove(p.sessionId);
    });
    on('Target.targetDestroyed', (p: Protocol.Target.TargetDestroyedEvent) => {
      const page = h.pageByTarget(p.targetId);
      if (page) h.onPageGone(page, new StewardError('TARGET_CLOSED', `Page ${page.id} was closed.`));
    });
    on('Target.targetInfoChanged', (p: Protocol.Target.TargetInfoChangedEvent) => {
      h.pageByTarget(p.targetInfo.targetId)?.updateInfo(p.targetInfo);
    });
    const crashed = (page: Page | undefined) => {
      if (!page) return;
      h.onPageGone(
        page,
        new StewardError('PAGE_CRASHED', `Page ${page.id} crashed (${page.url()}).`, {
          details: { pageId: page.id, url: page.url() },
          suggestions: [`Close page ${page.id} and open a new one.`],
        }),
      );
    };
    on('Inspector.targetCrashed', (_p: unknown, sid) => {
      const page = h.pageBySession(sid);
      if (page && page.sessionId === sid) crashed(page);
    });
    on('Target.targetCrashed', (p: Protocol.Target.TargetCrashedEvent) => crashed(h.pageByTarget(p.targetId)));
    on('Page.javascriptDialogOpening', (p: Protocol.Page.JavascriptDialogOpeningEvent, sid) => {
      h.pageBySession(sid)?.dialogOpened({
        type: p.type,
        message: p.message,
        url: p.url,
        ...(p.type === 'prompt' ? { defaultPrompt: p.defaultPrompt ?? '' } : {}),
      });
    });
    on('Page.javascriptDialogClosed', (_p: unknown, sid) => h.pageBySession(sid)?.dialogClosed());
    on('Page.frameNavigated', (p: Protocol.Page.FrameNavigatedEvent, sid) => {
      const page = h.pageBySession(sid);
      page?.loaders.set(p.frame.id, p.frame.loaderId);
      if (page && sid === page.sessionId && !p.frame.parentId) page.mainFrameNavigated(p.frame.url + (p.frame.urlFragment ?? ''));
    });
  }

  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
  }
}
