import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { INVOKE_CHANNELS, type InvokeChannel, ipcInvokeName, ipcPushName, PUSH_EVENTS, type PushEvent } from '../shared/ipc/channels.ts';
import type { StewardApi } from '../shared/ipc/index.ts';

/**
 * The typed API generated from the IPC map: invoke one of its channels, subscribe to one of its
 * push events. Nothing else crosses — no raw ipcRenderer, no channel names from outside the map.
 */
const api: StewardApi = {
  transport: 'electron',
  invoke(channel, input) {
    if (!INVOKE_CHANNELS.includes(channel as InvokeChannel)) {
      const error = {
        code: 'USAGE_ERROR' as const,
        message: `Unknown channel "${String(channel)}".`,
        details: {},
        suggestions: ['Use a channel of src/shared/ipc/index.ts.'],
        retryable: false,
      };
      return Promise.resolve({ ok: false, error });
    }
    return ipcRenderer.invoke(ipcInvokeName(channel), input);
  },
  on(event, listener) {
    if (!PUSH_EVENTS.includes(event as PushEvent)) throw new Error(`Unknown push event "${String(event)}".`);
    // the main process sends each push event with its declared payload (services/push-hub.ts)
    const wrapped = (_e: IpcRendererEvent, payload: Parameters<typeof listener>[0]) => listener(payload);
    ipcRenderer.on(ipcPushName(event), wrapped);
    return () => {
      ipcRenderer.removeListener(ipcPushName(event), wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('steward', api);
