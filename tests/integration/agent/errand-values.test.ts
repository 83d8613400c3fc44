import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithPort } from '../browser/conformance.ts';
import { openTab, runAgent } from './agent-cli.ts';

/**
 * Errands whose values are not the words of the request: a date and a time said in words
 * ("내일 저녁 6시 반", "this Saturday at noon") set on a date input, a time select and
 * time-slot buttons; and forms where a plain fill lands another value (a length limit, a page
 * that rewrites what was typed, a select whose labels are not its values). The oracle is what
 * reached the fixture server: done is claimed only when that is what the person asked for.
 */
const folder = fileURLToPath(new URL('../../fixtures/sites/anysite-errands/sites/', import.meta.url));
interface Hit {
  path: string;
  body: Record<string, unknown>;
}
let hits: Hit[] = [];
let server: Server;
let base = '';
let running: Awaited<ReturnType<typeof launchWithPort>>;
let endpoint = '';

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      let body = '';
      for await (const chunk of req) body += chunk;
      hits.push({ path: url.pathname, body: body ? (JSON.parse(body) as Record<string, unknown>) : {} });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
      return;
    }
    const file = await readFile(join(folder, url.pathname)).catch(() => undefined);
    res.writeHead(file ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(file ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  running = await launchWithPort();
  endpoint = `ws://127.0.0.1:${running.port}${running.browserPath}`;
});
afterAll(async () => {
  await running?.browser.session.close();
  await new Promise((r) => server?.close(r));
});

let opened = 0;
/** A new tab on the page (its own address, so the run never acts on an earlier test's tab). */
async function open(path: string): Promise<string> {
  const url = `${base}/${path}?tab=${++opened}`;
  await openTab(running, url);
  hits = [];
  return url;
}

/** `cdt agent run` on a Tuesday morning in Seoul (2026-12-01). */
async function cdt(url: string, request: string) {
  return runAgent(endpoint, url, request);
}

describe('values the request asked for are the values sent', () => {
  it('a name longer than the field allows is not claimed saved', async () => {
    const url = await open('profile-en/index.html');
    const r = await cdt(url, 'change my display name to Alexandra Kim-Park and set the time zone to Tokyo, then save');
    expect(hits.every((h) => h.body.display !== 'Alexandra Kim-Park')).toBe(true);
    expect(r.code).not.toBe(0);
    expect(r.status.status).not.toBe('done');
    expect(JSON.stringify(r.status)).toContain('Alexandra Kim-Park');
  });

  it('a time zone named by a city in an option label is saved as that option', async () => {
    const url = await open('profile-en/index.html');
    const r = await cdt(url, 'set my display name to Mina Cho and the time zone to Tokyo, then save');
    expect(hits.map((h) => h.body)).toEqual([{ display: 'Mina Cho', zone: 'Asia/Tokyo' }]);
    expect(r.code).toBe(0);
  });

  it('a name the page rewrites on save is reported, not claimed done', async () => {
    const url = await open('profile-ko/index.html');
    const r = await cdt(url, '보이는 이름을 Jun Park으로 바꾸고 시간대는 파리로 해서 저장해줘');
    expect(hits.every((h) => h.body.nick !== 'Jun Park')).toBe(true);
    expect(r.code).not.toBe(0);
    expect(r.status.status).not.toBe('done');
  });

  it('a name the page cuts as it sends is named in the failure, not claimed done', async () => {
    const url = await open('nickname-en/index.html');
    const r = await cdt(url, 'set my display name to Mina Cho and pronouns to she/her, then update profile');
    // the page did send, with its own cut of the name: the world shows the value that did not take
    expect(hits.map((h) => h.body)).toEqual([{ shown: 'Mina', pronouns: 'she' }]);
    expect(r.code).not.toBe(0);
    expect(r.status).toMatchObject({ status: 'failed', error: { code: 'VERIFICATION_FAILED' } });
    expect(JSON.stringify(r.status.error)).toContain('Mina Cho');
  });

  it('the same page with a one-word name is done', async () => {
    const url = await open('nickname-en/index.html');
    const r = await cdt(url, 'set my display name to Mina and pronouns to she/her, then update profile');
    expect(hits.map((h) => h.body)).toEqual([{ shown: 'Mina', pronouns: 'she' }]);
    expect(r.code).toBe(0);
  });

  it('the same page with a name it keeps is done', async () => {
    const url = await open('profile-ko/index.html');
    const r = await cdt(url, '보이는 이름을 jun으로 바꾸고 시간대는 로스앤젤레스로 해서 저장해줘');
    expect(hits.map((h) => h.body)).toEqual([{ nick: 'jun', tz: 'America/Los_Angeles' }]);
    expect(r.code).toBe(0);
  });
});

describe('dates and times in the request are values', () => {
  it('내일 저녁 6시 반 4명: a date input, a time select and a party select', async () => {
    const url = await open('table-ko/index.html');
    const r = await cdt(url, '내일 저녁 6시 반 4명 예약해줘');
    expect(hits.map((h) => h.body)).toEqual([{ visit: '2026-12-02', slot: '1830', party: '4명', memo: '' }]);
    expect(r.code).toBe(0);
  });

  it('this Saturday at noon: a day button of a calendar and a time-slot button', async () => {
    const url = await open('court-en/index.html');
    const r = await cdt(url, 'reserve a court this Saturday at noon');
    expect(hits.map((h) => h.body)).toEqual([{ day: '2026-12-05', time: '12:00 PM', players: '2' }]);
    expect(r.code).toBe(0);
  });
});

describe('booking and application forms are filled from the request', () => {
  it('an appointment with a day, a time, a department, a name and a phone; consent said by the person', async () => {
    const url = await open('clinic-ko/index.html');
    const r = await cdt(url, '모레 점심 1시 반에 피부과 예약해줘. 이름은 김하늘, 전화번호 010-2345-6789, 개인정보 동의할게');
    expect(hits.map((h) => h.body)).toEqual([
      { who: '김하늘', mobile: '010-2345-6789', dept: 'DERM', day: '2026-12-03', at: '13:30', agree: 'on' },
    ]);
    expect(r.code).toBe(0);
  });

  it('the same appointment without the consent: filled, then one question for the consent, nothing sent', async () => {
    const url = await open('clinic-ko/index.html');
    const r = await cdt(url, '모레 점심 1시 반에 피부과 예약해줘. 이름은 김하늘, 전화번호 010-2345-6789');
    expect(hits).toEqual([]);
    expect(r.status.status).toBe('needs_person');
    expect(Number(r.status.steps)).toBeGreaterThan(0);
    expect(JSON.stringify(r.status.question)).toContain('동의');
  });

  it('an application with a name, an e-mail, a first day and a shift', async () => {
    const url = await open('volunteer-en/index.html');
    const r = await cdt(url, 'apply to volunteer from next Saturday, afternoon shift, name Dana Reyes, email dana@example.org');
    expect(hits.map((h) => h.body)).toEqual([
      { fullname: 'Dana Reyes', mail: 'dana@example.org', first: '2026-12-12', shift: 'Afternoon (12–4)', notes: '' },
    ]);
    expect(r.code).toBe(0);
  });

  it('a required value the request does not give is one question, asked before anything is sent', async () => {
    const url = await open('volunteer-en/index.html');
    const r = await cdt(url, 'apply to volunteer from next Saturday, afternoon shift, name Dana Reyes');
    expect(hits).toEqual([]);
    expect(r.status.status).toBe('needs_person');
    expect(JSON.stringify(r.status.question)).toMatch(/e-?mail/i);
  });
});

describe('a time said without its half of the day', () => {
  it('"6시 반" on a dinner list with no morning 6:30 is the evening one', async () => {
    const url = await open('table-ko/index.html');
    const r = await cdt(url, '내일 6시 반에 3명 예약해줘');
    expect(hits.map((h) => h.body)).toEqual([{ visit: '2026-12-02', slot: '1830', party: '3명', memo: '' }]);
    expect(r.code).toBe(0);
  });
});
