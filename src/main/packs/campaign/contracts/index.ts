/** The campaign agents' contracts (planner → research → strategy → creative → voice) and the run package. */
export * from './brief.ts';
export * from './creative.ts';
export * from './meta.ts';
export * from './planner.ts';
export * from './research.ts';
export * from './run-package.ts';
export * from './strategy.ts';
export * from './voice.ts';
