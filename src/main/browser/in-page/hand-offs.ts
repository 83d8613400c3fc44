/**
 * Counts the calls by which a page hands work off its own event loop — messages to workers,
 * channels and other windows, IndexedDB, Web Crypto, locks, caches, scheduled tasks, image
 * decoding, new windows, a service worker's registration. Their answers come back when they are
 * done, unseen by the settle probe: a call made since the probe's mark means the action may
 * still act (see `ProbeState.loose`).
 * A MessagePort's message within the page is a task of this event loop and is not counted; one
 * sent through a port whose other end was given away (to a worker, a frame or a window) is.
 *
 * Serialised with `Function.prototype.toString` and run in the page before its first script:
 * it must not refer to anything outside its own body.
 */
export function installHandOffCounter(key: string): void {
  const name = `${key}_handoffs`;
  if (Reflect.get(window, name)) return;
  const counter = { count: 0 };
  const handOff = (owner: unknown, names: string[]) => {
    if (!owner || (typeof owner !== 'object' && typeof owner !== 'function')) return;
    for (const method of names) {
      const fn: unknown = Reflect.get(owner, method);
      if (typeof fn !== 'function') continue;
      Reflect.set(owner, method, function (this: unknown, ...args: unknown[]) {
        counter.count++;
        return Reflect.apply(fn, this, args);
      });
    }
  };
  const proto = (name: string): unknown => (Reflect.get(window, name) as { prototype?: unknown } | undefined)?.prototype;
  handOff(window, ['open', 'createImageBitmap']);
  // a message to a worker or window also gives away the ports it transfers
  for (const [owner, method] of [
    [window, 'postMessage'],
    [proto('Worker'), 'postMessage'],
  ] as const) {
    const fn: unknown = owner ? Reflect.get(owner, method) : undefined;
    if (typeof fn !== 'function') continue;
    Reflect.set(owner as object, method, function (this: unknown, ...args: unknown[]) {
      given(args);
      counter.count++;
      return Reflect.apply(fn, this, args);
    });
  }
  handOff(proto('SharedWorker'), ['postMessage']);
  handOff(proto('BroadcastChannel'), ['postMessage']);
  handOff(proto('ServiceWorker'), ['postMessage']);
  handOff(proto('ServiceWorkerContainer'), ['register']);
  handOff(proto('IDBFactory'), ['open', 'deleteDatabase']);
  handOff(proto('IDBDatabase'), ['transaction']);
  handOff(proto('LockManager'), ['request']);
  handOff(proto('CacheStorage'), ['open', 'match', 'delete']);
  handOff(proto('Scheduler'), ['postTask']);
  handOff(proto('HTMLImageElement'), ['decode']);
  handOff(proto('HTMLMediaElement'), ['play']);
  handOff(proto('FileReader'), ['readAsText', 'readAsArrayBuffer', 'readAsDataURL', 'readAsBinaryString']);
  handOff(proto('Blob'), ['text', 'arrayBuffer']);
  handOff(proto('Clipboard'), ['read', 'readText', 'write', 'writeText']);
  handOff(proto('Geolocation'), ['getCurrentPosition', 'watchPosition']);
  handOff(proto('CredentialsContainer'), ['get', 'create', 'store']);
  handOff(proto('PaymentRequest'), ['show', 'canMakePayment']);
  handOff(proto('MediaDevices'), ['getUserMedia', 'getDisplayMedia', 'enumerateDevices']);
  handOff(proto('Permissions'), ['query']);
  handOff(proto('StorageManager'), ['estimate', 'persist']);
  handOff(proto('FontFaceSet'), ['load']);
  handOff(Reflect.get(window, 'Notification'), ['requestPermission']);
  // ports: the one left in the page once its partner was transferred speaks to another event loop
  const partner = new WeakMap<object, object>();
  const away = new WeakSet<object>();
  const NativeChannel = Reflect.get(window, 'MessageChannel') as (new () => MessageChannel) | undefined;
  if (NativeChannel) {
    // a channel like the page's own (instanceof holds), whose two ports know each other
    class Channel extends NativeChannel {
      constructor() {
        super();
        partner.set(this.port1, this.port2);
        partner.set(this.port2, this.port1);
      }
    }
    Reflect.set(window, 'MessageChannel', Channel);
  }
  const given = (args: unknown[]) => {
    for (const a of args) {
      const list = Array.isArray(a) ? a : (a as { transfer?: unknown } | null)?.transfer;
      if (!Array.isArray(list)) continue;
      for (const t of list) {
        const other = typeof t === 'object' && t ? partner.get(t) : undefined;
        if (other) away.add(other);
      }
    }
  };
  const portProto = proto('MessagePort') as { postMessage?: (...a: unknown[]) => void } | undefined;
  const portPost = portProto?.postMessage;
  if (portProto && typeof portPost === 'function')
    portProto.postMessage = function (this: object, ...args: unknown[]) {
      given(args);
      if (away.has(this)) counter.count++;
      return Reflect.apply(portPost, this, args);
    };
  const sharedPort = Object.getOwnPropertyDescriptor(proto('SharedWorker') ?? {}, 'port')?.get;
  if (sharedPort)
    Object.defineProperty(proto('SharedWorker'), 'port', {
      configurable: true,
      get(this: unknown) {
        const port = Reflect.apply(sharedPort, this, []) as object;
        away.add(port);
        return port;
      },
    });
  handOff(proto('SubtleCrypto'), [
    'encrypt',
    'decrypt',
    'sign',
    'verify',
    'digest',
    'generateKey',
    'deriveKey',
    'deriveBits',
    'importKey',
    'exportKey',
    'wrapKey',
    'unwrapKey',
  ]);
  Object.defineProperty(window, name, { value: counter, enumerable: false, configurable: false, writable: false });
}
