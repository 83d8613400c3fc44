/**
 * The channel and push-event names of the IPC map, without zod: the sandboxed preload can only
 * load 'electron', so it imports these names and nothing else. src/shared/ipc/index.ts checks at
 * compile time that its map has exactly these keys.
 */
export const INVOKE_CHANNELS = [
  'app.info',
  'settings.get',
  'settings.update',
  'settings.setApiKey',
  'conversation.start',
  'conversation.get',
  'conversation.list',
  'conversation.open',
  'conversation.send',
  'conversation.setSlot',
  'conversation.approve',
  'conversation.reject',
  'conversation.handOverDone',
  'conversation.cancel',
  'conversation.pause',
  'conversation.resume',
  'browser.state',
  'browser.takeOver',
  'browser.giveBack',
  'browser.lastFrame',
  'browser.input',
  'browser.chooseFiles',
  'logs.sessions',
  'logs.events',
  'logs.session',
  'logs.records',
  'logs.handoffs',
  'logs.closeHandoff',
  'logs.export',
  'logs.import',
  'artifacts.image',
  'lab.run',
  'outputs.get',
  'outputs.export',
] as const;

export const PUSH_EVENTS = [
  'conversation.changed',
  'approval.requested',
  'log.appended',
  'browser.control',
  'browser.frame',
  'browser.fileChooser',
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** Electron IPC channel names, prefixed so nothing else can collide with them. */
export const ipcInvokeName = (c: InvokeChannel) => `steward:invoke:${c}`;
export const ipcPushName = (e: PushEvent) => `steward:push:${e}`;
