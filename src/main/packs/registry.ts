/**
 * The pack registry: packs are found, checked and looked up by intent here, so the engine
 * never names a pack. `discoverPacks(dir)` imports every `<dir>/<name>/pack.ts` and registers
 * each exported pack — dropping a folder in adds a domain without editing any engine file.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StewardError } from '../../shared/errors.ts';
import type { Facts, Pack } from './types.ts';

export class PackRegistry {
  private readonly byIntentMap = new Map<string, Pack>();
  private readonly byIdMap = new Map<string, Pack>();

  constructor(packs: Pack[] = []) {
    for (const p of packs) this.register(p);
  }

  /** Adds a pack after checking it is well-formed; a second pack for the same intent replaces the first only with `replace`. */
  register(pack: Pack, opts: { replace?: boolean } = {}): void {
    const problems = checkPack(pack);
    if (problems.length) {
      throw new StewardError('VALIDATION_ERROR', `Pack ${pack.id} is not valid: ${problems.join('; ')}`, {
        details: { pack: pack.id, problems },
        suggestions: ['Fix the pack declaration named in details.'],
      });
    }
    const existing = this.byIntentMap.get(pack.intent);
    if (existing && !opts.replace) {
      throw new StewardError('STATE_CONFLICT', `Intent ${pack.intent} already has pack ${existing.id}`, {
        suggestions: ['Register with { replace: true } to swap pack versions.'],
      });
    }
    if (existing) this.byIdMap.delete(existing.id);
    this.byIntentMap.set(pack.intent, pack);
    this.byIdMap.set(pack.id, pack);
  }

  byIntent(intent: string): Pack | undefined {
    return this.byIntentMap.get(intent);
  }

  byId(id: string): Pack | undefined {
    return this.byIdMap.get(id);
  }

  all(): Pack[] {
    return [...this.byIdMap.values()];
  }

  /** Slot names the pack of this intent accepts (undefined when no pack handles it). */
  slotsOf(intent: string): string[] | undefined {
    return this.byIntentMap.get(intent)?.slots.map((s) => s.name);
  }

  /** Required slots of a pack that the facts do not hold yet, in declaration order. */
  missingRequired(packId: string, facts: Facts): string[] {
    const pack = this.byIdMap.get(packId);
    if (!pack || pack.kind === 'dialogue') return [];
    return pack.slots.filter((s) => s.required && (facts[s.name] === undefined || facts[s.name] === '')).map((s) => s.name);
  }
}

/** Well-formedness of a declaration: states reference real states, tools are allowed, texts exist in both languages. */
export function checkPack(pack: Pack): string[] {
  const problems: string[] = [];
  if (!pack.id || !pack.intent) problems.push('id and intent are required');
  if (!pack.recovery.default) problems.push('recovery.default is required');
  for (const [key, t] of Object.entries(pack.texts)) if (!t.ko || !t.en) problems.push(`text ${key} needs ko and en`);
  if (pack.kind === 'dialogue') {
    for (const t of pack.approval.gated) if (!pack.approval.kinds?.[t]) problems.push(`gated tool ${t} needs an approval kind`);
    const ids = new Set(pack.flow.map((s) => s.id));
    for (const s of pack.flow) {
      if (s.confirm && !ids.has(s.confirm.executeState)) problems.push(`${s.id}: unknown execute state ${s.confirm.executeState}`);
      for (const c of s.calls ?? []) if (!pack.allowedTools.includes(c.tool)) problems.push(`${s.id}: tool ${c.tool} is not allowed`);
    }
  }
  if (pack.kind === 'browse' && pack.recipes.length === 0) problems.push('a browse pack needs at least one recipe');
  return problems;
}

function isPack(v: unknown): v is Pack {
  return Boolean(v && typeof v === 'object' && 'id' in v && 'intent' in v && 'kind' in v && 'slots' in v);
}

/** The packs exported by already-imported pack modules (a bundle that gathered the folders at build time). */
export function packsIn(modules: Record<string, unknown>): Pack[] {
  const found: Pack[] = [];
  for (const mod of Object.values(modules))
    if (mod && typeof mod === 'object') for (const v of Object.values(mod)) if (isPack(v)) found.push(v);
  return found;
}

/** Imports `<dir>/<name>/pack.ts` for every sub-folder and returns the packs they export. */
export async function discoverPacks(dir: string): Promise<Pack[]> {
  const found: Pack[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, 'pack.ts');
    try {
      if (!statSync(join(dir, name)).isDirectory() || !statSync(file).isFile()) continue;
    } catch {
      continue;
    }
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) if (isPack(v)) found.push(v);
  }
  return found;
}
