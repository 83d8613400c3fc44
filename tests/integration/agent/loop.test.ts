import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentTask } from '../../../src/main/agent/loop/task.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { type DevSites, startDevSites } from './dev-sites.ts';

let s: DevSites;
let store: Store;
let runtime: ToolRuntime;
beforeAll(async () => {
  s = await startDevSites();
  store = openStore(':memory:');
  runtime = new ToolRuntime({ store }).register(
    ...browserRuntimeTools({ driver: s.driver, artifactsDir: mkdtempSync(join(tmpdir(), 'agent-')) }),
  );
});
afterAll(async () => {
  store?.close();
  await s?.close();
});

const run = async (path: string, request: string) => {
  await s.open(path);
  const r = await runAgentTask({ runtime, page: s.driver.page(), request, goal: { now: new Date('2026-11-24T09:00:00+09:00') } });
  return r;
};

describe('agent loop, offline, on pages it was not written for', () => {
  it('이름 칸에 홍길동 넣고 확인 눌러 — the page shows the name it received', async () => {
    const r = await run('contact-ko.html', '이름 칸에 홍길동 넣고 확인 눌러');
    expect(r.error).toBeUndefined();
    expect(r.status).toBe('done');
    expect(await s.text('#done-text')).toContain('접수되었습니다: 홍길동');
  });

  it('stops with the page’s own message when a required field is left empty', async () => {
    const r = await run('contact-ko.html', '이메일에 kim@example.com 입력하고 확인 눌러');
    expect(r.status).toBe('failed');
    expect(r.error?.code).toBe('VERIFICATION_FAILED');
    expect(r.error?.message).toContain('이름은 필수');
  });

  it('pick Express in the delivery options and go on — after the modal is dismissed and the terms read', async () => {
    const r = await run(
      'checkout-en.html',
      'dismiss the dialog, pick Express in the delivery options, scroll the terms to the bottom, check I agree to the terms and go on',
    );
    expect(r.error).toBeUndefined();
    expect(r.status).toBe('done');
    expect(await s.text('[role=status]')).toBe('Order step 2: delivery exp');
  });

  it('약관 끝까지 내려서 동의 눌러 — the box is enabled only after scrolling, then checked', async () => {
    const r = await run('checkout-en.html', '약관 끝까지 내려서 I agree 눌러');
    expect(r.status).toBe('done');
    const { result } = await s.driver
      .page()
      .send('Runtime.evaluate', { expression: 'document.getElementById("agree").checked', returnByValue: true });
    expect(result.value).toBe(true);
  });

  it('dismiss the cookie banner; 검색 결과 두 번째 거 담아줘; 리뷰 탭 열어줘', async () => {
    expect((await run('shop-ko.html', 'dismiss the cookie banner')).status).toBe('done');
    expect(await s.text('#cookie')).toBe('');
    await s.open('shop-ko.html');
    const r = await run('shop-ko.html', '두 번째 상품 담아줘');
    expect(r.status).toBe('done');
    expect(await s.text('#cart')).toBe('장바구니: 1개 (갤럭시북4)');
    const t = await runAgentTask({ runtime, page: s.driver.page(), request: '리뷰 탭 열어줘' });
    expect(t.status).toBe('done');
    expect(await s.text('#p2')).toContain('리뷰 12개');
  });

  it('pages through results until the named item shows, then adds it', async () => {
    const r = await run('shop-ko.html', '"서피스 랩탑" 선택해줘');
    expect(r.error).toBeUndefined();
    expect(await s.text('#cart')).toBe('장바구니: 1개 (서피스 랩탑)');
  });

  it('runs a div-built flight search from words: autocomplete, calendar, stepper, then picks the cheapest nonstop', async () => {
    const r = await run('flights-en.html', 'book the cheapest direct flight from Incheon to Osaka on Dec 20 for 2 adults');
    expect(r.error).toBeUndefined();
    // the page only shows which flight was picked and sends nothing: the booking asked for is not claimed
    expect(r.status).toBe('needs_person');
    expect(JSON.stringify(r.question)).toContain('book');
    expect(await s.text('#results h2')).toBe('4 flights, Seoul Incheon (ICN) → Osaka Kansai (KIX) on 2026-12-20 for 2');
    expect(await s.text('#picked')).toBe('You picked 7C 1102');
  });

  it('fills a field inside a shadow root and one inside an iframe', async () => {
    const r = await run('widgets-mixed.html', 'type kim@example.com into Your e-mail and click Subscribe');
    expect(r.status).toBe('done');
    expect(await s.text('#out')).toBe('Subscribed kim@example.com');
    const f = await run('widgets-mixed.html', 'set the trip date to 2026-12-24');
    expect(f.status).toBe('done');
  });

  it('a click that changes nothing is ACTION_NO_EFFECT, never success', async () => {
    await s.open('checkout-en.html');
    await s.driver.page().send('Runtime.evaluate', {
      expression: `document.getElementById('modal').remove(); const b = document.createElement('button'); b.textContent = 'Do nothing'; document.body.append(b);`,
    });
    const r = await runAgentTask({ runtime, page: s.driver.page(), request: 'click Do nothing' });
    expect(r.status).toBe('failed');
    expect(r.steps.some((x) => x.error?.code === 'ACTION_NO_EFFECT')).toBe(true);
  });
});
