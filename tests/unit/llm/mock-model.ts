/** AI SDK mock language models that replay recorded replies (tests only). */
import { readFileSync } from 'node:fs';
import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

export function recorded(name: string): string {
  const file = new URL(`./recorded/${name}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { text: string }).text;
}

export function reply(text: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 120, noCache: 120, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 60, text: 60, reasoning: 0 },
    },
    warnings: [],
  };
}

/** A model that answers each call with the next text in order. */
export function replayModel(...texts: string[]): MockLanguageModelV4 {
  let i = 0;
  return new MockLanguageModelV4({
    provider: 'recorded',
    modelId: 'replay',
    doGenerate: async () => {
      const text = texts[Math.min(i, texts.length - 1)] as string;
      i++;
      return reply(text);
    },
  });
}

/** The prompt text the model received on call `n`. */
export function promptOf(model: MockLanguageModelV4, n: number): string {
  return JSON.stringify(model.doGenerateCalls[n]?.prompt ?? []);
}
