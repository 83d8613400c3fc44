/**
 * The child sessions of one page: out-of-process iframes (and their own children) attached
 * through Target.setAutoAttach on the page session. For an OOPIF the targetId is the frameId.
 */
export interface ChildFrameSession {
  sessionId: string;
  frameId: string;
  /** The session that owns the <iframe> element (the page or another child frame). */
  parentSessionId: string;
  url: string;
}

export class FrameSessions {
  readonly pageSessionId: string;
  readonly #bySession = new Map<string, ChildFrameSession>();
  readonly #byFrame = new Map<string, ChildFrameSession>();

  constructor(pageSessionId: string) {
    this.pageSessionId = pageSessionId;
  }

  add(child: ChildFrameSession): void {
    this.#bySession.set(child.sessionId, child);
    this.#byFrame.set(child.frameId, child);
  }
  remove(sessionId: string): void {
    const child = this.#bySession.get(sessionId);
    if (!child) return;
    this.#bySession.delete(sessionId);
    if (this.#byFrame.get(child.frameId) === child) this.#byFrame.delete(child.frameId);
    // Grandchildren go with their parent.
    for (const c of [...this.#bySession.values()]) if (c.parentSessionId === sessionId) this.remove(c.sessionId);
  }
  has(sessionId: string): boolean {
    return this.#bySession.has(sessionId);
  }
  bySession(sessionId: string): ChildFrameSession | undefined {
    return this.#bySession.get(sessionId);
  }
  byFrame(frameId: string): ChildFrameSession | undefined {
    return this.#byFrame.get(frameId);
  }
  /** Every session of the page: the page's own first, then children in attach order. */
  sessions(): string[] {
    return [this.pageSessionId, ...this.#bySession.keys()];
  }
  children(): ChildFrameSession[] {
    return [...this.#bySession.values()];
  }
}

/** Which document (loaderId) each frame of a page shows now, kept current from Page.frameNavigated. */
export class FrameLoaders {
  readonly #loaders = new Map<string, string>();
  set(frameId: string, loaderId: string): void {
    this.#loaders.set(frameId, loaderId);
  }
  get(frameId: string): string | undefined {
    return this.#loaders.get(frameId);
  }
  delete(frameId: string): void {
    this.#loaders.delete(frameId);
  }
}
