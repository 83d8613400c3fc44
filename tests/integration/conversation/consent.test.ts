import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseWorld, PROFILE, startBrowseWorld } from './browse-harness.ts';

// A declaration or consent is the person's to give: the engine never ticks it (flights' fare
// rules, the visa form's declaration), it hands it over. Read from the real page in Chromium.

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

async function inPage(expression: string): Promise<unknown> {
  const page = world.driver.selectedPage();
  const r = await page.cdp.send('Runtime.evaluate', { expression, returnByValue: true }, page.sessionId);
  return r.result.value;
}

describe('consent boxes are handed over, never ticked by the engine', () => {
  it('flights: "I agree to the fare rules" is left for the person at the hand-over', async () => {
    const c = world.chat();
    try {
      expect((await c.say('12월 20일 인천에서 나리타 가는 직항 찾아줘')).stage).toBe('DONE');
      const r = await c.say('1번으로 예약해줘');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(await inPage('location.pathname')).toBe('/booking');
      expect(await inPage('document.querySelector("#p1-last").value')).toBe('KIM');
      expect(await inPage('document.querySelector("#agree").checked')).toBe(false);
    } finally {
      c.close();
    }
  }, 120_000);

  it('forms: "I declare the information above is true" is the person\'s, listed as theirs in the hand-over', async () => {
    const c = world.chat({ profiles: { default: { ...PROFILE, visit_purpose: 'tourism' } } });
    try {
      const r = await c.say('비자 신청서 내 프로필로 채워줘');
      expect(r).toMatchObject({ stage: 'AWAITING_APPROVAL', approval: { mode: 'hand_over' } });
      expect(await inPage('document.querySelector("#surname").value')).toBe('KIM');
      expect(await inPage('document.querySelector("#declaration").checked')).toBe(false);
      expect(String(r.approval?.summary)).toContain('I declare the information above is true');
    } finally {
      c.close();
    }
  }, 120_000);
});
