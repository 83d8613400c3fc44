import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowseWorld, PROFILE, startBrowseWorld } from './browse-harness.ts';

// A hand-over is finished only when the page shows it: the person's "I did it" is checked against
// what the browser shows (the step's completion predicate), on a real Chromium and the flights site.

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** Runs a line of script in the page the engine drives (the person's own hands in the browser). */
async function inPage(expression: string): Promise<unknown> {
  const page = world.driver.selectedPage();
  const r = await page.cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, page.sessionId);
  return r.result.value;
}

const pathname = () => inPage('location.pathname');

describe('hand-over completion is read from the page', () => {
  it('"I did it" while the form shows "Required: …" keeps waiting and says what the page shows; done once the confirmation shows', async () => {
    const { birth_date: _omitted, ...noBirth } = PROFILE;
    const c = world.chat({ profiles: { default: noBirth } });
    try {
      let r = await c.say('12월 20일 인천에서 나리타 가는 직항 찾아줘');
      expect(r.stage).toBe('DONE');
      r = await c.say('1번으로 예약해줘');
      expect(r).toMatchObject({ stage: 'AWAITING_APPROVAL', approval: { mode: 'hand_over' } });
      const approvalId = c.conv.state().pendingApproval?.approvalId ?? '';

      // the person presses the site's own button; the form refuses (no birth date)
      await inPage('document.querySelector("#passenger-form").requestSubmit()');
      await vi.waitFor(async () => expect(await inPage('document.querySelector("#form-error").textContent')).toContain('Required'), {
        timeout: 10_000,
      });
      r = await c.conv.handOverDone(approvalId);
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(r.outcome).toBeUndefined();
      expect(r.reply).toContain('Required: 생년월일');
      expect(r.reply).not.toMatch(/마치셨어요/);
      expect(c.ofType('hand_over_completed')).toEqual([]);
      expect(c.store.runs.approval(approvalId)?.status).not.toBe('completed');

      // a typed yes is checked the same way
      r = await c.say('네');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(r.reply).toContain('Required: 생년월일');

      // the person completes the form and pays on the site
      await inPage(`(() => {
        const set = (el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); };
        set(document.querySelector('#p1-birth'), '1990-05-17');
        document.querySelector('#agree').checked = true;
        document.querySelector('#passenger-form').requestSubmit();
      })()`);
      await vi.waitFor(async () => expect(await pathname()).toBe('/payment'), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await inPage('document.querySelector("#total").textContent')).toMatch(/\d/), { timeout: 10_000 });
      await inPage(`(() => {
        document.querySelector('#card-number').value = '4242 4242 4242 4242';
        document.querySelector('#card-expiry').value = '12/30';
        document.querySelector('#card-cvc').value = '123';
        document.querySelector('#cardholder').value = 'KIM MINJI';
        document.querySelector('#payment-form').requestSubmit();
      })()`);
      await vi.waitFor(async () => expect(await pathname()).toBe('/confirmation'), { timeout: 10_000 });
      r = await c.conv.handOverDone(approvalId);
      expect(r).toMatchObject({ stage: 'DONE', outcome: 'handed_over' });
      expect(c.ofType('hand_over_completed')).toHaveLength(1);
    } finally {
      c.close();
    }
  }, 180_000);
});
