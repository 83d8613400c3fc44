import type { LanguageModel } from 'ai';
import { StewardError, toErrorValue } from '../../shared/errors.ts';
import type { Settings } from '../../shared/ipc/index.ts';
import type { UnderstandingChoice } from '../conversation/understanding.ts';
import { createModel, describeModel, type ModelSettings } from '../llm/providers.ts';
import type { SecretStore } from './settings/store.ts';

/** Builds the AI SDK model for provider settings; `createModel` (llm/providers.ts) unless a caller passes another. */
export type ModelFactory = (settings: ModelSettings) => LanguageModel;

export interface ChosenUnderstanding {
  understanding: UnderstandingChoice;
  /** What FINAL_ANSWER_READY records as the understanding used (offline, or provider/model). */
  label: string;
}

/**
 * The understanding a new conversation uses, from settings: the offline parser when the provider
 * is "offline", else the model understanding (llm/understand-with-model.ts) with the chosen provider, model, base URL and the
 * API key from the secret store. Settings that cannot make a model (no model name, an
 * OpenAI-compatible server without a base URL) do not fall back to the parser: every turn then
 * fails with MODEL_UNAVAILABLE naming the cause and how to fix it — never an invented answer.
 */
export function understandingFromSettings(
  provider: Settings['provider'],
  secrets: SecretStore | undefined,
  models: ModelFactory = createModel,
): ChosenUnderstanding {
  if (provider.name === 'offline') return { understanding: 'offline', label: 'offline' };
  const apiKey = secrets?.get(provider.name);
  const wanted = {
    provider: provider.name,
    model: provider.model.trim(),
    ...(provider.baseUrl ? { baseURL: provider.baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
  } as ModelSettings;
  const label = `${provider.name}/${wanted.model || '?'}`;
  try {
    const model = models(wanted);
    return { understanding: { model, modelName: describeModel(wanted) }, label: describeModel(wanted) };
  } catch (e) {
    const v = toErrorValue(e);
    const failure = new StewardError('MODEL_UNAVAILABLE', `The ${label} model cannot be used: ${v.message}`, {
      cause: e,
      details: { provider: provider.name, model: wanted.model, cause_code: v.code, cause: v.message },
      // the first suggestion is the one a turn shows: it carries both ways out
      suggestions: [
        `In Settings → model: ${v.suggestions[0] ?? 'fix the provider, model and base URL'} Or choose "offline" to use the built-in parser.`,
        ...v.suggestions.slice(1),
      ],
    });
    return {
      understanding: () => {
        throw failure;
      },
      label,
    };
  }
}
