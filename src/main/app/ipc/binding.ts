import { type BrowserWindow, ipcMain } from 'electron';
import { INVOKE_CHANNELS, ipcInvokeName, ipcPushName } from '../../../shared/ipc/index.ts';
import type { EngineServices } from '../../services/engine-services.ts';
import { guardedInvoke } from './guard.ts';

/** ipcMain.handle for every channel of the map (sender frame checked, input validated); pushes go to the app window only. */
export function bindIpc(services: EngineServices, win: BrowserWindow, appUrl: string): () => void {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(ipcInvokeName(channel), (event, input: unknown) =>
      guardedInvoke(
        services.handlers,
        channel,
        event.senderFrame ? { url: event.senderFrame.url, parent: event.senderFrame.parent } : null,
        input,
        appUrl,
      ),
    );
  }
  const unsubscribe = services.hub.subscribe((event, payload) => {
    if (!win.isDestroyed()) win.webContents.send(ipcPushName(event), payload);
  });
  return () => {
    unsubscribe();
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(ipcInvokeName(channel));
  };
}
