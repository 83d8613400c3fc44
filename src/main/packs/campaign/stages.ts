/**
 * The campaign's stages, in order: collecting the brief in conversation, the brief ready,
 * research in the browser, the strategy, the creatives (copy, posters, video prompt, voice),
 * then done or failed. Research may end the run (done without a model: brief and evidence only).
 */
import { StewardError } from '../../../shared/errors.ts';
import type { CampaignStage } from './contracts/run-package.ts';

const NEXT: Record<CampaignStage, readonly CampaignStage[]> = {
  CHAT_COLLECTING: ['BRIEF_READY', 'FAILED'],
  BRIEF_READY: ['CHAT_COLLECTING', 'RUN_RESEARCH', 'FAILED'],
  RUN_RESEARCH: ['GEN_STRATEGY', 'DONE', 'FAILED'],
  GEN_STRATEGY: ['GEN_CREATIVES', 'FAILED'],
  GEN_CREATIVES: ['DONE', 'FAILED'],
  DONE: [],
  FAILED: [],
};

export function canMove(from: CampaignStage, to: CampaignStage): boolean {
  return NEXT[from].includes(to);
}

/** The stage after `from`, refusing a move the order does not allow. */
export function move(from: CampaignStage, to: CampaignStage): CampaignStage {
  if (!canMove(from, to))
    throw new StewardError('STATE_CONFLICT', `A campaign run cannot go from ${from} to ${to}.`, {
      details: { from, to, allowed: NEXT[from] },
      suggestions: [`From ${from} the run goes to ${NEXT[from].join(' or ') || 'nowhere (it is finished)'}.`],
    });
  return to;
}
