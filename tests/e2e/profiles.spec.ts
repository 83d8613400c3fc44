import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

/**
 * Profiles are a form of labelled fields (never internal key names), several can be kept, a second
 * one of the same name is refused with a reason, and the conversation uses the one the person names
 * — or the one they pick on the profile chip. The country is given as a code or name and still
 * selects the site's option (the plan reaches the hand-over only when the nationality list took it).
 */
const T = {
  ko: {
    tab: '내 정보',
    name: '프로필 이름',
    surname: '성 (여권 영문)',
    given: '이름 (여권 영문)',
    birth: '생년월일',
    sex: '성별',
    female: '여성',
    male: '남성',
    nationality: '국적',
    email: '이메일',
    phone: '휴대폰',
    save: '프로필 저장',
    duplicate: /이름의 프로필이 이미 있습니다/,
    saved: /프로필을 저장했습니다/,
    work: '회사',
    home: '기본',
    ask: '비자 신청서 회사 프로필로 채워줘',
    chip: '프로필',
    nav: '작업',
    newChat: '새 대화',
  },
  en: {
    tab: 'My details',
    name: 'Profile name',
    surname: 'Surname (as in passport)',
    given: 'Given names (as in passport)',
    birth: 'Date of birth',
    sex: 'Sex',
    female: 'Female',
    male: 'Male',
    nationality: 'Nationality',
    email: 'Email',
    phone: 'Mobile phone',
    save: 'Save profile',
    duplicate: /already exists/,
    saved: /saved/,
    work: 'Work',
    home: 'Default',
    ask: 'fill in the visa application with my work profile',
    chip: 'Profile',
    nav: 'Work',
    newChat: 'New conversation',
  },
} as const;

async function addProfile(page: Page, t: (typeof T)['ko' | 'en'], p: Record<string, string>) {
  const form = page.locator('form.profile-form');
  await form.getByLabel(t.name, { exact: true }).fill(p.name ?? '');
  await form.getByLabel(t.surname).fill(p.surname ?? '');
  await form.getByLabel(t.given).fill(p.given ?? '');
  await form.getByLabel(t.birth).fill(p.birth ?? '');
  await form.getByLabel(t.sex, { exact: true }).selectOption({ label: p.sex ?? '' });
  await form.getByLabel(t.nationality, { exact: true }).fill(p.nationality ?? '');
  await form.getByLabel(t.email).fill(p.email ?? '');
  await form.getByLabel(t.phone).fill(p.phone ?? '');
  await form.getByRole('button', { name: t.save }).click();
}

for (const lang of ['ko', 'en'] as const) {
  const t = T[lang];
  test(`${lang}: profiles are a labelled form, several are kept, duplicates refused, and the named one fills the form`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await page.getByRole('button', { name: t.tab, exact: true }).click();
    // the other language's run may have saved profiles already: start from none
    const items = page.getByTestId('profile-item');
    await expect(page.getByRole('heading', { name: lang === 'ko' ? '저장된 프로필' : 'Saved profiles' })).toBeVisible();
    for (let n = await items.count(); n > 0; n--) {
      await items
        .first()
        .getByRole('button', { name: /^(삭제|Delete): / })
        .click();
      await expect(items).toHaveCount(n - 1);
    }

    await addProfile(page, t, {
      name: t.home,
      surname: 'KIM',
      given: 'MINJI',
      birth: '1990-05-17',
      sex: t.female,
      nationality: lang === 'ko' ? '대한민국' : 'Republic of Korea',
      email: 'minji@example.com',
      phone: '+82 10-1234-5678',
    });
    await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
    await addProfile(page, t, {
      name: t.work,
      surname: 'LEE',
      given: 'JOON',
      birth: '1985-11-02',
      sex: t.male,
      nationality: 'KR',
      email: 'joon@example.com',
      phone: '010-9876-5432',
    });
    await expect(page.getByTestId('profile-item')).toHaveCount(2);
    // the same name again (other case, extra spaces) is refused, with the reason beside the name field
    await addProfile(page, t, { name: ` ${t.work.toUpperCase()} `, surname: 'PARK', sex: t.male, nationality: 'JP' });
    await expect(page.getByRole('alert').filter({ hasText: t.duplicate })).toBeVisible();
    await expect(page.getByTestId('profile-item')).toHaveCount(2);
    await expectAccessible(page, `profiles (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`profiles-form-${lang}.png`), fullPage: true });

    // kept by the engine: a reload shows both, and editing one shows its labelled values
    await page.reload();
    await page.getByRole('button', { name: t.tab, exact: true }).click();
    await expect(page.getByTestId('profile-item')).toHaveCount(2);
    await page.getByRole('button', { name: `${lang === 'ko' ? '수정' : 'Edit'}: ${t.work}` }).click();
    await expect(page.locator('form.profile-form').getByLabel(t.surname)).toHaveValue('LEE');

    // the conversation uses the profile the person named; its chip offers the others
    await page.getByRole('button', { name: t.nav, exact: true }).click();
    await say(page, t.ask);
    await expect(lastReply(page)).toContainText('LEE');
    await expect(lastReply(page)).not.toContainText('KIM');
    // the country given as "KR" selected the site's nationality option: the plan went on to the hand-over
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
    const chip = page.getByTestId('slot-chip').filter({ hasText: t.chip });
    await expect(chip).toContainText(t.work);
    await page.screenshot({ path: testInfo.outputPath(`profiles-chosen-${lang}.png`), fullPage: true });
    await chip.getByRole('button').click();
    await expect(page.getByLabel(t.chip, { exact: true })).toHaveJSProperty('tagName', 'SELECT');
    await expect(page.getByLabel(t.chip, { exact: true }).locator('option')).toHaveText([t.home, t.work]);
    await page.keyboard.press('Escape');
    await page.getByTestId('plan-cancel').click();
    await expect(page.getByTestId('plan-status')).toHaveAttribute('class', /cancelled/);
  });
}
