/**
 * The synthesizer: combines what the experts collected into one answer in the persona's tone.
 * It never guesses: with no tool answer it says who to ask (the experts' referrals).
 */
import { personError } from '../../../shared/errors.ts';
import { both, fill } from '../../packs/text.ts';
import type { Locale } from '../../packs/types.ts';
import type { Collected, ExpertOf, Persona } from './types.ts';

const CLOSING = both('더 궁금한 점이 있으면 말씀해 주세요.', 'Let me know if you need anything else.');
const TOOL_FAILED = both('확인하지 못했어요. {why}', 'I could not check that. {why}');

const NO_EXPERT = {
  ko: '그 질문은 제가 확인할 수 있는 도구가 없어서 추측해서 답하지 않을게요. 해당 서비스의 고객센터나 담당자에게 문의해 주세요.',
  en: "I have no tool that can check that, so I won't guess. Please ask the service's support or the person in charge.",
};

export function synthesize(collected: Collected[], experts: ExpertOf[], activated: string[], locale: Locale, persona: Persona): string {
  const lines: string[] = [];
  for (const c of collected) {
    const expert = experts.find((e) => e.id === c.expert);
    const tool = expert?.tools.find((t) => t.name === c.tool);
    if (c.ok && c.data && tool) lines.push(tool.summarise(c.data, locale));
    else if (!c.ok && c.error) lines.push(fill(TOOL_FAILED, locale, { why: personError(c.error, locale).says }));
  }
  const answered = collected.some((c) => c.ok);
  if (!answered) {
    const referrals = activated.map((id) => experts.find((e) => e.id === id)).filter((e): e is ExpertOf => Boolean(e));
    lines.push(...(referrals.length ? referrals.map((e) => fill(e.referral, locale)) : [NO_EXPERT[locale]]));
  }
  const body = lines.filter(Boolean).join('\n');
  if (persona.tone === 'brief') return body;
  return `${body}\n${fill(CLOSING, locale)}`;
}
