/**
 * Model providers chosen in settings: OpenAI, Anthropic, Google, or any OpenAI-compatible
 * endpoint (Ollama, LM Studio, vLLM). Returns an AI SDK language model; nothing is called here.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { z } from 'zod';
import { StewardError } from '../../shared/errors.ts';

export const PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;

export const ModelSettings = z.strictObject({
  provider: z.enum(PROVIDERS),
  model: z.string().trim().min(1),
  baseURL: z.url().optional(),
  apiKey: z.string().trim().min(1).optional(),
  /** A display name for an OpenAI-compatible server ("ollama", "lmstudio", "vllm"). */
  name: z.string().trim().min(1).optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Well-known local servers, so settings can say just {provider:'openai-compatible', name:'ollama'}. */
export const LOCAL_SERVERS: Record<string, string> = {
  ollama: 'http://127.0.0.1:11434/v1',
  lmstudio: 'http://127.0.0.1:1234/v1',
  vllm: 'http://127.0.0.1:8000/v1',
};

export function describeModel(settings: ModelSettings): string {
  return `${settings.provider}${settings.name ? `:${settings.name}` : ''}/${settings.model}`;
}

export function createModel(raw: unknown): LanguageModel {
  const parsed = ModelSettings.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StewardError('VALIDATION_ERROR', `Model settings: ${issue?.path.join('.') || 'settings'}: ${issue?.message}`, {
      details: { issues: parsed.error.issues },
      suggestions: ['Give provider (openai|anthropic|google|openai-compatible), model, and for a local server its baseURL.'],
    });
  }
  const s = parsed.data;
  const common = { ...(s.apiKey ? { apiKey: s.apiKey } : {}), ...(s.baseURL ? { baseURL: s.baseURL } : {}) };
  switch (s.provider) {
    case 'openai':
      return createOpenAI(common)(s.model);
    case 'anthropic':
      return createAnthropic(common)(s.model);
    case 'google':
      return createGoogle(common)(s.model);
    case 'openai-compatible': {
      const baseURL = s.baseURL ?? (s.name ? LOCAL_SERVERS[s.name] : undefined);
      if (!baseURL) {
        throw new StewardError('VALIDATION_ERROR', 'An OpenAI-compatible provider needs a baseURL.', {
          details: { provider: s.provider },
          suggestions: [`Set baseURL (e.g. ${LOCAL_SERVERS.ollama} for Ollama) or name one of: ${Object.keys(LOCAL_SERVERS).join(', ')}.`],
        });
      }
      return createOpenAICompatible({ name: s.name ?? 'openai-compatible', baseURL, ...(s.apiKey ? { apiKey: s.apiKey } : {}) }).chatModel(
        s.model,
      );
    }
  }
}
