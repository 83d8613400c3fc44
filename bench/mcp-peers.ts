/**
 * The MCP columns of `npm run bench browser`: `cdt mcp`, chrome-devtools-mcp and @playwright/mcp,
 * each started as a stdio server and driven by one MCP client (the SDK's Client) over the same
 * local pages and the same Chromium. Times are medians of RUNS calls after a warm-up, measured
 * at the client (so each includes the JSON-RPC round trip every peer pays alike).
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { treeCpuMs } from './process-cpu.ts';
import { type Metrics, median, metric, timeMedian } from './report.ts';

const RUNS = 5;
const STARTS = 5;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where @playwright/mcp may write its files (it defaults to the working folder). */
const OUT = join(tmpdir(), 'steward-bench-playwright-mcp');

type Args = Record<string, unknown>;

/** How one server is started and how its tools are called. */
interface Peer {
  name: string;
  command: string;
  args: string[];
  /** Pulls the element reference out of the snapshot line that names it. */
  ref: (line: string) => string | undefined;
  navigate: (url: string, page: Args) => [string, Args];
  snapshot: (page: Args) => [string, Args];
  fill: (ref: string, label: string, value: string, page: Args) => [string, Args];
  select: (ref: string, label: string, value: string, page: Args) => [string, Args];
  click: (ref: string, label: string, page: Args) => [string, Args];
  /** Arguments naming the page, found once after start (chrome-devtools-mcp wants a page id). */
  page?: (client: Client) => Promise<Args>;
}

/** A peer's package: in the project's node_modules, or under BENCH_PEERS_DIR (a node_modules folder). */
function peerFile(pkg: string, file: string): string | undefined {
  const dirs = [join(ROOT, 'node_modules'), process.env.BENCH_PEERS_DIR].filter((d): d is string => !!d);
  return dirs.map((d) => join(d, pkg, file)).find((p) => existsSync(p));
}

/** chrome-devtools-mcp writes `uid=1_2 button …`; cdt mcp leads the line with the bare uid, `1_2 button …`. */
const uidOf = (line: string) => /uid=(\S+)/.exec(line)?.[1];
const leadingUid = (line: string) => /^\s*(\d+_[0-9a-z]+) /.exec(line)?.[1];

function peers(chromium: string): { peers: Peer[]; missing: string[] } {
  const out: Peer[] = [
    {
      name: 'cdt mcp',
      command: process.execPath,
      args: [join(ROOT, 'bin/cdt.mjs'), 'mcp'],
      ref: leadingUid,
      navigate: (url) => ['navigate_page', { url }],
      snapshot: () => ['take_snapshot', {}],
      fill: (uid, _l, value) => ['fill', { uid, value }],
      select: (uid, _l, value) => ['select_option', { uid, values: [value] }],
      click: (uid) => ['click', { uid }],
    },
  ];
  const missing: string[] = [];
  const cdm = peerFile('chrome-devtools-mcp', 'build/src/bin/chrome-devtools-mcp.js');
  if (cdm)
    out.push({
      name: 'chrome-devtools-mcp',
      command: process.execPath,
      args: [cdm, '--headless', '--isolated', `--executablePath=${chromium}`, '--chromeArg=--no-sandbox', '--usageStatistics=false'],
      ref: uidOf,
      page: async (client) => {
        const text = textOf(await client.callTool({ name: 'list_pages', arguments: {} }));
        const id = /(\d+):/.exec(text)?.[1];
        return { pageId: Number(id ?? 1) };
      },
      navigate: (url, page) => ['navigate_page', { ...page, type: 'url', url }],
      snapshot: (page) => ['take_snapshot', { ...page }],
      fill: (uid, _l, value, page) => ['fill', { ...page, uid, value }],
      select: (uid, _l, value, page) => ['fill', { ...page, uid, value }],
      click: (uid, _l, page) => ['click', { ...page, uid }],
    });
  else missing.push('chrome-devtools-mcp (not installed: run npm install, or set BENCH_PEERS_DIR to a node_modules folder holding it)');
  const pwm = peerFile('@playwright/mcp', 'cli.js');
  if (pwm)
    out.push({
      name: '@playwright/mcp',
      command: process.execPath,
      args: [pwm, '--headless', '--isolated', '--no-sandbox', '--browser=chromium', `--executable-path=${chromium}`, `--output-dir=${OUT}`],
      ref: (line) => /\[ref=(\w+)\]/.exec(line)?.[1],
      navigate: (url) => ['browser_navigate', { url }],
      snapshot: () => ['browser_snapshot', {}],
      fill: (target, element, text) => ['browser_type', { target, element, text }],
      select: (target, element, value) => ['browser_select_option', { target, element, values: [value] }],
      click: (target, element) => ['browser_click', { target, element }],
    });
  else missing.push('@playwright/mcp (not installed: run npm install, or set BENCH_PEERS_DIR to a node_modules folder holding it)');
  return { peers: out, missing };
}

function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('\n');
}

async function call(client: Client, [name, args]: [string, Args]): Promise<string> {
  const r = await client.callTool({ name, arguments: args });
  const text = textOf(r);
  if (r.isError) throw new Error(`${name}: ${text.slice(0, 300)}`);
  return text;
}

async function connect(peer: Peer): Promise<{ client: Client; page: Args; pid: number | null }> {
  const client = new Client({ name: 'steward-bench', version: '0.1.0' });
  const transport = new StdioClientTransport({ command: peer.command, args: peer.args, cwd: ROOT, stderr: 'ignore' });
  await client.connect(transport);
  return { client, page: peer.page ? await peer.page(client) : {}, pid: transport.pid };
}

function refOn(peer: Peer, snapshot: string, role: string, label: string): string {
  const line = snapshot.split('\n').find((l) => l.includes(`${role} "${label}`));
  const ref = line && peer.ref(line);
  if (!ref) throw new Error(`${peer.name}: no reference for ${role} "${label}"`);
  return ref;
}

interface PeerFigures {
  startMs: number;
  /** CPU time of the server's process tree at the first page (undefined without /proc). */
  startCpuMs: number | undefined;
  fillMs: number;
  selectMs: number;
  clickMs: number;
  snapshotMs: Record<string, number>;
  /** The first snapshot right after the page was navigated to (what an agent asks for next). */
  firstSnapshotMs: Record<string, number>;
  snapshotChars: Record<string, number>;
}

/** spawn → connected → the first page loaded, as a client sees it */
async function startUp(peer: Peer, site: string): Promise<{ ms: number; cpuMs: number | undefined }> {
  const t = performance.now();
  const { client, page, pid } = await connect(peer);
  try {
    await call(client, peer.navigate(`${site}/flights.html`, page));
    const ms = performance.now() - t;
    return { ms, cpuMs: pid === null ? undefined : treeCpuMs(pid) };
  } finally {
    await client.close();
  }
}

async function measure(peer: Peer, site: string, starts: Array<{ ms: number; cpuMs: number | undefined }>): Promise<PeerFigures> {
  const { client, page } = await connect(peer);
  try {
    const snapshotMs: Record<string, number> = {};
    const firstSnapshotMs: Record<string, number> = {};
    const snapshotChars: Record<string, number> = {};
    for (const name of ['flights', 'products', 'form15']) {
      await call(client, peer.navigate(`${site}/${name}.html`, page));
      const t = performance.now();
      snapshotChars[name] = (await call(client, peer.snapshot(page))).length;
      firstSnapshotMs[name] = performance.now() - t;
      snapshotMs[name] = await timeMedian(RUNS, () => call(client, peer.snapshot(page)));
    }
    // form15 is the page loaded last
    const form = await call(client, peer.snapshot(page));
    const city = refOn(peer, form, 'textbox', 'City');
    const nationality = refOn(peer, form, 'combobox', 'Nationality');
    const fillMs = await timeMedian(RUNS, () => call(client, peer.fill(city, 'City', 'Seoul', page)));
    const selectMs = await timeMedian(RUNS, () => call(client, peer.select(nationality, 'Nationality', 'Japan', page)));
    await call(client, peer.navigate(`${site}/flights.html`, page));
    const search = refOn(peer, await call(client, peer.snapshot(page)), 'button', 'Search');
    const clickMs = await timeMedian(RUNS, () => call(client, peer.click(search, 'Search', page)));
    const cpu = starts.map((x) => x.cpuMs).filter((x): x is number => x !== undefined);
    return {
      startMs: median(starts.map((x) => x.ms)),
      startCpuMs: cpu.length === starts.length ? median(cpu) : undefined,
      fillMs,
      selectMs,
      clickMs,
      snapshotMs,
      firstSnapshotMs,
      snapshotChars,
    };
  } finally {
    await client.close();
  }
}

/** Steward's `cdt mcp` against the faster (or smaller) of the two MCP peers, on the same pages. */
export async function mcpPeerMetrics(site: string, chromium: string): Promise<Metrics> {
  const { peers: list, missing } = peers(chromium);
  const figures = new Map<string, PeerFigures>();
  const failed: string[] = [...missing];
  // start-ups are taken in turns (one of each peer per round): on a shared machine the load drifts
  const starts = new Map<string, Array<{ ms: number; cpuMs: number | undefined }>>(list.map((p) => [p.name, []]));
  const broken = new Set<string>();
  for (let i = 0; i < STARTS; i++)
    for (const peer of list) {
      if (broken.has(peer.name)) continue;
      try {
        starts.get(peer.name)?.push(await startUp(peer, site));
      } catch (e) {
        if (peer.name === 'cdt mcp') throw e;
        broken.add(peer.name);
        failed.push(`${peer.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  for (const peer of list) {
    if (broken.has(peer.name)) continue;
    try {
      figures.set(peer.name, await measure(peer, site, starts.get(peer.name) ?? []));
    } catch (e) {
      if (peer.name === 'cdt mcp') throw e;
      failed.push(`${peer.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failed.length) console.warn(`bench browser: MCP peers not measured — ${failed.join('; ')}`);
  const ours = figures.get('cdt mcp') as PeerFigures;
  const others = [...figures.entries()].filter(([n]) => n !== 'cdt mcp');
  const skipped = failed.length ? `; not measured: ${failed.join('; ')}` : '';
  const best = (pick: (f: PeerFigures) => number, unit: string, what: string) => {
    const sorted = others.map(([n, f]) => [n, pick(f)] as const).sort((a, b) => a[1] - b[1]);
    const top = sorted[0];
    const each = sorted.map(([n, v]) => `${n} ${Math.round(v * 10) / 10}`).join(', ');
    return metric(pick(ours), unit, top ? top[1] : null, `${what}; baseline: the better peer (${each || 'none'})${skipped}`);
  };
  const out: Metrics = {
    'mcp: start-up to first page': best(
      (f) => f.startMs,
      'ms',
      `spawn the server → connected → flights page loaded, median of ${STARTS} taken in turns with the peers`,
    ),
    ...(ours.startCpuMs !== undefined && others.every(([, f]) => f.startCpuMs !== undefined)
      ? {
          'mcp: start-up CPU to first page': best(
            (f) => f.startCpuMs ?? 0,
            'ms',
            'CPU time of the server and its browser processes at the first page (from /proc; hardly moved by the machine load, unlike the wall time above)',
          ),
        }
      : {}),
    'mcp: fill (form15 City)': best((f) => f.fillMs, 'ms', 'one fill call, as returned to the client'),
    'mcp: select (form15 Nationality)': best((f) => f.selectMs, 'ms', 'one select call'),
    'mcp: click (flights Search)': best((f) => f.clickMs, 'ms', 'one click call'),
    'mcp: snapshot time (products, 500 items)': best((f) => f.snapshotMs.products ?? 0, 'ms', 'take_snapshot / browser_snapshot'),
    'mcp: first snapshot after navigating (products)': best(
      (f) => f.firstSnapshotMs.products ?? 0,
      'ms',
      'the snapshot asked for right after navigate_page loaded the page, one call',
    ),
  };
  // the page where our snapshot is largest against the smaller peer's
  let worst: { page: string; ratio: number } | undefined;
  for (const page of Object.keys(ours.snapshotChars)) {
    const smallest = Math.min(...others.map(([, f]) => f.snapshotChars[page] ?? Infinity));
    const ratio = (ours.snapshotChars[page] ?? 0) / smallest;
    if (Number.isFinite(smallest) && (!worst || ratio > worst.ratio)) worst = { page, ratio };
  }
  if (worst) {
    const page = worst.page;
    out['mcp: snapshot size, worst page vs the smaller peer'] = best(
      (f) => f.snapshotChars[page] ?? 0,
      'chars',
      `text returned to the client for ${page}`,
    );
  }
  for (const [name, f] of figures)
    for (const page of Object.keys(f.snapshotChars))
      out[`mcp ${name}: snapshot size ${page}`] = metric(f.snapshotChars[page] ?? 0, 'chars');
  return out;
}
