import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

/**
 * Filling by meaning in real Chromium: the value a person or profile holds selects the option that
 * means it, whatever the page's option text, and dates and phone numbers are typed the way the
 * field shows it wants them. The oracle is the page's own state (the selected option's value).
 */
describe('fill and select_option choose by meaning', () => {
  let h: Harness;
  let s: string;
  const shown = (id: string) => h.evaluate<string>(`() => document.getElementById(${JSON.stringify(id)}).value`);
  const fill = async (label: string, value: string) => h.run('fill', { uid: h.uidOf(s, label), value });
  beforeAll(async () => {
    h = await startHarness();
    await h.open('by-meaning.html');
    s = await h.snapshot();
  });
  afterAll(async () => {
    await h?.close();
  });

  const KOREA = ['KR', 'KOR', 'Korea', 'Republic of Korea', 'South Korea', '대한민국', '한국', 'korea, republic of'];
  for (const given of KOREA) {
    it(`"${given}" selects Korea in three differently worded country lists`, async () => {
      await fill('combobox "Country"', given);
      expect(await shown('c1')).toBe('2');
      await fill('combobox "Nationality"', given);
      expect(await shown('c2')).toBe('KOR');
      await fill('combobox "국적"', given);
      expect(await shown('c3')).toBe('b');
    });
  }

  it('tells other countries apart (Japan, the US, the UK, North Korea)', async () => {
    await fill('combobox "Country"', 'JP');
    expect(await shown('c1')).toBe('1');
    await fill('combobox "Country"', 'North Korea');
    expect(await shown('c1')).toBe('4');
    await fill('combobox "Nationality"', '미국');
    expect(await shown('c2')).toBe('USA');
    await fill('combobox "국적"', 'GB');
    expect(await shown('c3')).toBe('d');
    await fill('combobox "국적"', 'United Kingdom');
    expect(await shown('c3')).toBe('d');
  });

  it('a calling code or a country picks the calling-code option; +1 needs the country', async () => {
    for (const given of ['+82', '0082', 'KR', '대한민국']) {
      await fill('combobox "Calling code"', given);
      expect(await shown('cc')).toBe('x2');
    }
    await fill('combobox "Calling code"', 'CA');
    expect(await shown('cc')).toBe('x4');
    await expect(fill('combobox "Calling code"', '+1')).rejects.toMatchObject({ code: 'ELEMENT_NOT_FOUND' });
  });

  it('months, days and sex by number, name or word', async () => {
    for (const given of ['5', '05', 'May', '5월']) {
      await fill('combobox "Birth month"', given);
      expect(await shown('month')).toBe('May');
    }
    await fill('combobox "Day"', '17');
    expect(await shown('day')).toBe('17일');
    for (const given of ['F', 'female', '여성', '여']) {
      await fill('combobox "Sex"', given);
      expect(await shown('sex')).toBe('2');
    }
  });

  it('dates in any common writing reach a date input as the date', async () => {
    for (const given of ['1990-05-17', '1990. 5. 17.', '1990년 5월 17일', '17 May 1990', 'May 17, 1990', '17/05/1990', '1990/5/17']) {
      await fill('Date "Date of birth"', given);
      expect(await shown('birth')).toBe('1990-05-17');
    }
  });

  it('dates and phone numbers are typed the way the placeholder shows', async () => {
    await fill('textbox "Arrival (YYYY.MM.DD)"', '2026-12-20');
    expect(await shown('dotted')).toBe('2026.12.20');
    await fill('textbox "Departure"', '2026년 12월 27일');
    expect(await shown('us')).toBe('12/27/2026');
    await fill('textbox "Mobile"', '+82 10-1234-5678');
    expect(await shown('phone')).toBe('010-1234-5678');
    await fill('textbox "Phone (international)"', '010 1234 5678');
    expect(await shown('intl')).toBe('+82-10-1234-5678');
  });

  it('a value that means no option still fails, naming the options', async () => {
    await expect(fill('combobox "Country"', 'Atlantis')).rejects.toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
      details: { options: ['Choose', '日本 Japan', '대한민국 Republic of Korea', 'United States', 'North Korea'] },
    });
  });
});
