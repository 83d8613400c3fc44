import type { StepView } from '../../../shared/ipc/index.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { Translate } from '../i18n/use-t.ts';

const KNOWN = ['navigate', 'click', 'fill', 'select', 'wait', 'extract', 'screenshot', 'press', 'scroll', 'assert', 'approve', 'hand_over'];

/**
 * A step as the person reads it: what it does in the UI's language and what it acts on in the
 * page's own words ("“국적 Nationality” 고르기"), never the plan's id ("form.fill_5_nationality: select").
 */
export function stepTitle(step: Pick<StepView, 'type' | 'target' | 'title'>, t: Translate): string {
  if (!KNOWN.includes(step.type)) return step.title.replace(/^[\w.-]+:\s*/, '');
  const on = step.target?.trim();
  return on ? t(`step.${step.type}.on` as MessageKey, { x: on }) : t(`step.${step.type}` as MessageKey);
}
