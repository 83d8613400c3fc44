import { describe, expect, it } from 'vitest';
import { approvalCard, foldPlan, quickReplies, slotChips } from '../../../../src/main/conversation/ui/view.ts';
import { loadPacks } from '../../../../src/main/packs/index.ts';
import type { EngineEvent } from '../../../../src/shared/events.ts';
import type { PlanView } from '../../../../src/shared/ipc/index.ts';

const shipped = await loadPacks();

let n = 0;
const ev = (type: EngineEvent['type'], data: Record<string, unknown> = {}, ms = 0, message: string = type): EngineEvent => ({
  id: `e${++n}`,
  session_id: 's1',
  ts: new Date(Date.UTC(2026, 10, 22, 0, 0, 0, ms)).toISOString(),
  type,
  level: 'info',
  message,
  data,
});

describe('the live plan is folded from executor events', () => {
  it('tracks each step with status, duration, screenshot and error', () => {
    const events = [
      ev('plan_started', { plan_id: 'p1', intent: 'FlightSearch' }),
      ev('step_started', { step_id: 'a', step_type: 'navigate' }, 0, 'a: navigate'),
      ev('artifact_saved', { step_id: 'a', artifact_id: 'art1' }),
      ev('step_succeeded', { step_id: 'a' }, 250),
      ev('step_started', { step_id: 'b', step_type: 'wait' }, 300, 'b: wait'),
      ev(
        'step_failed',
        {
          step_id: 'b',
          error: {
            code: 'TIMEOUT',
            message: 'no results in 10 s',
            details: {},
            suggestions: ['Retry'],
            retryable: true,
            class: 'timeout_error',
          },
        },
        1300,
      ),
      ev('plan_failed', { step_id: 'b' }),
    ];
    let plan: PlanView | undefined;
    for (const e of events) plan = foldPlan(plan, e);
    expect(plan).toMatchObject({ planId: 'p1', intent: 'FlightSearch', status: 'failed' });
    expect(plan?.steps).toEqual([
      expect.objectContaining({ id: 'a', status: 'done', durationMs: 250, screenshotId: 'art1', title: 'a: navigate' }),
      expect.objectContaining({
        id: 'b',
        status: 'failed',
        durationMs: 1000,
        error: expect.objectContaining({ code: 'TIMEOUT', message: 'no results in 10 s', suggestions: ['Retry'] }),
      }),
    ]);
  });

  it('ignores step events before any plan started', () => {
    expect(foldPlan(undefined, ev('step_started', { step_id: 'x' }))).toBeUndefined();
  });
});

describe('approval card and quick replies', () => {
  it("shows the stored approval's id, its kind's rule and the pack's own before/after rows", () => {
    const pack = shipped.byId('orders');
    const card = approvalCard(
      'c1',
      { approvalId: 'ap_1', stepId: 'await_update_confirm', summary: '이렇게 바꿀까요?', mode: 'execute', kind: 'account_change' },
      pack,
      { order_id: 'ORD-1', current_address: '(13529) 판교역로 166 7층', new_address_line: '서울 테헤란로 152' },
      'ko',
    );
    expect(card).toMatchObject({
      approvalId: 'ap_1',
      stepId: 'await_update_confirm',
      mode: 'execute',
      rule: '계정·주문 정보 변경은 항상 사람의 승인이 필요합니다.',
      kind: 'account_change',
    });
    expect(card?.changes).toEqual([
      { label: '주문번호', before: 'ORD-1', after: 'ORD-1' },
      { label: '배송지', before: '(13529) 판교역로 166 7층', after: '서울 테헤란로 152' },
    ]);
  });

  it('the card, which has its own buttons, does not also ask to type yes or no; the reply still does', () => {
    const pending = (summary: string) => ({
      approvalId: 'ap_2',
      stepId: 'await_confirm',
      summary,
      mode: 'execute' as const,
      kind: 'submission',
    });
    const ko = approvalCard(
      'c1',
      pending('주문 ORD-1(AirPods)의 환불·취소를 접수할까요? 맞으면 "네", 아니면 "아니요"라고 해 주세요.'),
      shipped.byId('refunds'),
      {},
      'ko',
    );
    expect(ko?.action).toBe('주문 ORD-1(AirPods)의 환불·취소를 접수할까요?');
    const en = approvalCard(
      'c1',
      pending('Shall I change it like this?\n- Order: ORD-1\nSay "yes" to change it or "no" to keep it.'),
      shipped.byId('orders'),
      {},
      'en',
    );
    expect(en?.action).toBe('Shall I change it like this?\n- Order: ORD-1');
  });

  it('no card without a pending approval; yes/no only when a confirmation is expected', () => {
    expect(approvalCard('c1', undefined, undefined, {}, 'en')).toBeUndefined();
    expect(quickReplies('confirmation', 'en').map((r) => r.label)).toEqual(['Yes', 'No']);
    expect(quickReplies('phone', 'ko')).toEqual([]);
  });
});

describe('slot chips', () => {
  it("a stay's place is its city by name in the person's language, not an arrival airport code", () => {
    const hotels = shipped.byId('hotels');
    const facts = { to: 'SEL', date_start: '2026-12-20', date_end: '2026-12-22' };
    // the editor starts from the code the task holds
    expect(slotChips(hotels, facts, 'ko').find((c) => c.name === 'to')).toMatchObject({ label: '도시', value: '서울', held: 'SEL' });
    expect(slotChips(hotels, facts, 'en').find((c) => c.name === 'to')).toMatchObject({ label: 'City', value: 'Seoul' });
    // a flight keeps the airport code it searches by
    expect(slotChips(shipped.byId('flights'), { to: 'NRT' }, 'ko').find((c) => c.name === 'to')).toMatchObject({
      label: '도착지',
      value: 'NRT',
    });
  });
});
