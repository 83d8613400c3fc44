import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConversations } from '../../../src/main/conversation/ui/conversations.ts';
import { ordersPack } from '../../../src/main/packs/orders/pack.ts';
import { refundsPack } from '../../../src/main/packs/refunds/pack.ts';
import { BrowserSurface } from '../../../src/main/services/browser-surface.ts';
import { applyPolicyOverrides } from '../../../src/main/services/policy-overrides.ts';
import { PushHub } from '../../../src/main/services/push-hub.ts';
import { settingsHandlers } from '../../../src/main/services/settings/service.ts';
import { DEFAULT_SETTINGS, fileSecretStore, jsonSettingsStore } from '../../../src/main/services/settings/store.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { DEFAULT_POLICY, decideCall, decideStep, type Policy } from '../../../src/main/tools/policy.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { RuntimeTool } from '../../../src/main/tools/types.ts';
import type { Settings } from '../../../src/shared/ipc/index.ts';
import type { Step } from '../../../src/shared/plan.ts';

type Override = Settings['policyOverrides'][number];
/** The policy as a session holds it: the defaults plus the tools the shipped shop packs gate. */
const WITH_PACKS: Policy = { ...DEFAULT_POLICY, gated_tools: { ...ordersPack.approval.kinds, ...refundsPack.approval.kinds } };
const click = (name: string): Step => ({ id: 's1', type: 'click', target: { role: 'button', name } }) as Step;

describe('policy overrides from settings: only stricter, never weaker', () => {
  it('adds approvals and forbids: tool, word, field and hand-over mode', () => {
    const { policy, applied, ignored } = applyPolicyOverrides([
      { rule: 'tool:send_email', effect: 'require_approval' },
      { rule: 'tool:delete_files', effect: 'forbid' },
      { rule: 'word:account_change:unsubscribe', effect: 'require_approval' },
      { rule: 'field:passport number', effect: 'forbid' },
      { rule: 'mode:submission:hand_over', effect: 'require_approval' },
    ]);
    expect(ignored).toEqual([]);
    expect(applied).toHaveLength(5);
    expect(decideCall(policy, { tool: 'send_email', readOnly: false, input: {} })).toMatchObject({
      action: 'approval',
      kind: 'submission',
      mode: 'hand_over',
    });
    // forbidding wins even over "read-only"
    expect(decideCall(policy, { tool: 'delete_files', readOnly: true, input: {} })).toMatchObject({
      action: 'forbidden',
      rule: 'forbidden_tools',
    });
    expect(decideStep(policy, click('Unsubscribe'))).toMatchObject({ action: 'approval', kind: 'account_change' });
    const fill = { id: 's2', type: 'fill', target: { role: 'textbox', name: 'Passport number' }, value: 'M1234' } as Step;
    expect(decideStep(policy, fill)).toMatchObject({ action: 'forbidden' });
    // the defaults themselves were not changed by the merge
    expect(decideStep(DEFAULT_POLICY, click('Unsubscribe')).action).toBe('allow');
  });

  it('refuses "allow" and anything that would weaken the always-approve rules for payment, submission and account change', () => {
    const weakening: Override[] = [
      { rule: '결제하기', effect: 'allow' },
      { rule: 'tool:update_order_shipping_address', effect: 'allow' },
      { rule: 'payment', effect: 'allow' },
      { rule: 'mode:payment:execute', effect: 'require_approval' },
      { rule: 'word:payment:', effect: 'require_approval' },
    ];
    const { policy, ignored } = applyPolicyOverrides(
      [
        ...weakening,
        // re-gating an always-gated tool as a lighter kind keeps its kind
        { rule: 'tool:update_order_shipping_address:submission', effect: 'require_approval' },
      ],
      WITH_PACKS,
    );
    expect(ignored.map((i) => i.rule)).toEqual(weakening.map((w) => w.rule));
    expect(ignored[0]?.reason).toMatch(/only add approvals or forbid more/);
    expect(decideStep(policy, click('결제하기'))).toMatchObject({ action: 'approval', kind: 'payment', mode: 'hand_over' });
    expect(decideStep(policy, click('Submit application'))).toMatchObject({ action: 'approval', kind: 'submission' });
    expect(decideCall(policy, { tool: 'update_order_shipping_address', readOnly: false, input: {} })).toMatchObject({
      action: 'approval',
      kind: 'account_change',
    });
  });

  it('for any list of overrides, every default gate, gated word, forbidden field and hand-over mode survives', () => {
    const kinds = ['payment', 'submission', 'account_change'] as const;
    const rule = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(...Object.keys(WITH_PACKS.gated_tools)).map((t) => `tool:${t}`),
      fc.tuple(fc.constantFrom(...kinds), fc.constantFrom('execute', 'hand_over', '')).map(([k, m]) => `mode:${k}:${m}`),
      fc.tuple(fc.constantFrom(...kinds), fc.constantFrom(...DEFAULT_POLICY.gated_words.payment)).map(([k, w]) => `word:${k}:${w}`),
      fc.constantFrom(...DEFAULT_POLICY.forbidden_field_words).map((w) => `field:${w}`),
    );
    const override = fc.record({
      rule: rule.filter((r) => r.trim().length > 0),
      effect: fc.constantFrom('require_approval', 'allow', 'forbid') as fc.Arbitrary<Override['effect']>,
    });
    fc.assert(
      fc.property(fc.array(override, { maxLength: 12 }), (overrides) => {
        const { policy } = applyPolicyOverrides(overrides, WITH_PACKS);
        for (const [tool, kind] of Object.entries(WITH_PACKS.gated_tools)) expect(policy.gated_tools[tool]).toBe(kind);
        for (const k of kinds) {
          for (const w of DEFAULT_POLICY.gated_words[k] ?? []) expect(policy.gated_words[k]).toContain(w);
          if (DEFAULT_POLICY.default_mode[k] === 'hand_over') expect(policy.default_mode[k]).toBe('hand_over');
        }
        for (const w of DEFAULT_POLICY.forbidden_field_words) expect(policy.forbidden_field_words).toContain(w);
        expect(decideStep(policy, click('Pay now'))).toMatchObject({ action: 'approval', kind: 'payment', mode: 'hand_over' });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the engine runtime enforces the overrides', () => {
  let store: Store;
  let dir: string;
  beforeEach(() => {
    store = openStore(':memory:');
    dir = mkdtempSync(join(tmpdir(), 'steward-policy-'));
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a tool the settings forbid is refused with POLICY_FORBIDDEN and does not run; a tool they gate waits for approval', async () => {
    const ran: string[] = [];
    const tool = (name: string): RuntimeTool => ({
      name,
      source: 'pack',
      description: name,
      schema: z.object({}),
      readOnly: false,
      idempotent: true,
      run: async () => {
        ran.push(name);
        return { data: { ok: true } };
      },
    });
    const { policy } = applyPolicyOverrides([
      { rule: 'tool:wipe_cart', effect: 'forbid' },
      { rule: 'tool:send_email', effect: 'require_approval' },
    ]);
    const runtime = new ToolRuntime({ store, policy }).register(tool('wipe_cart'), tool('send_email'), tool('list_things'));
    store.records.createSession({ id: 's1' });
    await expect(runtime.call('wipe_cart', {}, { session_id: 's1' })).rejects.toMatchObject({ code: 'POLICY_FORBIDDEN' });
    await expect(runtime.call('send_email', {}, { session_id: 's1' })).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    await runtime.call('list_things', {}, { session_id: 's1' });
    expect(ran).toEqual(['list_things']);
  });

  it('settings refuse an override that would weaken a gate, say why, and keep what was saved', async () => {
    const settings = jsonSettingsStore(join(dir, 'settings.json'));
    const saved: Override = { rule: 'tool:send_email', effect: 'require_approval' };
    settings.write({ ...DEFAULT_SETTINGS, policyOverrides: [saved] });
    const h = settingsHandlers(settings, fileSecretStore(join(dir, 'secrets.json')));
    await expect(h['settings.update']({ policyOverrides: [saved, { rule: '결제하기', effect: 'allow' }] })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('결제하기'),
      details: { field: 'policyOverrides' },
    });
    expect(settings.read().policyOverrides).toEqual([saved]);
    const ok = await h['settings.update']({ policyOverrides: [saved, { rule: 'field:passport', effect: 'forbid' }] });
    expect(ok.policyOverrides).toHaveLength(2);
  });

  it('a conversation says which overrides from a hand-edited settings file it did not apply', async () => {
    const settings = jsonSettingsStore(join(dir, 'settings.json'));
    settings.write({ ...DEFAULT_SETTINGS, policyOverrides: [{ rule: 'tool:create_ticket', effect: 'allow' }] });
    const hub = new PushHub();
    const engine = createConversations({
      store,
      hub,
      surface: new BrowserSurface({ hub, surface: 'screencast' }),
      settings,
      sites: {},
      artifactsDir: join(dir, 'artifacts'),
    });
    try {
      const v = await engine.start('en');
      expect(v.messages).toEqual([
        expect.objectContaining({ role: 'system', text: expect.stringMatching(/not applied: "tool:create_ticket" \(allow\)/) }),
      ]);
    } finally {
      await engine.close();
    }
  });
});
