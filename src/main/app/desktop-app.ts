import { join } from 'node:path';
import { app, BrowserWindow, session, WebContentsView } from 'electron';

/** The partition of the embedded browser the engine drives: its own cookies, cache and permissions. */
export const BROWSER_PARTITION = 'persist:steward-browser';

function denyAllPermissions(ses: Electron.Session): void {
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1400,
    height: 900,
    title: 'Steward',
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());

  const browserView = new WebContentsView({
    webPreferences: { partition: BROWSER_PARTITION, contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  win.contentView.addChildView(browserView);
  const layout = () => {
    const [width, height] = win.getContentSize();
    browserView.setBounds({
      x: Math.round((width ?? 0) * 0.55),
      y: 48,
      width: Math.round((width ?? 0) * 0.45),
      height: (height ?? 0) - 48,
    });
  };
  layout();
  win.on('resize', layout);

  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void win.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return win;
}

export function startDesktopApp(): void {
  app.on('web-contents-created', (_e, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  void app.whenReady().then(() => {
    denyAllPermissions(session.defaultSession);
    denyAllPermissions(session.fromPartition(BROWSER_PARTITION));
    createMainWindow();
  });
  app.on('window-all-closed', () => app.quit());
}
