/**
 * Text to speech through the provider the person configured: an OpenAI-compatible speech
 * endpoint (`POST {baseUrl}/audio/speech` with model, voice, input and format). No provider set,
 * a refused key or an empty answer is a failure with its cause and the next step — never a
 * silent or invented file.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type ErrorValue, StewardError, toErrorValue } from '../../../../shared/errors.ts';
import { fill } from '../../text.ts';
import type { Locale } from '../../types.ts';
import type { AudioAsset } from '../contracts/run-package.ts';
import type { VoiceBody } from '../contracts/voice.ts';
import { CAMPAIGN_TEXTS } from '../texts.ts';

export const TtsSettings = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().trim().min(1).optional(),
  /** Overrides the model the voice agent named (a provider may offer other models). */
  model: z.string().trim().min(1).optional(),
  voice: z.string().trim().min(1).optional(),
});
export type TtsSettings = z.infer<typeof TtsSettings>;

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  pcm: 'audio/L16',
};

function failed(error: ErrorValue): AudioAsset {
  return { status: 'FAILED', file: null, mime: null, bytes: null, error };
}

/** The failure when no provider is set: what is missing and where to set it. */
export function ttsNotConfigured(locale: Locale): ErrorValue {
  return toErrorValue(
    new StewardError('NO_API_FOUND', fill(CAMPAIGN_TEXTS.ttsNotSet, locale), {
      details: { part: 'audio' },
      suggestions: [fill(CAMPAIGN_TEXTS.ttsHow, locale)],
    }),
  );
}

/** Speaks the short script with the configured provider and writes the file into `dir` as `<name>.<format>`. */
export async function synthesize(
  settings: TtsSettings | undefined,
  voice: Pick<VoiceBody, 'voiceover_script_short' | 'tts_config'>,
  out: { dir: string; name: string; locale: Locale; signal?: AbortSignal },
): Promise<AudioAsset> {
  if (!settings) return failed(ttsNotConfigured(out.locale));
  const format = voice.tts_config.format;
  const url = `${settings.baseUrl.replace(/\/$/, '')}/audio/speech`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: settings.model ?? voice.tts_config.model,
        voice: settings.voice ?? voice.tts_config.voice,
        input: voice.voiceover_script_short,
        response_format: format,
      }),
      ...(out.signal ? { signal: out.signal } : {}),
    });
    if (!res.ok) {
      const body = (await res.text()).slice(0, 300);
      const code = res.status === 401 || res.status === 403 ? 'AUTH_REQUIRED' : res.status === 404 ? 'NO_API_FOUND' : 'TRANSIENT';
      return failed(
        toErrorValue(
          new StewardError(code, `The TTS provider answered ${res.status}: ${body || res.statusText}`, {
            details: { url, status: res.status },
            suggestions: [fill(CAMPAIGN_TEXTS.ttsHow, out.locale)],
          }),
        ),
      );
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!bytes.length)
      return failed(
        toErrorValue(
          new StewardError('TRANSIENT', 'The TTS provider answered with no audio.', {
            details: { url },
            suggestions: [fill(CAMPAIGN_TEXTS.ttsHow, out.locale)],
          }),
        ),
      );
    const file = join(out.dir, `${out.name}.${format}`);
    writeFileSync(file, bytes, { mode: 0o600 });
    return { status: 'READY', file, mime: res.headers.get('content-type') ?? MIME[format] ?? null, bytes: bytes.length, error: null };
  } catch (e) {
    const v = toErrorValue(e);
    return failed({
      ...v,
      code: v.code === 'INTERNAL' ? 'TRANSIENT' : v.code,
      message: `The TTS provider at ${url} could not be reached: ${v.message}`,
      suggestions: [fill(CAMPAIGN_TEXTS.ttsHow, out.locale)],
    });
  }
}
