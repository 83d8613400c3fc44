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

async function run(request: string) {
  sites.reset();
  const url = `${sites.urls['parcel-pickup']}/`;
  await openTab(running, url);
  const r = await runAgent(endpoint, url, request);
  const log = sites.log('parcel-pickup').filter((e) => e.path !== '/');
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
