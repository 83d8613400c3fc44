import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentTask } from '../../../src/main/agent/loop/task.ts';
import { TraceBook } from '../../../src/main/agent/traces/book.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { type DevSites, startDevSites } from './dev-sites.ts';

let s: DevSites;
let store: Store;
let runtime: ToolRuntime;
let book: TraceBook;
const dir = mkdtempSync(join(tmpdir(), 'agent-traces-'));
beforeAll(async () => {
  s = await startDevSites();
  store = openStore(join(dir, 'steward.db'));
  runtime = new ToolRuntime({ store }).register(...browserRuntimeTools({ driver: s.driver, artifactsDir: dir }));
  book = new TraceBook(store);
});
afterAll(async () => {
  store?.close();
  await s?.close();
});

const run = (request: string) => runAgentTask({ runtime, page: s.driver.page(), request, traces: book });

describe('traces: learned once, replayed with new values, healed where the page changed', () => {
  it('stores a verified run by origin and shape, then replays it with another value (checked on the page)', async () => {
    await s.open('contact-ko.html');
    const first = await run('이름 칸에 홍길동 넣고 이메일에 hong@example.com 넣고 확인 눌러');
    expect(first.status).toBe('done');
    expect(first.replayed).toBe(0);
    const traces = book.list();
    expect(traces).toHaveLength(1);
    expect(traces[0]?.origin).toBe(new URL(s.site.url).origin);
    expect(traces[0]?.steps.map((x) => x.valueKey ?? x.locator.label)).toEqual(['v0', 'v1', '확인']);

    await s.open('contact-ko.html');
    const again = await run('이름 칸에 김민지 넣고 이메일에 kim@example.com 넣고 확인 눌러');
    expect(again.status).toBe('done');
    expect(again.replayed).toBe(3);
    expect(again.decided).toBe(0);
    expect(await s.text('#done-text')).toBe('접수되었습니다: 김민지 / kim@example.com');
    const events = store.queryEvents({ session_id: again.session_id }).events.filter((e) => e.type === 'step_started');
    expect(events.map((e) => e.data.source)).toEqual(['replayed', 'replayed', 'replayed']);
  });

  it('heals from the first step that no longer fits (a renamed label) and stores the healed trace', async () => {
    await s.open('contact-ko.html');
    await s.driver.page().send('Runtime.evaluate', { expression: `document.querySelector('label[for=nm]').textContent = '이름 (필수)'` });
    const r = await run('이름 칸에 박서준 넣고 이메일에 park@example.com 넣고 확인 눌러');
    expect(r.status).toBe('done');
    expect(r.replayed).toBe(0);
    expect(r.steps[0]?.source).toBe('decided');
    expect(await s.text('#done-text')).toBe('접수되었습니다: 박서준 / park@example.com');
    expect(book.list()[0]?.steps[0]?.locator.label).toBe('이름 (필수)');
  });

  it('a list option chosen by meaning (an English word on a Korean list) is replayed with the new value, found the same way', async () => {
    const chosen = async () =>
      (
        await s.driver
          .page()
          .send('Runtime.evaluate', { expression: 'document.querySelector("select").selectedOptions[0]?.text', returnByValue: true })
      ).result.value;
    await s.open('contact-ko.html');
    const first = await run('문의 유형은 refund로 선택해줘');
    expect(first.status).toBe('done');
    expect(await chosen()).toBe('환불');
    await s.open('contact-ko.html');
    const again = await run('문의 유형은 delivery로 선택해줘');
    expect(again.status).toBe('done');
    expect(again.replayed).toBe(1);
    expect(await chosen()).toBe('배송');
  });

  it('a different task shape on the same site is decided, not replayed', async () => {
    await s.open('contact-ko.html');
    const r = await run('이메일에 x@example.com 넣어');
    expect(r.status).toBe('done');
    expect(r.replayed).toBe(0);
  });
});
