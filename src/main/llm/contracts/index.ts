/** Every model role's contract, by role name. */
import { expert } from './expert.ts';
import type { Role } from './meta.ts';
import { planning } from './planning.ts';
import { router } from './router.ts';
import { synthesizer } from './synthesizer.ts';
import { understanding } from './understanding.ts';

export const CONTRACTS = { understanding, planning, expert, synthesizer, router } as const satisfies Record<Role, unknown>;
export type Contracts = typeof CONTRACTS;

export * from './expert.ts';
export * from './meta.ts';
export * from './planning.ts';
export * from './router.ts';
export * from './synthesizer.ts';
export * from './understanding.ts';
