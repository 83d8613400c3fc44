import { type BaseWindow, WebContentsView } from 'electron';
import { BrowserDriver } from '../browser/driver.ts';
import { ElectronDebuggerSession } from './debugger-adapter.ts';
import { BROWSER_VIEW_PREFERENCES, browserViewMayNavigate, windowOpenDecision } from './security.ts';

/** Fraction of the window the embedded browser takes (right side), below the top bar. */
const VIEW_LEFT = 0.62;
const TOP_BAR = 48;

/**
 * The embedded browser the engine drives: a WebContentsView in its own partition with no preload
 * and no Node, attached through webContents.debugger (debugger-adapter.ts) to a BrowserDriver. Every
 * navigation and redirect is checked with a URL parser; pop-ups open in place.
 */
export async function createBrowserView(win: BaseWindow): Promise<{ view: WebContentsView; driver: BrowserDriver }> {
  const view = new WebContentsView({ webPreferences: { ...BROWSER_VIEW_PREFERENCES } });
  const wc = view.webContents;
  const guard = (event: { preventDefault(): void; url: string }) => {
    if (!browserViewMayNavigate(event.url)) event.preventDefault();
  };
  wc.on('will-navigate', guard);
  wc.on('will-redirect', guard);
  wc.on('will-frame-navigate', guard);
  wc.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision('browser-view', url);
    if (decision.navigateInPlace) void wc.loadURL(decision.navigateInPlace);
    return { action: 'deny' };
  });
  win.contentView.addChildView(view);
  const layout = () => {
    const [width = 0, height = 0] = win.getContentSize();
    view.setBounds({
      x: Math.round(width * VIEW_LEFT),
      y: TOP_BAR + 40,
      width: Math.round(width * (1 - VIEW_LEFT)),
      height: Math.max(0, height - TOP_BAR - 40),
    });
  };
  layout();
  win.on('resize', layout);
  await wc.loadURL('about:blank');
  const driver = await BrowserDriver.attach(new ElectronDebuggerSession(wc.debugger));
  return { view, driver };
}
