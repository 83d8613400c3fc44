import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactStore } from '../../../src/main/browser/artifacts.ts';
import type { Page } from '../../../src/main/browser/page.ts';
import { takeScreenshot } from '../../../src/main/browser/tools/capture.ts';
import { type ExtrasHarness, startExtrasHarness } from '../../helpers/browser-extras.ts';

type Shot = { path: string; sha256: string; bytes: number; width: number; height: number; format: string; createdAt: string };

describe('screenshots into the artifacts folder', () => {
  let h: ExtrasHarness;
  let page: Page;
  const shoot = async (input: Record<string, unknown>) => {
    const r = await h.run(takeScreenshot, { pageId: page.id, ...input });
    return { shot: r.data.screenshot as Shot, files: r.files };
  };

  beforeAll(async () => {
    h = await startExtrasHarness();
    page = await h.driver.newPage(`${h.site.url}/capture.html`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('takes the viewport as png with path, sha256, pixel size and time', async () => {
    const { shot, files } = await shoot({});
    const [w, ht, dpr] = await h.evaluate<number[]>(page, '[innerWidth, innerHeight, devicePixelRatio]');
    expect(shot).toMatchObject({ format: 'png', width: Math.round((w ?? 0) * (dpr ?? 1)), height: Math.round((ht ?? 0) * (dpr ?? 1)) });
    expect(shot.path.startsWith(h.artifactsDir)).toBe(true);
    const bytes = readFileSync(shot.path);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(shot.sha256);
    expect(shot.bytes).toBe(bytes.length);
    expect(Date.parse(shot.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(files).toEqual([{ path: shot.path, mimeType: 'image/png', sha256: shot.sha256, bytes: shot.bytes }]);
  });

  it('takes the full page, taller than the viewport', async () => {
    const { shot } = await shoot({ fullPage: true });
    const height = await h.evaluate<number>(page, 'document.documentElement.scrollHeight');
    expect(shot.height).toBe(height);
  });

  it('takes one element by CSS selector and by snapshot uid', async () => {
    const bySelector = (await shoot({ selector: '#badge' })).shot;
    expect([bySelector.width, bySelector.height]).toEqual([200, 100]);
    const { result } = await page.cdp.send('Runtime.evaluate', { expression: 'document.getElementById("badge")' });
    const { node } = await page.cdp.send('DOM.describeNode', { objectId: result.objectId });
    const uid = page.uids.uidFor({
      sessionId: page.sessionId,
      frameId: page.mainFrameId,
      loaderId: page.loaders.get(page.mainFrameId) ?? '',
      backendNodeId: node.backendNodeId,
    });
    const byUid = (await shoot({ uid, format: 'webp' })).shot;
    expect(byUid).toMatchObject({ format: 'webp', width: 200, height: 100 });
    expect(readFileSync(byUid.path).subarray(8, 12).toString()).toBe('WEBP');
    await expect(shoot({ selector: '#nope' })).rejects.toMatchObject({ code: 'ELEMENT_NOT_FOUND' });
  });

  it('writes jpeg with a quality and scales down to a maximum size', async () => {
    const { shot } = await shoot({ format: 'jpeg', quality: 40, fullPage: true, maxWidth: 200, maxHeight: 400 });
    expect(shot.format).toBe('jpeg');
    expect(shot.path.endsWith('.jpg')).toBe(true);
    expect(shot.width).toBeLessThanOrEqual(200);
    expect(shot.height).toBeLessThanOrEqual(400);
    expect(shot.height).toBeGreaterThan(100);
    const bytes = readFileSync(shot.path);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
  });

  it('rejects contradicting options before touching the page', () => {
    expect(takeScreenshot.schema.safeParse({ uid: '1_1', fullPage: true }).success).toBe(false);
    expect(takeScreenshot.schema.safeParse({ format: 'png', quality: 50 }).success).toBe(false);
    expect(takeScreenshot.schema.safeParse({ format: 'gif' }).success).toBe(false);
  });
});

describe('artifact retention', () => {
  it('removes the oldest own files beyond N files and beyond B bytes, never other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'steward-retention-'));
    try {
      const store = new ArtifactStore(dir, { maxFiles: 3, maxBytes: 1_000_000 });
      const written: string[] = [];
      for (let i = 0; i < 5; i++) {
        const a = await store.write('screenshot', 'png', Buffer.alloc(100, i));
        // Distinct modification times, oldest first, without sleeping.
        utimesSync(a.path, new Date(1_700_000_000_000 + i * 1000), new Date(1_700_000_000_000 + i * 1000));
        written.push(a.path);
      }
      await store.prune();
      const left = readdirSync(dir)
        .map((n) => join(dir, n))
        .sort();
      expect(left).toEqual(written.slice(2).sort());

      const bytesStore = new ArtifactStore(dir, { maxFiles: 100, maxBytes: 250 });
      const big = await bytesStore.write('trace', 'json', Buffer.alloc(200));
      await bytesStore.settled(); // the write's retention pass runs after it returned
      expect(readdirSync(dir).map((n) => join(dir, n))).toEqual([big.path]);

      const foreign = join(dir, 'notes.txt');
      await import('node:fs/promises').then((fs) => fs.writeFile(foreign, 'x'.repeat(1000)));
      await bytesStore.prune();
      expect(readdirSync(dir).sort()).toEqual(['notes.txt', big.path.slice(dir.length + 1)].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
