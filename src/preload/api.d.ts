import type { StewardApi } from '../shared/ipc/index.ts';

declare global {
  interface Window {
    /** Present only inside the Electron window (exposed by src/preload through contextBridge). */
    steward?: StewardApi;
  }
}
