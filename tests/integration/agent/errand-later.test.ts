import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalSites, startEvalSites } from '../../fixtures/sites/anysite-eval/server.ts';
import { launchWithPort } from '../browser/conformance.ts';
import { openTab, runAgent } from './agent-cli.ts';

/**
 * An errand whose pieces belong to different steps: the first page of a two-page pickup form
 * takes the item and the box count, the second the address and the phone. `cdt agent run` fills
 * what the first page takes, moves on, places the rest on the second page and sends; a piece no
 * page has a place for is asked about by name before anything is sent for good. The oracle is
 * what reached the fixture server.
 */
let sites: EvalSites;
let running: Awaited<ReturnType<typeof launchWithPort>>;
let endpoint = '';

beforeAll(async () => {
  sites = await startEvalSites();
  running = await launchWithPort();
  endpoint = `ws://127.0.0.1:${running.port}${running.browserPath}`;
});
afterAll(async () => {
  await running?.browser.session.close();
  await sites?.close();
});

let runs = 0;
async function run(request: string, site = 'parcel-pickup') {
  sites.reset();
  // a tab of its own for each run (the agent finds its tab by address)
  const url = `${sites.urls[site]}/?run=${++runs}`;
  await openTab(running, url);
  const r = await runAgent(endpoint, url, request);
  const log = sites.log(site).filter((e) => e.path !== '/');
  return { ...r, log };
}

describe('pieces of a request placed on the step that has their place', () => {
  it('the item and the boxes on the first page, the address and the phone on the second, then sent', async () => {
    const r = await run(
      '택배 방문 수거 신청해줘. 물품 종류는 식품, 상자 수 3개, 수거지 주소 서울 성동구 왕십리로 83, 연락처 010-5151-2626',
    );
    const sent = r.log.filter((e) => e.method === 'POST' && e.path === '/pickup');
    expect(sent.map((e) => e.body)).toEqual([
      expect.objectContaining({
        kind: 'food',
        boxes: '3',
        where: expect.stringContaining('왕십리로 83'),
        tel: expect.stringMatching(/^010-?5151-?2626$/),
      }),
    ]);
    expect(r.status.status).toBe('done');
  });

  it('a piece no page has a place for: the first step goes on, nothing is sent for good, the question names that piece', async () => {
    const r = await run(
      'book a parcel pickup. Item type documents, 1 box, pickup address 8 Birch Lane, phone 010-2323-4545, and gift wrap each box',
    );
    // the errand went on to the second page with what the first one took
    expect(r.log.some((e) => e.method === 'GET' && e.path === '/pickup.html' && e.query.kind === 'docs')).toBe(true);
    expect(r.log.filter((e) => e.method === 'POST')).toEqual([]);
    expect(r.status.status).toBe('needs_person');
    const question = JSON.stringify(r.status.question);
    expect(question).toContain('gift wrap each box');
    expect(question).not.toContain('Birch Lane');
  });
});

describe('a day picked from a row of day buttons, then the time the page shows for that day', () => {
  it('the time said with the day is placed once the day has drawn its classes', async () => {
    const r = await run('reserve a trial class on Dec 7 at 12:30 pm for Rui Alves, rui.alves@example.com', 'studio-trial');
    expect(r.log.filter((e) => e.method === 'POST').map((e) => e.body)).toEqual([
      { day: '2026-12-07', time: '12:30', name: 'Rui Alves', email: 'rui.alves@example.com' },
    ]);
    expect(r.status.status).toBe('done');
  });

  it('a time the chosen day has no class at is asked about, and nothing is sent', async () => {
    const r = await run('12월 8일 오후 3시 체험 수업 신청해줘. 이름 오세린, 이메일 serin@example.com', 'studio-trial');
    expect(r.log.filter((e) => e.method === 'POST')).toEqual([]);
    expect(r.status.status).toBe('needs_person');
    expect(JSON.stringify(r.status.question)).toContain('15:00');
  });
});
