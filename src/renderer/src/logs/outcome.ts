import { isStage } from '../../../shared/stages.ts';
import type { Translate } from '../i18n/use-t.ts';

const OUTCOMES = ['DONE', 'FAILED', 'cancelled', 'declined', 'handed_over'] as const;
type Outcome = (typeof OUTCOMES)[number];
const isOutcome = (s: string): s is Outcome => (OUTCOMES as readonly string[]).includes(s);

/** How a session ended, in the UI's language; a session still under way reads "in progress". */
export function outcomeLabel(status: string, t: Translate): string {
  if (isOutcome(status)) return t(`logs.outcome.${status}`);
  return isStage(status) || status === 'active' ? t('logs.outcome.running') : status;
}

/** The badge class of a status (done, failed, cancelled…), for its colour. */
export const outcomeClass = (status: string) =>
  status === 'DONE' ? 'done' : status === 'FAILED' ? 'failed' : isOutcome(status) ? 'cancelled' : 'running';
