import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { hotelPlan, shopAPlan, shopBPlan } from './site-plans.ts';

let sites: FixtureSites;
let engine: Engine;
beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 30 });
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

type Row = { title: string; price: number; shipping: number | null; url: string };

describe('price comparison across two shops with different markup', () => {
  it('extracts the same product from both shops as typed rows', async () => {
    const a = await runPlan(shopAPlan(sites.urls.shopA, 'AirPods'), { runtime: engine.runtime, sessionId: 'shop-a', screenshots: false });
    const b = await runPlan(shopBPlan(sites.urls.shopB, 'AirPods'), { runtime: engine.runtime, sessionId: 'shop-b', screenshots: false });
    expect(a.status, JSON.stringify(a.error ?? a.verification)).toBe('completed');
    expect(b.status, JSON.stringify(b.error ?? b.verification)).toBe('completed');
    const rowsA = a.results.rows?.rows as Row[];
    const rowsB = b.results.rows?.rows as Row[];
    for (const r of [...rowsA, ...rowsB]) {
      expect(r.title).toMatch(/AirPods/i);
      expect(r.price).toBeGreaterThan(10_000);
      expect(r.url).toMatch(/^http:\/\/127\.0\.0\.1/);
    }
    expect(rowsA.length).toBeGreaterThan(0);
    expect(rowsB.length).toBeGreaterThan(0);
  });
});

describe('hotel search', () => {
  it('searches Tokyo for three nights and extracts price, rating and location', async () => {
    const out = await runPlan(hotelPlan(sites.urls.hotels), { runtime: engine.runtime, sessionId: 'hotels', screenshots: false });
    expect(out.status, JSON.stringify(out.error ?? out.verification)).toBe('completed');
    const rows = out.results.rows?.rows as Array<{ price: number; rating: number; location: string }>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.rating).toBeGreaterThan(0);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.location).toMatch(/Tokyo/);
    }
  });
});
