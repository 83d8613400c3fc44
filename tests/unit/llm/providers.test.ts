import { describe, expect, it } from 'vitest';
import { createModel, describeModel } from '../../../src/main/llm/providers.ts';
import { StewardError } from '../../../src/shared/errors.ts';

const idOf = (m: unknown) => m as { provider: string; modelId: string };

describe('providers from settings', () => {
  it('builds OpenAI, Anthropic, Google and OpenAI-compatible models without calling them', () => {
    expect(idOf(createModel({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k' })).provider).toMatch(/^openai/);
    expect(idOf(createModel({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'k' })).provider).toMatch(/^anthropic/);
    expect(idOf(createModel({ provider: 'google', model: 'gemini-2.5-flash', apiKey: 'k' })).provider).toMatch(/^google/);
    const local = idOf(createModel({ provider: 'openai-compatible', name: 'ollama', model: 'llama3.2' }));
    expect(local.provider).toMatch(/^ollama/);
    expect(local.modelId).toBe('llama3.2');
    expect(describeModel({ provider: 'openai-compatible', name: 'vllm', model: 'qwen' })).toBe('openai-compatible:vllm/qwen');
  });

  it('refuses incomplete settings with a suggestion', () => {
    for (const bad of [{ provider: 'openai-compatible', model: 'x' }, { provider: 'mystery', model: 'x' }, { provider: 'openai' }]) {
      let err: unknown;
      try {
        createModel(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StewardError);
      expect((err as StewardError).code).toBe('VALIDATION_ERROR');
      expect((err as StewardError).suggestions.length).toBeGreaterThan(0);
    }
  });
});
