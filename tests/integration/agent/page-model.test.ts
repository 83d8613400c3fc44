import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageObserver } from '../../../src/main/agent/page-model/observe.ts';
import { type DevSites, startDevSites } from './dev-sites.ts';

let s: DevSites;
beforeAll(async () => {
  s = await startDevSites();
});
afterAll(async () => {
  await s?.close();
});

const observe = async (path: string) => {
  await s.open(path);
  const o = new PageObserver(s.driver.page());
  return { o, m: await o.observe() };
};

describe('page model (real Chromium, one in-page pass)', () => {
  it('reads a Korean form: purposes from labels, spans and placeholders; select options; a checkbox; the submit button', async () => {
    const { m } = await observe('contact-ko.html');
    const byPurpose = Object.fromEntries(m.fields.map((f) => [f.purpose, f.label]));
    expect(byPurpose).toMatchObject({ full_name: '이름', email: '이메일 주소', phone: '휴대폰 번호', message: '문의 내용' });
    const select = m.fields.find((f) => f.kind === 'select');
    expect(select?.options?.map((o) => o.label)).toEqual(['선택', '배송', '환불', '기타']);
    expect(m.fields.find((f) => f.kind === 'checkbox')?.label).toContain('개인정보');
    expect(m.forms).toHaveLength(1);
    expect(m.forms[0]?.submit?.text).toBe('확인');
    expect(m.forms[0]?.fields).toHaveLength(6);
  });

  it('finds a div-built search box (no form), its autocomplete inputs, a stepper and the calendar once opened', async () => {
    const { o, m } = await observe('flights-en.html');
    expect(m.fields.find((f) => f.purpose === 'origin')?.label).toBe('Leaving from');
    expect(m.fields.find((f) => f.purpose === 'destination')?.label).toBe('Going to');
    expect(m.fields.find((f) => f.label === 'Depart')?.purpose).toBe('depart_date');
    expect(m.steppers[0]).toMatchObject({ label: 'Travellers', value: 1 });
    expect(m.calendars).toHaveLength(0);
    const when = m.fields.find((f) => f.purpose === 'depart_date');
    const uid = await o.uidOf(when?.handle as string);
    const { runBrowserTool } = await import('../../../src/main/browser/tools/index.ts');
    await runBrowserTool({ driver: s.driver, artifactsDir: '/tmp', timeoutMs: 10_000 }, 'click', { uid });
    const m2 = await o.observe();
    expect(m2.calendars).toHaveLength(1);
    expect(m2.calendars[0]?.months).toEqual([{ year: 2026, month: 12 }]);
    expect(m2.calendars[0]?.days.filter((d) => !d.dim).map((d) => d.day)).toHaveLength(31);
    expect(m2.calendars[0]?.next).not.toBeNull();
    expect(m2.fingerprint).not.toBe(m.fingerprint);
  });

  it('types the records of a table by content, the pagination, tabs and a cookie overlay', async () => {
    const { m } = await observe('shop-ko.html');
    const list = m.lists[0];
    expect(list?.kind).toBe('table');
    expect(list?.records.map((r) => r.values.money)).toEqual([1_290_000, 1_150_000, 1_390_000]);
    expect(list?.records[1]?.actions.map((a) => a.text)).toEqual(['갤럭시북4', '담기']);
    expect(m.pagination.next).not.toBeNull();
    expect(m.pagination.pages.map((p) => p.n)).toEqual([1, 2, 3]);
    expect(m.tabs.map((t) => [t.text, t.selected])).toEqual([
      ['상품 목록', true],
      ['리뷰', false],
    ]);
    expect(m.dialogs[0]).toMatchObject({ kind: 'overlay' });
    expect(m.dialogs[0]?.buttons.map((b) => b.text)).toEqual(['동의', '닫기']);
  });

  it('rows that each carry a small form of hidden values and a button are records, not form rows', async () => {
    const { m } = await observe('fares-forms.html');
    const list = m.lists[0];
    expect(list?.records.map((r) => r.values.money)).toEqual([120, 95, 140]);
    expect(list?.records[1]?.actions.map((a) => a.text)).toEqual(['Choose']);
  });

  it('counters whose − and + are known by their labels, a count after a hint, a row with a variant class, an arrowed next link, an icon button', async () => {
    const { m } = await observe('counters-en.html');
    expect(m.steppers.map((x) => [x.label.split(' ')[0], x.value])).toEqual([
      ['Adults', 2],
      ['Children', 0],
    ]);
    expect(m.lists[0]?.records.map((r) => r.values.money)).toEqual([120, 95, 40]);
    expect(m.pagination.next).not.toBeNull();
    expect(m.buttons.some((b) => b.text === 'Delete Harbor Inn')).toBe(true);
  });

  it('reads a radio group by its legend, a scroll box, a disabled checkbox and a modal dialog', async () => {
    const { m } = await observe('checkout-en.html');
    const g = m.groups.find((x) => x.kind === 'radio');
    expect(g?.label).toBe('Delivery options');
    expect(g?.options.map((o) => [o.label.slice(0, 7), o.checked])).toEqual([
      ['Standar', true],
      ['Express', false],
      ['Pick up', false],
    ]);
    expect(m.scrollables[0]).toMatchObject({ atStart: true, atEnd: false });
    expect(m.fields.find((f) => f.kind === 'checkbox')).toMatchObject({ disabled: true });
    expect(m.dialogs.find((d) => d.kind === 'dialog')?.buttons.map((b) => b.text)).toEqual(['No thanks', 'Sign me up']);
    expect(m.fields.find((f) => f.purpose === 'promo_code')).toBeDefined();
  });

  it('sees into an open shadow root and a same-origin iframe, and hands out uids the browser tools act on', async () => {
    const { o, m } = await observe('widgets-mixed.html');
    const email = m.fields.find((f) => f.purpose === 'email');
    expect(email?.label).toBe('Your e-mail');
    expect(m.fields.find((f) => f.purpose === 'given_name')?.label).toBe('First name');
    expect(m.fields.find((f) => f.purpose === 'family_name')?.label).toBe('Last name');
    expect(m.fields.find((f) => f.kind === 'date')?.purpose).toBe('date');
    expect(m.buttons.find((b) => b.kind === 'toggle')?.text).toBe('Advanced');
    const { runBrowserTool } = await import('../../../src/main/browser/tools/index.ts');
    const ctx = { driver: s.driver, artifactsDir: '/tmp', timeoutMs: 10_000 };
    await runBrowserTool(ctx, 'fill', { uid: await o.uidOf(email?.handle as string), value: 'kim@example.com' });
    await runBrowserTool(ctx, 'click', { uid: await o.uidOf(m.buttons.find((b) => b.text === 'Subscribe')?.handle as string) });
    expect(await s.text('#out')).toBe('Subscribed kim@example.com');
  });

  it('a choice the page marks only by a class is read as chosen, when the mark sets it apart from its kin', async () => {
    const { o, m } = await observe('class-marks.html');
    const state = (model: typeof m, text: string) => {
      const b = model.buttons.find((x) => x.text === text);
      return [b?.selected, b?.choice ?? false];
    };
    expect(['Small', 'Medium', 'Large'].map((t) => state(m, t))).toEqual([
      [false, true],
      [true, true],
      [false, true],
    ]);
    // a mark every sibling wears is a look, not a choice; a button's style class is no mark
    expect(state(m, 'Frames')).toEqual([false, false]);
    expect(state(m, 'Add to basket')).toEqual([false, false]);
    expect(state(m, 'Gift box')).toEqual([false, false]);
    const { runBrowserTool } = await import('../../../src/main/browser/tools/index.ts');
    const ctx = { driver: s.driver, artifactsDir: '/tmp', timeoutMs: 10_000 };
    for (const text of ['Large', 'Gift box'])
      await runBrowserTool(ctx, 'click', { uid: await o.uidOf(m.buttons.find((b) => b.text === text)?.handle as string) });
    const m2 = await o.observe();
    expect(['Small', 'Medium', 'Large', 'Plain paper', 'Gift box'].map((t) => state(m2, t))).toEqual([
      [false, true],
      [false, true],
      [true, true],
      [false, true],
      [true, true],
    ]);
    // the click changed only a class: the model's fingerprint shows it (a click that did something)
    expect(m2.fingerprint).not.toBe(m.fingerprint);
  });

  it('a row of plain words drawn with a hand cursor is a set of choices, one set per row', async () => {
    const { o, m } = await observe('pointer-chips.html');
    const pill = (model: typeof m, text: string) => model.buttons.find((b) => b.text.startsWith(text));
    const wheels = ['Window wheel', 'Corner wheel', 'Big table'].map((t) => pill(m, t));
    const glazes = ['Matte', 'Gloss'].map((t) => pill(m, t));
    // (three or more alike are a set of choices; two are buttons still)
    expect(wheels.every((b) => b?.choice === true)).toBe(true);
    expect(glazes.every((b) => b !== undefined)).toBe(true);
    // each row is its own set; plain words and a card that only shows a hand cursor are no buttons
    expect(new Set(wheels.map((b) => b?.cluster)).size).toBe(1);
    expect(wheels[0]?.cluster).not.toBe(glazes[0]?.cluster);
    expect(pill(m, 'Aprons')).toBeUndefined();
    expect(pill(m, 'Have a voucher')).toBeUndefined();
    const { runBrowserTool } = await import('../../../src/main/browser/tools/index.ts');
    const ctx = { driver: s.driver, artifactsDir: '/tmp', timeoutMs: 10_000 };
    await runBrowserTool(ctx, 'click', { uid: await o.uidOf(wheels[1]?.handle as string) });
    expect(await s.text('#out')).toBe('w2');
    const m2 = await o.observe();
    expect(pill(m2, 'Corner wheel')?.selected).toBe(true);
  });
});
