import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaignCommand } from '../../../src/cli/campaign/campaign-command.ts';
import { RunPackage } from '../../../src/main/packs/campaign/contracts/run-package.ts';
import { type MarketSite, startMarketSite } from '../../fixtures/campaign/market-site.ts';
import { BRIEF } from '../../unit/packs/campaign/replies.ts';

// `cdt campaign` end to end: a run with research in a Chromium it launches, then list, show and
// export of the stored run from the same SQLite file.

let site: MarketSite;
let dir: string;
beforeAll(async () => {
  site = await startMarketSite();
  dir = mkdtempSync(join(tmpdir(), 'cdt-campaign-test-'));
  writeFileSync(join(dir, 'brief.json'), JSON.stringify(BRIEF));
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cdt(
  ...argv: string[]
): Promise<{ code: number; out: { ok: boolean; data?: Record<string, unknown>; error?: { code: string } }; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const code = await runCampaignCommand([...argv, '--store', join(dir, 'steward.db')], { stdout, stderr, env: {} });
  return { code, out: JSON.parse(out), err };
}

describe('cdt campaign', () => {
  it('runs without a model: reads the named page, keeps brief and evidence, says what needs a model; then lists, shows and exports it', async () => {
    const url = `${site.url}/articles/sensitive-skin-2026`;
    const run = await cdt('run', '--brief', join(dir, 'brief.json'), '--sources', url, '--locale', 'en');
    expect(run.code).toBe(0);
    expect(run.out.data).toMatchObject({ status: 'needs_model', stage: 'DONE', sources: 1 });
    expect(run.err).toContain('campaign: RUN_RESEARCH');
    expect(site.hits).toContain('/articles/sensitive-skin-2026');
    const id = String(run.out.data?.run_id);

    const list = await cdt('list');
    expect(list.out.data?.runs).toEqual([expect.objectContaining({ run_id: id, status: 'needs_model' })]);
    const show = await cdt('show', id);
    expect(show.out.data).toMatchObject({ run_id: id, package: { research_snapshot: { sources: [expect.objectContaining({ url })] } } });

    const file = join(dir, 'out', 'campaign.json');
    const exported = await cdt('export', id, '--out', file);
    expect(exported.code).toBe(0);
    const pkg = RunPackage.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(pkg.run_id).toBe(id);
    expect(pkg.strategy_plan).toBeNull();

    // again from the stored run: the same brief, the same page read again
    const hits = site.hits.length;
    const again = await cdt('run', '--from', id, '--locale', 'en');
    expect(again.out.data).toMatchObject({ status: 'needs_model', sources: 1 });
    expect(again.out.data?.run_id).not.toBe(id);
    expect(site.hits.slice(hits)).toContain('/articles/sensitive-skin-2026');
    const rerun = await cdt('show', String(again.out.data?.run_id));
    expect(rerun.out.data).toMatchObject({ package: { brief_summary: { brief: { product: { name: 'Glow X' } } } } });
  });

  it('answers an unknown run with CONTEXT_NOT_FOUND (exit 3) and a bad brief with VALIDATION_ERROR (exit 2)', async () => {
    const missing = await cdt('export', 'run_nope', '--out', join(dir, 'x.json'));
    expect(missing).toMatchObject({ code: 3, out: { ok: false, error: { code: 'CONTEXT_NOT_FOUND' } } });
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ product: { name: 'X' } }));
    const bad = await cdt('run', '--brief', join(dir, 'bad.json'));
    expect(bad).toMatchObject({ code: 2, out: { ok: false, error: { code: 'VALIDATION_ERROR' } } });
    const usage = await cdt('fly');
    expect(usage.out.error?.code).toBe('USAGE_ERROR');
  });
});
