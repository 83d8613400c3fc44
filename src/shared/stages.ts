/**
 * The stages of a conversation's task, in order: collecting what is needed, the brief, the plan,
 * running it (and waiting for the person's approval), checking the result, done or failed.
 * The session machine (src/main/conversation/machine.ts) moves between them.
 */
export const STAGES = [
  'CHAT_COLLECTING',
  'BRIEF_READY',
  'PLANNING',
  'EXECUTING',
  'AWAITING_APPROVAL',
  'VERIFYING',
  'DONE',
  'FAILED',
] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(s: string): s is Stage {
  return (STAGES as readonly string[]).includes(s);
}
