import { z } from 'zod';

/** The languages Steward speaks: every text a person reads exists in both. */
export const Locale = z.enum(['ko', 'en']);
export type Locale = z.infer<typeof Locale>;
