import { describe, expect, it } from 'vitest';
import { requireConfirmed, riskyChanges } from '../../../src/main/services/settings/risk.ts';
import { DEFAULT_SETTINGS } from '../../../src/main/services/settings/store.ts';

// The text-to-speech key is sent to the voice provider's address: a new address is saved only
// once the person confirmed it, as a model's base URL is.

describe('the voice provider address', () => {
  it('is a change to confirm when new, and not when unchanged', () => {
    const next = { ...DEFAULT_SETTINGS, tts: { baseUrl: 'https://voice.example/v1' } };
    const changes = riskyChanges(DEFAULT_SETTINGS, next);
    expect(changes).toEqual([{ key: 'base_url:https://voice.example/v1', kind: 'base_url', url: 'https://voice.example/v1' }]);
    expect(() => requireConfirmed(changes, [])).toThrow(expect.objectContaining({ code: 'APPROVAL_REQUIRED' }));
    expect(() => requireConfirmed(changes, ['base_url:https://voice.example/v1'])).not.toThrow();
    expect(riskyChanges(next, { ...next, tts: { ...next.tts, voice: 'nova' } })).toEqual([]);
  });
});
