/**
 * The packs a host runs with, found at run time: every `<folder>/pack.ts` under this folder
 * (the packs shipped with Steward) and under any extra folder given — dropping a folder in adds
 * a domain without editing any engine file. The engine never imports a pack by name.
 */
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPacks, PackRegistry } from './registry.ts';
import type { Pack } from './types.ts';

/** The folder of the packs shipped with Steward. */
export const BUILTIN_PACKS_DIR = dirname(fileURLToPath(import.meta.url));

/** Extra pack folders a deployment adds: STEWARD_PACKS, separated like PATH. */
export function packDirsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.STEWARD_PACKS ?? '').split(delimiter).filter(Boolean);
}

/** A registry of the shipped packs plus the packs in `dirs` (a later folder's pack replaces one for the same intent). */
export async function loadPacks(dirs: string[] = packDirsFromEnv(), builtin: Pack[] | undefined = undefined): Promise<PackRegistry> {
  const registry = new PackRegistry(builtin ?? (await discoverPacks(BUILTIN_PACKS_DIR)));
  for (const dir of dirs) for (const p of await discoverPacks(dir)) registry.register(p, { replace: true });
  return registry;
}

export { PackRegistry } from './registry.ts';
export type { Pack } from './types.ts';
