import { contextBridge } from 'electron';

/** The typed API the renderer sees; no raw ipcRenderer is ever exposed. */
contextBridge.exposeInMainWorld('steward', { transport: 'electron' });
