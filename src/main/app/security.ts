/**
 * The desktop app's security settings as plain data and pure functions (no 'electron' import),
 * so unit tests check them without the Electron binary. desktop-app.ts only applies them.
 * Electron's security checklist: https://www.electronjs.org/docs/latest/tutorial/security
 */

/** The partition of the embedded browser the engine drives: its own cookies, cache and permissions. */
export const BROWSER_PARTITION = 'persist:steward-browser';

/** The app UI: isolated, sandboxed, no Node; the only bridge is the preload's typed API. */
export function appWindowPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    // middle-click must not open windows behind the window-open handler's back
    disableBlinkFeatures: 'Auxclick',
  } as const;
}

/** The embedded browser (WebContentsView): untrusted web pages, so no preload and no Node at all, in its own partition. */
export const BROWSER_VIEW_PREFERENCES = {
  partition: BROWSER_PARTITION,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  disableBlinkFeatures: 'Auxclick',
} as const;

/** The app UI's Content-Security-Policy, also sent as a response header for every app resource. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Whether `url` is the app's own page: the same file (production, file://) or the same origin
 * (electron-vite dev server). Query and hash may differ; nothing else may.
 */
export function isAppUrl(url: string, appUrl: string): boolean {
  const u = parse(url);
  const app = parse(appUrl);
  if (!u || !app) return false;
  if (app.protocol === 'file:') return u.protocol === 'file:' && u.host === app.host && u.pathname === app.pathname;
  return u.origin === app.origin && (u.protocol === 'http:' || u.protocol === 'https:');
}

/** The app window never navigates away from itself (a link in the UI must not load a web page with the preload). */
export function appMayNavigate(url: string, appUrl: string): boolean {
  return isAppUrl(url, appUrl);
}

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** The embedded browser may load web pages (http/https) and about:blank — never file:, javascript:, data:, chrome: or devtools:. */
export function browserViewMayNavigate(url: string): boolean {
  if (url === 'about:blank') return true;
  const u = parse(url);
  return Boolean(u && WEB_PROTOCOLS.has(u.protocol) && !u.username && !u.password);
}

/**
 * window.open / target=_blank: the app never opens windows; the embedded browser opens web links
 * in place (same view, still under the navigation check) instead of a new, unmanaged window.
 * Nothing is ever handed to shell.openExternal.
 */
export function windowOpenDecision(source: 'app' | 'browser-view', url: string): { action: 'deny'; navigateInPlace?: string } {
  if (source === 'browser-view' && browserViewMayNavigate(url) && url !== 'about:blank') return { action: 'deny', navigateInPlace: url };
  return { action: 'deny' };
}

/** Permission requests (camera, geolocation, notifications, clipboard, …) are denied on every session. */
export function permissionDecision(_permission: string, _requestingUrl: string): boolean {
  return false;
}

/** What an IPC sender frame looks like to the guard (Electron's WebFrameMain, reduced to what is checked). */
export interface SenderFrame {
  url: string;
  /** Null for the top frame. */
  parent: unknown;
}

/** Only the app's own top frame may call the engine: not a sub-frame, not a page the window was navigated to. */
export function isTrustedSender(frame: SenderFrame | null | undefined, appUrl: string): boolean {
  return Boolean(frame && frame.parent === null && isAppUrl(frame.url, appUrl));
}

/**
 * Fuses reviewed (flip them at packaging time with @electron/fuses' flipFuses(); not a dependency
 * here because it cannot be tested without an Electron binary):
 */
export const RECOMMENDED_FUSES = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  LoadBrowserProcessSpecificV8Snapshot: false,
  GrantFileProtocolExtraPrivileges: false,
} as const;
