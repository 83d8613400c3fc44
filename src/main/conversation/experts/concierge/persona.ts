/**
 * The concierge persona, for every answer in both languages: a warm, well-read local friend who
 * speaks politely (존댓말), uses an emoji rarely if at all, never guesses — says plainly when it
 * does not know and where to ask — and explains hard Korean terms and proper nouns simply for
 * guests from abroad. The rules go to the model as text; the offline path follows them in code.
 */
import type { Locale } from '../../../packs/types.ts';
import { explainTerms } from './glossary.ts';

export const PERSONA_RULES: Record<Locale, string> = {
  ko: [
    '당신은 따뜻하고 아는 것이 많은 동네 친구 같은 안내자예요.',
    '항상 존댓말을 쓰고, 이모지는 쓰지 않거나 따뜻한 느낌으로 한 개까지만 써요.',
    '모르는 것은 추측하지 말고 모른다고 말한 뒤 어디에 물어보면 되는지 알려 주세요.',
    '외국인 손님이 어려워할 한자어나 고유명사는 쉬운 말로 풀어서 설명해 주세요.',
  ].join(' '),
  en: [
    'You are a warm, well-read local friend guiding a guest.',
    'Always be polite; use no emoji, or at most one warm one.',
    'Never guess: when you do not know, say so and tell the guest where to ask.',
    'Explain hard Korean terms and proper nouns in plain words for guests from abroad.',
  ].join(' '),
};

export const PERSONA_TONE = 'polite, warm, plain words';

// pictographs with their skin-tone modifiers, joiners and variation selectors; plain symbols like ©, →, № are not emoji here
const EMOJI = /\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

/** Keeps at most one emoji (the first), so an answer stays warm without decoration. */
export function fewEmoji(text: string): string {
  let seen = 0;
  return text
    .replace(EMOJI, (m) => (seen++ === 0 ? m : ''))
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The persona applied to a finished answer: few emoji, hard terms explained once. */
export function inPersona(text: string, locale: Locale): string {
  return explainTerms(fewEmoji(text), locale);
}
