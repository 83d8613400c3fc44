import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserToolContext } from '../../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../../src/main/browser/driver.ts';
import { runBrowserTool } from '../../../../src/main/browser/tools/index.ts';
import { runGuardedBrowserTool } from '../../../../src/main/tools/effects/guarded-call.ts';
import { judgeCall, typesIntoSuggestionField } from '../../../../src/main/tools/effects/probe.ts';
import { type EffectsSite, startEffectsSite } from '../../../fixtures/sites/effects/server.ts';

/**
 * The gate's look at the live DOM before an acting call, on TrapMart: a submit control of a POST
 * form is judged to send, and an element that left the page is STALE_UID (the judging call checks
 * that itself) — with the server's log as the oracle that nothing was sent either way.
 */
let site: EffectsSite;
let driver: BrowserDriver;
let ctx: BrowserToolContext;
beforeAll(async () => {
  site = await startEffectsSite();
  driver = await BrowserDriver.launch({ headless: true });
  await driver.newPage('about:blank');
  ctx = { driver, artifactsDir: '/tmp', timeoutMs: 15_000 };
}, 60_000);
afterAll(async () => {
  await driver?.close().catch(() => undefined);
  await site?.close();
});

async function open(page: string): Promise<string> {
  await runBrowserTool(ctx, 'navigate_page', { type: 'url', url: `${site.url}/t/${page}` });
  site.reset();
  return String((await runBrowserTool(ctx, 'take_snapshot', {})).data.snapshot);
}

const uidOf = (snap: string, pattern: RegExp) => {
  const uid = pattern.exec(snap)?.[1];
  expect(uid, snap).toBeDefined();
  return uid as string;
};

describe('judging an acting call in the page', () => {
  it('judges a POST form’s submit button as sending, twice on the same element, and refuses it under --guard', async () => {
    const snap = await open('continue-pays');
    const uid = uidOf(snap, /(\d+_[0-9a-z]+) button "Continue"/);
    const effect = await judgeCall(driver, { tool: 'click', input: { uid } });
    expect(effect?.requests[0]).toMatchObject({ method: 'POST', url: expect.stringContaining('/act/pay') });
    // the element's object is kept from the first look: the second judges the same element alike
    expect(await judgeCall(driver, { tool: 'click', input: { uid } })).toEqual(effect);
    await expect(runGuardedBrowserTool(ctx, 'click', { uid })).rejects.toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(site.changes()).toEqual([]);
  });

  it('says STALE_UID for a submit button that left the page, and nothing is sent', async () => {
    const snap = await open('continue-pays');
    const uid = uidOf(snap, /(\d+_[0-9a-z]+) button "Continue"/);
    await judgeCall(driver, { tool: 'click', input: { uid } });
    await runBrowserTool(ctx, 'evaluate_script', { function: '() => document.querySelector("button").remove()' });
    await expect(judgeCall(driver, { tool: 'click', input: { uid } })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(runGuardedBrowserTool(ctx, 'click', { uid })).rejects.toMatchObject({ code: 'STALE_UID' });
    expect(site.changes()).toEqual([]);
  });

  it('tells a field that offers suggestions from a plain one, and a field that left the page from both', async () => {
    const auto = await open('autocomplete');
    const city = uidOf(auto, /(\d+_[0-9a-z]+) combobox "도시 City"/);
    expect(await typesIntoSuggestionField(driver, { tool: 'fill', input: { uid: city, value: 'Se' } })).toBe(true);
    await runBrowserTool(ctx, 'evaluate_script', { function: '() => document.getElementById("city").remove()' });
    expect(await typesIntoSuggestionField(driver, { tool: 'fill', input: { uid: city, value: 'Se' } })).toBe(false);
    const plain = await open('quiet-form');
    const name = uidOf(plain, /(\d+_[0-9a-z]+) textbox "이름 Name"/);
    expect(await typesIntoSuggestionField(driver, { tool: 'fill', input: { uid: name, value: 'Kim' } })).toBe(false);
  });
});
