import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STAGES } from '../../../../src/main/packs/campaign/contracts/run-package.ts';
import { canMove, move } from '../../../../src/main/packs/campaign/stages.ts';

describe('campaign stages', () => {
  it('go CHAT_COLLECTING → BRIEF_READY → RUN_RESEARCH → GEN_STRATEGY → GEN_CREATIVES → DONE', () => {
    const order = ['CHAT_COLLECTING', 'BRIEF_READY', 'RUN_RESEARCH', 'GEN_STRATEGY', 'GEN_CREATIVES', 'DONE'] as const;
    for (let i = 1; i < order.length; i++)
      expect(canMove(order[i - 1] as (typeof order)[number], order[i] as (typeof order)[number])).toBe(true);
  });
  it('never skip a stage forward, except research ending a run without a model', () => {
    expect(canMove('BRIEF_READY', 'GEN_STRATEGY')).toBe(false);
    expect(canMove('CHAT_COLLECTING', 'RUN_RESEARCH')).toBe(false);
    expect(canMove('GEN_STRATEGY', 'DONE')).toBe(false);
    expect(canMove('RUN_RESEARCH', 'DONE')).toBe(true);
  });
  it('can fail from every working stage and leave no finished one', () => {
    for (const s of CAMPAIGN_STAGES.filter((x) => x !== 'DONE' && x !== 'FAILED')) expect(canMove(s, 'FAILED')).toBe(true);
    for (const to of CAMPAIGN_STAGES) {
      expect(canMove('DONE', to)).toBe(false);
      expect(canMove('FAILED', to)).toBe(false);
    }
  });
  it('a refused move is a STATE_CONFLICT naming the allowed ones', () => {
    expect(() => move('BRIEF_READY', 'GEN_CREATIVES')).toThrow(
      expect.objectContaining({
        code: 'STATE_CONFLICT',
        details: expect.objectContaining({ allowed: ['CHAT_COLLECTING', 'RUN_RESEARCH', 'FAILED'] }),
      }),
    );
  });
});
