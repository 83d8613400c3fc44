import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say, siteUrls } from './support/world.ts';

// a 1×1 PNG for the form's passport photo
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface FormState {
  applications: Array<{ reference: string; data: Record<string, unknown> }>;
}

/** Answers of the host to browser.* calls (by request id), so the test knows each input reached the page. */
function watchInputs(page: Page) {
  const sent = new Map<number, string | undefined>();
  const parse = (p: string | Buffer): { channel?: string; id?: number } => {
    try {
      return JSON.parse(String(p));
    } catch {
      return {};
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      const m = parse(f.payload);
      if (m.channel?.startsWith('browser.') && m.id !== undefined) sent.set(m.id, undefined);
    });
    ws.on('framereceived', (f) => {
      const m = parse(f.payload);
      if (m.id !== undefined && sent.has(m.id)) sent.set(m.id, String(f.payload));
    });
  });
  return {
    settled: () => expect.poll(() => [...sent.values()].every((a) => a !== undefined)).toBe(true),
    errors: () => [...sent.values()].filter((a) => a?.includes('"ok":false')),
  };
}

const T = {
  ko: {
    tab: '내 정보',
    name: '프로필 이름',
    save: '프로필 저장',
    ask: '비자 신청서 내 프로필로 채워줘',
    takeOver: '직접 하기',
    giveBack: '제어 돌려주기',
    done: '직접 완료했어요',
    approve: '승인',
    card: '승인 필요',
  },
  en: {
    tab: 'My details',
    name: 'Profile name',
    save: 'Save profile',
    ask: 'fill in the visa application with my profile',
    takeOver: 'Take over',
    giveBack: 'Give control back',
    done: 'I have done it',
    approve: 'Approve',
    card: 'Approval needed',
  },
} as const;

for (const lang of ['ko', 'en'] as const) {
  const t = T[lang];
  test(`${lang}: taken over, the page is large and takes keys, Tab, Space and a file from the person; the site receives them`, async ({
    page,
  }, testInfo) => {
    const photo = testInfo.outputPath('photo.png');
    writeFileSync(photo, Buffer.from(PNG, 'base64'));
    const formState = async () => (await (await page.request.get(`${siteUrls().form}/__state`)).json()) as FormState;
    const before = (await formState()).applications.length;
    const inputs = watchInputs(page);

    // a profile without a photo: the photo is the person's to attach
    await page.goto(`/?lang=${lang}`);
    // an earlier test may have left the browser in the person's hands
    if (await page.getByTestId('take-over').isVisible()) await page.getByRole('button', { name: t.giveBack }).first().click();
    await page.getByRole('button', { name: t.tab, exact: true }).click();
    const items = page.getByTestId('profile-item');
    await expect(page.locator('form.profile-form')).toBeVisible();
    for (let n = await items.count(); n > 0; n--) {
      await items
        .first()
        .getByRole('button', { name: /^(삭제|Delete): / })
        .click();
      await expect(items).toHaveCount(n - 1);
    }
    const form = page.locator('form.profile-form');
    await form.getByLabel(t.name, { exact: true }).fill(lang === 'ko' ? '기본' : 'Default');
    const values: Record<string, string> = {
      surname: 'KIM',
      given_names: 'MINJI',
      birth_date: '1990-05-17',
      nationality: 'KR',
      email: 'minji@example.com',
      phone: '+82 10-1234-5678',
      passport_expiry: '2031-05-16',
      arrival_date: '2026-12-20',
      stay_days: '10',
    };
    for (const [key, value] of Object.entries(values)) await form.locator(`[id$="-${key}"]`).fill(value);
    await form.locator('[id$="-sex"]').selectOption('F');
    await form.locator('[id$="-visit_purpose"]').selectOption('tourism');
    await form.getByRole('button', { name: t.save }).click();
    await expect(items).toHaveCount(1);

    await page.getByRole('button', { name: lang === 'ko' ? '작업' : 'Work', exact: true }).click();
    await say(page, t.ask);
    const card = page.getByRole('alertdialog', { name: t.card });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: t.takeOver }).click();

    // the page opens large over the work screen
    const view = page.getByTestId('take-over');
    await expect(view).toBeVisible();
    const box = await page.getByTestId('live-view').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(900);
    await expectAccessible(page, `take-over (${lang})`);

    // typing goes straight to the page (the engine focused the passport field), then Tab to the photo and Space opens its chooser
    await page.getByTestId('live-keys').focus();
    await page.keyboard.type('M12345678');
    await inputs.settled();
    for (let i = 0; i < 23; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await inputs.settled();
    const prompt = page.getByTestId('file-prompt');
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`take-over-file-${lang}.png`) });
    await page.getByTestId('file-picker').setInputFiles(photo);
    await expect(prompt).toBeHidden();
    // the declaration is the person's: Tab to it (past the notes and the password) and tick it with the space bar
    await page.getByTestId('live-keys').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    // the wheel scrolls the page under the pointer
    await page.getByTestId('live-view').hover();
    await page.mouse.wheel(0, 400);
    await inputs.settled();
    expect(inputs.errors()).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`take-over-typed-${lang}.png`) });

    await view.getByRole('button', { name: t.giveBack }).click();
    await expect(view).toBeHidden();
    await card.getByRole('button', { name: t.done }).click();
    const approve = card.getByRole('button', { name: t.approve, exact: true });
    await expect(approve).toBeVisible({ timeout: 60_000 });
    expect((await formState()).applications.length).toBe(before);
    await approve.click();
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE', { timeout: 60_000 });
    await expect(lastReply(page)).toContainText(/VA-2026-\d+/);
    // the site got what the person typed and the file they picked
    const submitted = (await formState()).applications.at(-1);
    expect(submitted?.data).toMatchObject({
      passportNumber: 'M12345678',
      nationality: 'KOR',
      photo: { name: 'photo.png', type: 'image/png' },
    });
  });
}
