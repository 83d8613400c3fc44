import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageObserver } from '../../../src/main/agent/page-model/observe.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { gotoUrl } from '../../../src/main/browser/navigation.ts';
import { type EvalSites, startEvalSites } from '../../fixtures/sites/anysite-eval/server.ts';

/**
 * The page model's reading of widgets drawn by the page itself, in real Chromium (one in-page
 * pass): switches labelled by the text of their own row (before or after them), grouped by a
 * fieldset, an ARIA group or the section heading above them; a transparent checkbox used through
 * its label; − 0 + counters known by the words of their row; a seat plan that is no calendar.
 */
let sites: EvalSites;
let driver: BrowserDriver;
beforeAll(async () => {
  sites = await startEvalSites();
  driver = await BrowserDriver.launch();
});
afterAll(async () => {
  await driver?.close();
  await sites?.close();
});

const observe = async (site: string) => {
  await gotoUrl(driver.page(), `${sites.urls[site]}/`, 15_000);
  return new PageObserver(driver.page()).observe();
};

describe('widgets drawn by the page (real Chromium)', () => {
  it('switches whose state words ("ON") are no names, labelled by the text after them, grouped by the heading above', async () => {
    const m = await observe('mail-alerts-en');
    const boxes = m.fields.filter((f) => f.kind === 'checkbox').map((f) => [f.label, f.group, f.checked]);
    expect(boxes).toEqual([
      ['Parcel shipped', 'Delivery updates', true],
      ['Parcel delivered', 'Delivery updates', true],
      ['Delivery delayed', 'Delivery updates', true],
      ['Weekly summary', 'Marketing emails', true],
      ['Deals and discounts', 'Marketing emails', true],
      ['Surveys', 'Marketing emails', false],
      ['Offers from partners', 'Marketing emails', true],
    ]);
  });

  it('ARIA switches labelled by aria-labelledby or by their row, in labelled groups; the locked one disabled', async () => {
    const m = await observe('prefs-en');
    const byLabel = Object.fromEntries(m.fields.filter((f) => f.kind === 'checkbox').map((f) => [f.label, [f.group, f.disabled]]));
    expect(byLabel['SMS reminders']).toEqual(['Appointment reminders', false]);
    expect(byLabel['Partner offers']).toEqual(['Newsletters', false]);
    expect(byLabel['Security notices']).toEqual(['Newsletters', true]);
  });

  it('a transparent checkbox drawn by its label is handed out as the label (what a person clicks), its state read from the input', async () => {
    const m = await observe('alarm-ko');
    const sms = m.fields.find((f) => f.label.startsWith('문자'));
    expect(sms).toMatchObject({ kind: 'checkbox', checked: true, group: '예약·주문 알림' });
    const notice = m.fields.find((f) => f.label.startsWith('서비스 필수 공지'));
    expect(notice).toMatchObject({ disabled: true, group: '마케팅 알림' });
  });

  it('− 0 + counters known only by the words of their row', async () => {
    const m = await observe('ferry-ko');
    expect(m.steppers.map((s) => [s.label, s.value])).toEqual([
      ['어른', 0],
      ['청소년', 0],
      ['어린이', 0],
      ['유아', 0],
    ]);
  });

  it('a seat plan of numbered buttons is no calendar (1–10 on every row); each seat knows its row letter', async () => {
    const m = await observe('hall-seats-en');
    expect(m.calendars).toEqual([]);
    const c5 = m.buttons.filter((b) => b.text === '5').map((b) => b.cell?.row);
    expect(c5).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});
