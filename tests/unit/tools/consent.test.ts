import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, decideCall, decideStep } from '../../../src/main/tools/policy.ts';

// The policy never lets the engine tick a declaration or consent: a plan step (a recipe's or the
// any-site agent's, which has no role) and a bare tool call on such a checkbox are handed over.

describe("consent is the person's to give", () => {
  it.each([
    [{ id: 'a', type: 'click', target: { role: 'checkbox', name: '운임 규정에 동의합니다 I agree to the fare rules' } }],
    [{ id: 'b', type: 'fill', target: { role: 'checkbox', name: 'I declare the information above is true' }, value: 'true' }],
    [{ id: 'c', type: 'click', target: { name: '개인정보 수집 및 이용에 동의합니다' } }],
    [{ id: 'd', type: 'click', target: { role: 'switch', name: 'I accept the Terms and Conditions' } }],
    [{ id: 'e', type: 'click', target: { role: 'checkbox', name: '위 내용이 사실임을 확인합니다' } }],
  ] as const)('hands over %j', (step) => {
    expect(decideStep(DEFAULT_POLICY, step as never)).toMatchObject({ action: 'forbidden', rule: 'consent' });
  });

  it.each([
    [{ id: 'f', type: 'click', target: { role: 'checkbox', name: '직항만 Nonstop only' } }],
    [{ id: 'g', type: 'click', target: { role: 'button', name: '검색 Search' } }],
    [{ id: 'h', type: 'fill', target: { label: '성 Last name' }, value: 'KIM' }],
  ] as const)('lets an ordinary control run: %j', (step) => {
    expect(decideStep(DEFAULT_POLICY, step as never)).not.toMatchObject({ rule: 'consent' });
  });

  it('a click on a consent checkbox with no plan step is refused too', () => {
    const d = decideCall(DEFAULT_POLICY, {
      tool: 'click',
      readOnly: false,
      input: { uid: '1_5' },
      described: 'checkbox "I agree to the fare rules"',
    });
    expect(d).toMatchObject({ action: 'forbidden', rule: 'consent' });
    const ok = decideCall(DEFAULT_POLICY, { tool: 'click', readOnly: false, input: { uid: '1_6' }, described: 'checkbox "Nonstop only"' });
    expect(ok.action).not.toBe('forbidden');
  });
  it('lets through a consent the person asked for in their own words (the step says so), and only that', () => {
    const target = { role: 'checkbox', name: 'I agree to the fare rules' } as const;
    expect(decideStep(DEFAULT_POLICY, { id: 'p', type: 'click', target, consent: 'person' }).action).toBe('allow');
    const step = { id: 'p', type: 'click', target, consent: 'person' } as const;
    expect(
      decideCall(DEFAULT_POLICY, { tool: 'click', readOnly: false, input: {}, described: 'checkbox "I agree to the fare rules"', step })
        .action,
    ).toBe('allow');
    expect(
      decideCall(DEFAULT_POLICY, { tool: 'click', readOnly: false, input: {}, described: 'checkbox "I agree to the fare rules"' }).action,
    ).toBe('forbidden');
  });
});
