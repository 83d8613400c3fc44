import type { StewardApi } from '../shared/ipc.ts';

declare global {
  interface Window {
    /** Present only inside the Electron window (exposed by src/preload through contextBridge). */
    steward?: StewardApi;
  }
}
