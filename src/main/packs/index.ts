/**
 * The packs shipped with Steward. The engine never imports a pack by name: it asks the
 * registry. A new domain is a new folder with a `pack.ts` (see registry.ts `discoverPacks`).
 */
import { flightsPack } from './flights/pack.ts';
import { formsPack } from './forms/pack.ts';
import { genericPack } from './generic/pack.ts';
import { hotelsPack } from './hotels/pack.ts';
import { ordersPack } from './orders/pack.ts';
import { refundsPack } from './refunds/pack.ts';
import { PackRegistry } from './registry.ts';
import { shoppingPack } from './shopping/pack.ts';
import type { Pack } from './types.ts';

export const builtinPacks: Pack[] = [flightsPack, hotelsPack, shoppingPack, formsPack, ordersPack, refundsPack, genericPack];

export function createPackRegistry(packs: Pack[] = builtinPacks): PackRegistry {
  return new PackRegistry(packs);
}

export { PackRegistry } from './registry.ts';
export type { Pack } from './types.ts';
