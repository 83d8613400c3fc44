import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { packTool } from '../../../src/main/tools/pack-source.ts';
import { DEFAULT_POLICY } from '../../../src/main/tools/policy.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { bindCall, bindStep } from '../../../src/main/tools/step-hash.ts';
import { StewardError } from '../../../src/shared/errors.ts';
import type { Step } from '../../../src/shared/plan.ts';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function setup() {
  const store = openStore(':memory:');
  stores.push(store);
  store.records.createSession({ id: 's' });
  // a pack gates its account-changing tool (the policy holds what packs declare)
  const policy = { ...DEFAULT_POLICY, gated_tools: { update_order_shipping_address: 'account_change' as const } };
  const runtime = new ToolRuntime({ store, backoffMs: () => 1, timeoutMs: 2000, policy });
  const calls: Array<{ tool: string; input: unknown }> = [];
  let flaky = 2;
  runtime.register(
    packTool({
      name: 'echo',
      description: 'echo',
      schema: z.object({ text: z.string() }),
      readOnly: true,
      run: async (i) => {
        calls.push({ tool: 'echo', input: i });
        return { text: i.text };
      },
    }),
    packTool({
      name: 'flaky_read',
      description: 'fails twice',
      schema: z.object({}),
      readOnly: true,
      run: async () => {
        calls.push({ tool: 'flaky_read', input: {} });
        if (flaky-- > 0) throw new StewardError('TRANSIENT', 'blip');
        return { ok: true };
      },
    }),
    packTool({
      name: 'missing',
      description: 'never finds',
      schema: z.object({}),
      readOnly: true,
      run: async () => {
        calls.push({ tool: 'missing', input: {} });
        throw new StewardError('ELEMENT_NOT_FOUND', 'gone');
      },
    }),
    packTool({ name: 'slow', description: 'hangs', schema: z.object({}), readOnly: false, run: () => new Promise(() => {}) }),
    packTool({
      name: 'click',
      description: 'acts',
      schema: z.object({ uid: z.string() }),
      run: async (i) => {
        calls.push({ tool: 'click', input: i });
        return {};
      },
    }),
    packTool({
      name: 'fill',
      description: 'types',
      schema: z.object({ uid: z.string(), value: z.string() }),
      idempotent: true,
      run: async (i) => {
        calls.push({ tool: 'fill', input: i });
        return {};
      },
    }),
    packTool({
      name: 'update_order_shipping_address',
      description: 'mcp-like',
      schema: z.object({ order_id: z.string(), address: z.string() }),
      run: async (i) => {
        calls.push({ tool: 'update', input: i });
        return { ok: true };
      },
    }),
  );
  return { store, runtime, calls };
}

const pay: Step = { id: 'pay', type: 'click', target: { role: 'button', name: '결제하기 Pay now' } };

describe('tool runtime', () => {
  it('validates input and names the field', async () => {
    const { runtime, store } = setup();
    await expect(runtime.call('echo', { text: 3 }, { session_id: 's' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'text' },
    });
    expect(store.runs.toolCalls('s')[0]?.status).toBe('skipped');
    await expect(runtime.call('nope', {}, { session_id: 's' })).rejects.toMatchObject({ code: 'NO_API_FOUND' });
  });

  it('retries transient errors with back-off, never not-found', async () => {
    const { runtime, store, calls } = setup();
    const r = await runtime.call('flaky_read', {}, { session_id: 's' });
    expect(r.attempts).toBe(3);
    await expect(runtime.call('missing', {}, { session_id: 's' })).rejects.toMatchObject({ code: 'ELEMENT_NOT_FOUND' });
    expect(calls.filter((c) => c.tool === 'missing')).toHaveLength(1);
    const rows = store.runs.toolCalls('s');
    expect(rows.filter((c) => c.tool === 'flaky_read').map((c) => c.status)).toEqual(['error', 'error', 'ok']);
    expect(store.events.forSession('s').filter((e) => e.type === 'TOOL_FAILED')).toHaveLength(3);
  });

  it('times out a call and records timeout_error', async () => {
    const { runtime, store } = setup();
    await expect(runtime.call('slow', {}, { session_id: 's', timeoutMs: 50 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    const failed = store.events.forSession('s').find((e) => e.type === 'TOOL_FAILED');
    expect((failed?.data.error as { class?: string } | undefined)?.class).toBe('timeout_error');
  });

  it('never types card numbers, resident numbers or passwords', async () => {
    const { runtime, calls } = setup();
    for (const value of ['4111 1111 1111 1111', '900101-1234567']) {
      await expect(runtime.call('fill', { uid: '1_1', value }, { session_id: 's' })).rejects.toMatchObject({ code: 'POLICY_FORBIDDEN' });
    }
    const step: Step = { id: 'pw', type: 'fill', target: { role: 'textbox', name: '비밀번호 Password' }, value: 'x' };
    await expect(runtime.call('fill', { uid: '1_1', value: 'x' }, { session_id: 's', plan_id: 'p', step })).rejects.toMatchObject({
      code: 'POLICY_FORBIDDEN',
    });
    expect(calls).toHaveLength(0);
  });

  it('runs a gated step only with an approval of its exact content', async () => {
    const { runtime, store, calls } = setup();
    const ctx = { session_id: 's', plan_id: 'p', step: { ...pay, approval: { kind: 'payment' as const, mode: 'execute' as const } } };
    await expect(runtime.call('click', { uid: '1_9' }, ctx)).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    const a = runtime.gate.request('s', bindStep('p', ctx.step), { kind: 'payment', mode: 'execute', summary: 'Pay' });
    await expect(runtime.call('click', { uid: '1_9' }, ctx)).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    runtime.gate.approve(a.id, 'kim');
    await runtime.call('click', { uid: '1_9' }, ctx);
    expect(calls).toHaveLength(1);
    // the step changes (another button): the old approval does not apply
    const edited = { ...ctx, step: { ...ctx.step, target: { role: 'button', name: 'Pay 999,000' } } };
    await expect(runtime.call('click', { uid: '1_9' }, edited)).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    // hand-over approvals never let the engine act
    const ho = { ...ctx, step: { ...ctx.step, approval: { kind: 'payment' as const, mode: 'hand_over' as const } } };
    const b = runtime.gate.request('s', bindStep('p', ho.step), { kind: 'payment', mode: 'hand_over', summary: 'Pay' });
    runtime.gate.approve(b.id, 'kim');
    await expect(runtime.call('click', { uid: '1_9' }, ho)).rejects.toMatchObject({ code: 'POLICY_FORBIDDEN' });
    expect(calls).toHaveLength(1);
    expect(store.events.forSession('s').filter((e) => e.type === 'TOOL_CALL_SKIPPED').length).toBeGreaterThanOrEqual(4);
  });

  it('gates account-changing tools called directly, binding the approval to the exact input', async () => {
    const { runtime, calls } = setup();
    const input = { order_id: 'A-1', address: '서울 강남구 테헤란로 1' };
    await expect(runtime.call('update_order_shipping_address', input, { session_id: 's' })).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    const a = runtime.gate.request('s', bindCall('s', 'update_order_shipping_address', input), {
      kind: 'account_change',
      mode: 'execute',
      summary: 'change address',
    });
    runtime.gate.approve(a.id, 'lee');
    await expect(runtime.call('update_order_shipping_address', { ...input, address: '부산' }, { session_id: 's' })).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    await runtime.call('update_order_shipping_address', input, { session_id: 's' });
    // used once: a second identical call needs a new approval
    await expect(runtime.call('update_order_shipping_address', input, { session_id: 's' })).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    expect(calls.filter((c) => c.tool === 'update')).toHaveLength(1);
  });

  it('redacts inputs in the audit rows', async () => {
    const { runtime, store } = setup();
    await runtime.call('echo', { text: 'call me at 010-9876-5432, OTP 123456' }, { session_id: 's' });
    const row = store.runs.toolCalls('s')[0];
    expect(JSON.stringify(row?.input)).not.toMatch(/9876|123456/);
    expect(JSON.stringify(row?.output)).not.toMatch(/9876|123456/);
  });
});
