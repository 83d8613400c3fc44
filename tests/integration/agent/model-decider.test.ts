import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentTask } from '../../../src/main/agent/loop/task.ts';
import { ModelDecider } from '../../../src/main/agent/model/decider.ts';
import { OfflineDecider } from '../../../src/main/agent/offline/decider.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { gotoUrl } from '../../../src/main/browser/navigation.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { reply } from '../../unit/llm/mock-model.ts';

const folder = fileURLToPath(new URL('../../fixtures/sites/anysite-dev/', import.meta.url));
const posts: string[] = [];
let server: Server;
let base = '';
let driver: BrowserDriver;
let store: Store;
let runtime: ToolRuntime;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.method === 'POST') {
      posts.push(req.url ?? '');
      res.end('<h1>ok</h1>');
      return;
    }
    const body = await readFile(join(folder, new URL(req.url ?? '/', 'http://x').pathname)).catch(() => undefined);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  driver = await BrowserDriver.launch();
  store = openStore(':memory:');
  runtime = new ToolRuntime({ store }).register(...browserRuntimeTools({ driver, artifactsDir: '/tmp' }));
});
afterAll(async () => {
  store?.close();
  await driver?.close();
  await new Promise((r) => server?.close(r));
});

/** The handle the page description gives a line matching `pattern` (what a model would read). */
const handleIn = (prompt: string, pattern: RegExp) => new RegExp(`\\[(\\d+:\\d+)\\][^\\n]*${pattern.source}`).exec(prompt)?.[1];
const promptOf = (opts: { prompt: unknown }) => JSON.stringify(opts.prompt).replace(/\\n/g, '\n').replace(/\\"/g, '"');

/** A scripted model: reads the page description it is given and answers the next step as JSON. */
function scripted(steps: Array<(prompt: string) => unknown>) {
  let i = 0;
  return new MockLanguageModelV4({
    doGenerate: async (opts) => {
      const step = steps[Math.min(i++, steps.length - 1)] as (p: string) => unknown;
      const out = step(promptOf(opts));
      return reply(typeof out === 'string' ? out : JSON.stringify(out));
    },
  });
}

const open = (path: string) => gotoUrl(driver.page(), `${base}/${path}`, 15_000);
const text = async (sel: string) =>
  String(
    (
      await driver
        .page()
        .send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(sel)})?.innerText ?? ''`, returnByValue: true })
    ).result.value,
  );

describe('model decider: same contract, mock models', () => {
  it('acts on the handles the model picks from the page description, and stops when it says done', async () => {
    await open('contact-ko.html');
    const model = scripted([
      (p) => ({ decision: 'act', action: { kind: 'fill', handle: handleIn(p, /"이름"/), value: '이서연' }, why: 'the name field' }),
      (p) => ({
        decision: 'act',
        action: { kind: 'click', handle: handleIn(p, /submit \[/) ?? /submit \[(\d+:\d+)\]/.exec(p)?.[1] },
        why: 'send it',
      }),
      () => ({ decision: 'done', why: 'the page says it was received' }),
    ]);
    const decider = new ModelDecider({ model });
    const r = await runAgentTask({ runtime, page: driver.page(), request: 'put 이서연 as the name and send', decider });
    expect(r.status).toBe('done');
    expect(await text('#done-text')).toContain('이서연');
    expect(r.steps.map((s) => s.source)).toEqual(['model', 'model']);
  });

  it('an invalid reply is retried once with the error; a handle not on the page counts as invalid', async () => {
    await open('contact-ko.html');
    const model = scripted([
      () => 'sure! I will click the button',
      () => ({ decision: 'act', action: { kind: 'click', handle: '0:9999' }, why: 'guess' }),
      () => ({ decision: 'ask', why: 'unclear', question: '무엇을 보낼까요?' }),
    ]);
    const decider = new ModelDecider({ model });
    const r = await runAgentTask({ runtime, page: driver.page(), request: 'send it', decider });
    expect(decider.calls.map((c) => c.ok)).toEqual([false, false]);
    expect(decider.calls[1]?.error).toContain('0:9999 is not on the page');
    expect(r.status).toBe('needs_person');
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('previous answer was not usable');
  });

  it('an unavailable model hands over to the offline decider (and the page still gets done)', async () => {
    await open('contact-ko.html');
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:11434');
      },
    });
    const decider = new ModelDecider({ model, fallback: new OfflineDecider() });
    const r = await runAgentTask({ runtime, page: driver.page(), request: '이름 칸에 최우식 넣고 확인 눌러', decider });
    expect(decider.calls).toEqual([{ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:11434' }]);
    expect(r.status).toBe('done');
    expect(await text('#done-text')).toContain('최우식');
  });

  it('without a fallback, an unavailable model asks the person; nothing is claimed', async () => {
    await open('contact-ko.html');
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('401 invalid api key');
      },
    });
    const r = await runAgentTask({ runtime, page: driver.page(), request: 'fill the form', decider: new ModelDecider({ model }) });
    expect(r.status).toBe('needs_person');
    expect(r.question?.en).toContain('MODEL_UNAVAILABLE');
  });

  it('a model proposing the gated submit is stopped by the runtime gate: nothing reaches the site', async () => {
    await open('apply-ko.html');
    const before = posts.length;
    const model = scripted([
      (p) => ({ decision: 'act', action: { kind: 'click', handle: /submit \[(\d+:\d+)\]/.exec(p)?.[1] }, why: 'submit the application' }),
    ]);
    const r = await runAgentTask({ runtime, page: driver.page(), request: 'apply', decider: new ModelDecider({ model }) });
    expect(r.status).toBe('needs_person');
    expect(r.error?.code).toBe('APPROVAL_REQUIRED');
    expect(posts.length).toBe(before);
    const skipped = store.queryEvents({ session_id: r.session_id }).events.filter((e) => e.type === 'TOOL_CALL_SKIPPED');
    expect(skipped).toHaveLength(1);
  });
});
