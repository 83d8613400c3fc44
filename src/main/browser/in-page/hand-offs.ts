/**
 * Counts the calls by which a page hands work off its own event loop — messages to workers,
 * channels and other windows, IndexedDB, Web Crypto, locks, caches, scheduled tasks, image
 * decoding, new windows. Their answers come back when they are done, unseen by the settle probe:
 * a call made since the probe's mark means the action may still act (see `ProbeState.loose`).
 * A MessagePort's message within the page is a task of this event loop, not counted here.
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
  handOff(window, ['postMessage', 'open', 'createImageBitmap']);
  handOff(proto('Worker'), ['postMessage']);
  handOff(proto('SharedWorker'), ['postMessage']);
  handOff(proto('BroadcastChannel'), ['postMessage']);
  handOff(proto('ServiceWorker'), ['postMessage']);
  handOff(proto('IDBFactory'), ['open', 'deleteDatabase']);
  handOff(proto('IDBDatabase'), ['transaction']);
  handOff(proto('LockManager'), ['request']);
  handOff(proto('CacheStorage'), ['open', 'match', 'delete']);
  handOff(proto('Scheduler'), ['postTask']);
  handOff(proto('HTMLImageElement'), ['decode']);
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
