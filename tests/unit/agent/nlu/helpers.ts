import { Utterance } from '../../../../src/main/agent/nlu/text.ts';

export const NOW = new Date('2026-12-01T09:00:00+09:00'); // Tuesday in Seoul
export const TZ = 'Asia/Seoul';
export const u = (text: string) => new Utterance(text);
