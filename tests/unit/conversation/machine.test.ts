import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createSessionMachine } from '../../../src/main/conversation/machine.ts';

const machine = createSessionMachine({ missingRequired: (_id, facts) => (facts.product_name ? [] : ['product_name']) });

describe('session machine', () => {
  it('walks the stages and refuses a brief while a required slot is missing', () => {
    const a = createActor(machine, { input: { sessionId: 's' } }).start();
    a.send({ type: 'START', intent: 'ShoppingCompare', packId: 'shopping' });
    a.send({ type: 'BRIEF' });
    expect(a.getSnapshot().value).toBe('CHAT_COLLECTING');
    a.send({ type: 'SLOTS', facts: { product_name: 'AirPods Pro 2' } });
    a.send({ type: 'BRIEF' });
    a.send({ type: 'PLAN' });
    a.send({ type: 'PLANNED', planId: 'p1' });
    expect(a.getSnapshot().value).toBe('EXECUTING');
    a.send({ type: 'NEED_APPROVAL', approval: { approvalId: 'a1', stepId: 'submit', summary: 'submit', mode: 'execute' } });
    expect(a.getSnapshot().value).toBe('AWAITING_APPROVAL');
    a.send({ type: 'APPROVED' });
    a.send({ type: 'EXECUTED' });
    expect(a.getSnapshot().value).toBe('VERIFYING');
    a.send({ type: 'VERIFIED' });
    expect(a.getSnapshot().value).toBe('DONE');
    expect(a.getSnapshot().context.outcome).toBe('done');
  });

  it('ignores events a stage cannot take, and cancels from anywhere', () => {
    const a = createActor(machine, { input: { sessionId: 's' } }).start();
    a.send({ type: 'CANCEL' });
    expect(a.getSnapshot().value).toBe('CHAT_COLLECTING');
    a.send({ type: 'START', intent: 'OrderChange', packId: 'orders' });
    a.send({ type: 'VERIFIED' });
    expect(a.getSnapshot().value).toBe('CHAT_COLLECTING');
    a.send({ type: 'NEED_APPROVAL', approval: { approvalId: 'a2', stepId: 'await_update_confirm', summary: 'x', mode: 'execute' } });
    a.send({ type: 'CANCEL' });
    expect(a.getSnapshot().value).toBe('DONE');
    expect(a.getSnapshot().context.outcome).toBe('cancelled');
  });

  it('restores from a persisted snapshot where it was', () => {
    const a = createActor(machine, { input: { sessionId: 's' } }).start();
    a.send({ type: 'START', intent: 'OrderChange', packId: 'orders' });
    a.send({ type: 'SLOTS', facts: { phone: '01012345678', otp_sent: true } });
    a.send({ type: 'ASK', flowState: 'await_identity', expecting: 'otp' });
    const saved = JSON.parse(JSON.stringify(a.getPersistedSnapshot()));
    a.stop();
    const b = createActor(machine, { input: { sessionId: 's' }, snapshot: saved }).start();
    expect(b.getSnapshot().value).toBe('CHAT_COLLECTING');
    expect(b.getSnapshot().context).toMatchObject({
      packId: 'orders',
      flowState: 'await_identity',
      expecting: 'otp',
      facts: { otp_sent: true },
    });
  });

  it('starts a new task after DONE', () => {
    const a = createActor(machine, { input: { sessionId: 's' } }).start();
    a.send({ type: 'START', intent: 'OrderChange', packId: 'orders' });
    a.send({ type: 'FAIL', failure: { code: 'NO_API_FOUND', message: 'x', details: {}, suggestions: ['y'], retryable: false } });
    expect(a.getSnapshot().value).toBe('FAILED');
    a.send({ type: 'START', intent: 'RefundCancel', packId: 'refunds' });
    expect(a.getSnapshot().value).toBe('CHAT_COLLECTING');
    expect(a.getSnapshot().context).toMatchObject({ intent: 'RefundCancel', facts: {} });
    expect(a.getSnapshot().context.failure).toBeUndefined();
  });
});
