import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, type Session, session } from 'electron';
import { createConversations } from '../conversation/ui/conversations.ts';
import { PackRegistry, packsIn } from '../packs/registry.ts';
import { createEngineServices, type EngineServices } from '../services/engine-services.ts';
import { parseSites } from '../services/sites.ts';
import { openStore } from '../store/index.ts';
import { createBrowserView } from './browser-view.ts';
import { electronSettingsStore, safeStorageSecretStore } from './electron-settings.ts';
import { bindIpc } from './ipc/binding.ts';
import { APP_CSP, appMayNavigate, appWindowPreferences, BROWSER_PARTITION, permissionDecision, windowOpenDecision } from './security.ts';

/** Deny-by-default permissions on a session, plus the app's CSP as a header. */
function lockDown(ses: Session, withCsp: boolean): void {
  ses.setPermissionRequestHandler((wc, permission, callback) => callback(permissionDecision(permission, wc.getURL())));
  ses.setPermissionCheckHandler((_wc, permission, origin) => permissionDecision(permission, origin));
  ses.setDevicePermissionHandler(() => false);
  if (withCsp) {
    ses.webRequest.onHeadersReceived((details, callback) =>
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [APP_CSP] } }),
    );
  }
}

function appUrl(): string {
  return process.env.ELECTRON_RENDERER_URL ?? pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;
}

async function createMainWindow(): Promise<{ win: BrowserWindow; services: EngineServices }> {
  const url = appUrl();
  const win = new BrowserWindow({
    width: 1500,
    height: 950,
    title: 'Steward',
    show: false,
    // The values of appWindowPreferences (unit-tested), repeated literally where static checkers look for them.
    webPreferences: {
      ...appWindowPreferences(join(import.meta.dirname, '../preload/index.cjs')),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.once('ready-to-show', () => win.show());
  const wc = win.webContents;
  wc.setWindowOpenHandler(() => windowOpenDecision('app', ''));
  wc.on('will-navigate', (event) => {
    if (!appMayNavigate(event.url, url)) event.preventDefault();
  });
  wc.on('will-redirect', (event) => {
    if (!appMayNavigate(event.url, url)) event.preventDefault();
  });

  const { driver } = await createBrowserView(win);
  const store = openStore(join(app.getPath('userData'), 'steward.db'));
  const settings = electronSettingsStore();
  const services = createEngineServices({
    host: 'electron',
    version: app.getVersion(),
    store,
    settings,
    secrets: safeStorageSecretStore(),
    driver,
    conversations: ({ hub, surface }) =>
      createConversations({
        store,
        // the bundle has no pack folders to read at run time: vite gathers every <folder>/pack.ts at build time
        packs: Promise.resolve(new PackRegistry(packsIn(import.meta.glob('../packs/*/pack.ts', { eager: true })))),
        hub,
        surface,
        settings,
        driver,
        sites: parseSites(process.env.STEWARD_SITES, console.warn),
        artifactsDir: join(app.getPath('userData'), 'artifacts'),
        log: console.warn,
      }),
  });
  const unbind = bindIpc(services, win, url);
  win.on('closed', () => {
    unbind();
    void services.close().finally(() => store.close());
  });
  await win.loadURL(url);
  return { win, services };
}

export function startDesktopApp(): void {
  app.enableSandbox();
  app.on('web-contents-created', (_e, contents) => {
    // No <webview>, no new windows from anywhere; per-view handlers above refine this.
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app.on('session-created', (ses) => lockDown(ses, false));
  void app.whenReady().then(async () => {
    lockDown(session.defaultSession, true);
    lockDown(session.fromPartition(BROWSER_PARTITION), false);
    await createMainWindow();
  });
  app.on('window-all-closed', () => app.quit());
}
