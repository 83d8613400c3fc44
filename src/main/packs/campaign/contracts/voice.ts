/**
 * Voice: a short and a long voice-over script, delivery, a timing map that starts at 0 and fits
 * the video, subtitles inside the timing map, and the TTS settings (model, voice, format).
 */
import { z } from 'zod';
import type { ModelContract } from '../../../llm/runner.ts';
import { DURATIONS } from './creative.ts';
import { CampaignMeta, NonEmpty, withCampaignMeta } from './meta.ts';

export const AUDIO_FORMATS = ['mp3', 'wav', 'opus', 'aac', 'flac', 'pcm'] as const;

export const VoiceInput = CampaignMeta.extend({
  session_id: NonEmpty,
  strategy_summary: NonEmpty,
  creative: z.strictObject({
    video_prompt_package: z.strictObject({ duration_sec: z.union(DURATIONS.map((d) => z.literal(d))) }),
    cta: NonEmpty,
  }),
  voice_preset: NonEmpty,
  locale: z.enum(['ko', 'en']),
}).strict();
export type VoiceInput = z.infer<typeof VoiceInput>;

const Seconds = z.number().min(0, 'time is ≥ 0');
const Span = { start: Seconds, end: Seconds };

export const VoiceBody = z
  .strictObject({
    voiceover_script_short: NonEmpty,
    voiceover_script_long: NonEmpty,
    delivery_profile: z.strictObject({ pace: z.enum(['slow', 'medium', 'fast']), emphasis_words: z.array(NonEmpty) }),
    timing_map: z.array(z.strictObject({ ...Span, purpose: NonEmpty, text: NonEmpty })).min(1),
    subtitle_lines: z.array(z.strictObject({ ...Span, text: NonEmpty })).min(1),
    tts_config: z.strictObject({ model: NonEmpty, voice: NonEmpty, format: z.enum(AUDIO_FORMATS) }),
  })
  .superRefine((o, ctx) => {
    for (const p of timingProblems(o)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type VoiceBody = z.infer<typeof VoiceBody>;
export const VoiceOutput = withCampaignMeta(VoiceBody);

interface Problem {
  path: Array<string | number>;
  message: string;
}

/** The timing rules: the map starts at 0, each span ends after it starts, spans follow in order, subtitles stay inside the map. */
export function timingProblems(o: Pick<VoiceBody, 'timing_map' | 'subtitle_lines'>): Problem[] {
  const out: Problem[] = [];
  const map = o.timing_map;
  if (map[0] && map[0].start !== 0) out.push({ path: ['timing_map', 0, 'start'], message: 'the first timing_map span starts at 0.0' });
  map.forEach((s, i) => {
    if (s.end <= s.start) out.push({ path: ['timing_map', i, 'end'], message: 'a span ends after it starts' });
    const prev = map[i - 1];
    if (prev && s.start < prev.end) out.push({ path: ['timing_map', i, 'start'], message: 'spans follow in order without overlap' });
  });
  const from = map[0]?.start ?? 0;
  const to = Math.max(...map.map((s) => s.end));
  o.subtitle_lines.forEach((l, i) => {
    if (l.end <= l.start) out.push({ path: ['subtitle_lines', i, 'end'], message: 'a subtitle ends after it starts' });
    if (l.start < from || l.end > to)
      out.push({ path: ['subtitle_lines', i], message: `subtitle ${l.start}–${l.end}s is outside the timing_map (${from}–${to}s)` });
  });
  return out;
}

export const voice: ModelContract<typeof VoiceInput, typeof VoiceBody, 'voice'> = {
  role: 'voice',
  input: VoiceInput,
  body: VoiceBody,
  system: [
    'You write the voice-over for the video in the locale and voice preset given: a short and a long script, the delivery,',
    'a timing_map whose first span starts at 0.0 and whose last span ends by creative.video_prompt_package.duration_sec,',
    'subtitle_lines inside the timing_map, and tts_config with model, voice and format. Return only the JSON object.',
  ].join('\n'),
  check: (input, output) => {
    const end = Math.max(...output.timing_map.map((s) => s.end));
    const limit = input.creative.video_prompt_package.duration_sec;
    return end > limit ? [`timing_map ends at ${end}s, after the video's ${limit}s`] : [];
  },
};
