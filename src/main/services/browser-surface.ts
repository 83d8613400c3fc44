import { StewardError } from '../../shared/errors.ts';
import type { BrowserControl, PersonInput, ScreencastFrame } from '../../shared/ipc/index.ts';
import type { BrowserDriver } from '../browser/driver.ts';
import { keyDefinition } from '../browser/keys.ts';
import type { PageHandle } from '../browser/page.ts';
import type { Handlers } from './dispatch.ts';
import { FileChooserBridge } from './file-chooser.ts';
import type { PushHub } from './push-hub.ts';

type Input = import('zod').infer<typeof PersonInput>;
type Mode = BrowserControl['mode'];

/**
 * The browser as the person sees it: who is in control (agent / person / idle), the page's URL,
 * and on the headless host a CDP screencast of the selected page (Page.startScreencast, each
 * frame acknowledged). While the person is in control their clicks and keys go to the page
 * (refused otherwise); steps the packs hand over wait for the person's "done". The mode is
 * shown to the person; it does not pause a plan that is already running.
 */
export class BrowserSurface {
  readonly #driver: BrowserDriver | undefined;
  readonly #hub: PushHub;
  readonly #surface: BrowserControl['surface'];
  #mode: Mode = 'idle';
  #casting: { page: PageHandle; off: () => void } | undefined;
  #lastFrame: ScreencastFrame | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #modeListeners = new Set<(mode: Mode) => void>();
  readonly #files: FileChooserBridge;
  /** The person's inputs, one after another in the order they were made. */
  #inputs: Promise<unknown> = Promise.resolve();

  constructor(opts: { driver?: BrowserDriver; hub: PushHub; surface: BrowserControl['surface'] }) {
    this.#driver = opts.driver;
    this.#hub = opts.hub;
    this.#surface = opts.surface;
    this.#files = new FileChooserBridge(opts.hub);
  }

  get mode(): Mode {
    return this.#mode;
  }

  onModeChange(fn: (mode: Mode) => void): () => void {
    this.#modeListeners.add(fn);
    return () => this.#modeListeners.delete(fn);
  }

  state(): BrowserControl {
    let url = '';
    let title = '';
    try {
      const page = this.#driver?.selectedPage();
      url = page?.url() ?? '';
      title = page?.title() ?? '';
    } catch {
      // no page open yet
    }
    return { mode: this.#mode, url, title, surface: this.#surface };
  }

  setMode(mode: Mode): BrowserControl {
    if (mode !== this.#mode) {
      this.#mode = mode;
      for (const l of this.#modeListeners) l(mode);
      // while the person is in control, the page's file choosers come to the UI
      if (mode === 'person') void this.#watchFiles();
      else void this.#files.stop();
    }
    const s = this.state();
    this.#hub.emit('browser.control', s);
    return s;
  }

  /** The agent starts or stops acting; a person who took over keeps control until they give it back. */
  agentActive(active: boolean): void {
    if (this.#mode === 'person') return;
    this.setMode(active ? 'agent' : 'idle');
  }

  async #watchFiles(): Promise<void> {
    try {
      const page = this.#driver?.selectedPage();
      if (page) await this.#files.watch(page);
    } catch {
      // no page yet: nothing can ask for a file
    }
  }

  /** The files the person picked for the page's open file chooser. */
  async chooseFiles(files: Array<{ name: string; dataBase64: string }>): Promise<void> {
    if (this.#mode !== 'person') {
      throw new StewardError('STATE_CONFLICT', 'The agent is in control of the browser.', { suggestions: ['Press “Take over” first.'] });
    }
    await this.#files.choose(files);
  }

  /** The newest screencast picture, if any. */
  get lastFrame(): ScreencastFrame | undefined {
    return this.#lastFrame;
  }

  /** Follow the selected page with the screencast (checked twice a second; a new tab is picked up). */
  startScreencast(): void {
    if (!this.#driver || this.#timer) return;
    const follow = () => void this.#castSelected().catch(() => undefined);
    follow();
    this.#timer = setInterval(follow, 500);
  }

  async #castSelected(): Promise<void> {
    let page: PageHandle;
    try {
      page = (this.#driver as BrowserDriver).selectedPage();
    } catch {
      return;
    }
    if (this.#casting?.page === page && page.cdp.connected) return;
    this.#casting?.off();
    const off = page.cdp.on('Page.screencastFrame', (params, sessionId) => {
      if (sessionId !== undefined && sessionId !== page.sessionId) return;
      const p = params as { data: string; sessionId: number; metadata: { deviceWidth: number; deviceHeight: number } };
      void page.cdp.send('Page.screencastFrameAck', { sessionId: p.sessionId }).catch(() => undefined);
      this.#lastFrame = { data: p.data, width: p.metadata.deviceWidth, height: p.metadata.deviceHeight, ts: Date.now() };
      this.#hub.emit('browser.frame', this.#lastFrame);
    });
    this.#casting = { page, off };
    await page.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 1280, maxHeight: 900, everyNthFrame: 1 });
    this.#hub.emit('browser.control', this.state());
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    const c = this.#casting;
    this.#casting = undefined;
    c?.off();
    await c?.page.cdp.send('Page.stopScreencast').catch(() => undefined);
  }

  /** A click, text, key or wheel turn from the person, in order; refused unless they have taken over. */
  personInput(input: Input): Promise<void> {
    const next = this.#inputs.then(() => this.#send(input));
    this.#inputs = next.catch(() => undefined);
    return next;
  }

  async #send(input: Input): Promise<void> {
    if (this.#mode !== 'person') {
      throw new StewardError('STATE_CONFLICT', 'The agent is in control of the browser.', { suggestions: ['Press “Take over” first.'] });
    }
    if (!this.#driver) throw new StewardError('CDP_DISCONNECTED', 'No browser is attached.', { suggestions: ['Restart the host.'] });
    const page = this.#driver.selectedPage();
    const send = page.cdp.send.bind(page.cdp);
    if (input.kind === 'click') {
      for (const type of ['mousePressed', 'mouseReleased'] as const) {
        await send('Input.dispatchMouseEvent', { type, x: input.x, y: input.y, button: 'left', clickCount: 1 });
      }
    } else if (input.kind === 'type') {
      await send('Input.insertText', { text: input.text });
    } else if (input.kind === 'scroll') {
      // the wheel turns where the pointer is, so the page scrolls what is under it
      await send('Input.dispatchMouseEvent', {
        type: 'mouseWheel',
        x: input.x ?? 10,
        y: input.y ?? 10,
        deltaX: input.deltaX ?? 0,
        deltaY: input.deltaY,
      });
    } else {
      // with its key code and text, so the page acts on it (Tab moves focus, Space ticks a box)
      const k = keyDefinition(input.key === ' ' ? 'Space' : input.key);
      if (!k) {
        throw new StewardError('VALIDATION_ERROR', `No key named "${input.key}".`, { suggestions: ['Type the text instead.'] });
      }
      const mods = input.modifiers ?? [];
      const modifiers =
        (mods.includes('Alt') ? 1 : 0) |
        (mods.includes('Control') ? 2 : 0) |
        (mods.includes('Meta') ? 4 : 0) |
        (mods.includes('Shift') ? 8 : 0);
      const def = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, modifiers };
      // with Control or Meta held a key is a command (select all, copy), not text
      const text = k.text && !(modifiers & 6) ? { text: k.text } : {};
      await send('Input.dispatchKeyEvent', { type: 'text' in text ? 'keyDown' : 'rawKeyDown', ...def, ...text });
      await send('Input.dispatchKeyEvent', { type: 'keyUp', ...def });
    }
  }
}

export function browserHandlers(
  surface: BrowserSurface,
): Pick<
  Handlers,
  'browser.state' | 'browser.takeOver' | 'browser.giveBack' | 'browser.lastFrame' | 'browser.input' | 'browser.chooseFiles'
> {
  return {
    'browser.state': async () => surface.state(),
    'browser.takeOver': async () => surface.setMode('person'),
    'browser.giveBack': async () => surface.setMode('idle'),
    'browser.lastFrame': async () => surface.lastFrame ?? null,
    'browser.input': async (input) => {
      await surface.personInput(input);
      return { ok: true as const };
    },
    'browser.chooseFiles': async ({ files }) => {
      await surface.chooseFiles(files);
      return { ok: true as const };
    },
  };
}
