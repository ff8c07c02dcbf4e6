import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { MEDIA_TYPES } from '../../contract/mediaTypes';
import { openPglite } from '../../server/db/client';
import { companies, media } from '../../server/db/schema';
import { buildCatalogue } from '../../server/db/seed/catalogue';
import { buildGeography } from '../../server/db/seed/geography';
import { isSeeded } from '../../server/db/seed/index';
import { syncSchedules } from '../../server/db/seed/schedules';
import { salesRule } from '../../server/pricing/rules';
import { loadPgliteTemplate } from '../support/pgliteTemplate';
import { DRIVERS } from './harness';

describe('the seeded catalogue', () => {
  const geography = buildGeography();
  const catalogue = buildCatalogue(geography.markets);

  it('is the same on every build', () => {
    const again = buildCatalogue(buildGeography().markets);
    expect(again).toEqual(catalogue);
  });

  it('has every US zip code in a market, and DMA-like markets', () => {
    expect(geography.zips.length).toBeGreaterThan(40_000);
    expect(geography.markets).toHaveLength(210);
    const codes = new Set(geography.markets.map((m) => m.prodcode));
    expect(geography.zips.every((z) => codes.has(z.prodcode))).toBe(true);
    const chicago = geography.zips.find((z) => z.zip === '60601');
    expect(geography.markets.find((m) => m.prodcode === chicago?.prodcode)?.name).toBe('Chicago, IL');
  });

  it('has at least 5,000 placements of every media type with plausible fields', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(5_000);
    expect(new Set(catalogue.map((m) => m.mediaType))).toEqual(new Set(MEDIA_TYPES));
    expect(new Set(catalogue.filter((m) => m.mediaType === 'digital').map((m) => m.partner))).toEqual(
      new Set(['google', 'groundtruth']),
    );
    expect(new Set(catalogue.map((m) => m.mediacode)).size).toBe(catalogue.length);
    for (const item of catalogue) {
      expect(item.unitPriceCents).toBeGreaterThan(0);
      expect(item.image).toMatch(/^\/images\/media\/[a-z]+-[123]\.svg$/);
    }
  });

  it('keeps schedule rules, never dates: issue months and sold-out patterns of the kind each type is sold by', () => {
    const everies = new Map<number, number>();
    for (const item of catalogue) {
      const { schedule } = item;
      expect(schedule.kind, item.mediacode).toBe(salesRule(item.mediaType).kind);
      if (schedule.kind === 'issues') {
        // Every month, every other month or four times a year, at regular intervals.
        const every = 12 / schedule.issueMonths.length;
        expect([1, 2, 3], item.mediacode).toContain(every);
        expect(schedule.issueMonths[0]).toBeLessThanOrEqual(every);
        expect(
          schedule.issueMonths.every((month, i) => month === (schedule.issueMonths[0] ?? 0) + i * every),
        ).toBe(true);
        // A monthly sells out its December issue and one other; the others one issue a year.
        expect(schedule.soldOutMonths).toHaveLength(every === 1 ? 2 : 1);
        expect(schedule.soldOutMonths.every((month) => schedule.issueMonths.includes(month))).toBe(true);
        if (every === 1) expect(schedule.soldOutMonths.at(-1)).toBe(12);
        everies.set(every, (everies.get(every) ?? 0) + 1);
        if (item.name.includes('Quarterly')) expect(every, item.name).toBe(3);
        if (item.name.includes('edition') || item.name.includes('Weekly')) expect(every, item.name).toBe(1);
      } else if (schedule.kind === 'weeks') {
        expect(schedule.soldOutEvery).toBeGreaterThanOrEqual(5);
        expect(schedule.soldOutEvery).toBeLessThanOrEqual(8);
        expect(schedule.soldOutOffset).toBeGreaterThanOrEqual(0);
        expect(schedule.soldOutOffset).toBeLessThan(schedule.soldOutEvery);
      }
    }
    // Most magazines are monthlies; every cadence is there.
    expect([...everies.keys()].sort()).toEqual([1, 2, 3]);
    expect(everies.get(1)).toBeGreaterThan((everies.get(2) ?? 0) + (everies.get(3) ?? 0));
  });
});

describe.each(DRIVERS)('the database on %s', (_name, open) => {
  it('is migrated and seeded', async () => {
    const h = await open();
    expect(await isSeeded(h.database.db)).toBe(true);
    const rows = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(media);
    expect(rows).toEqual([{ n: 5382 }]);
    await h.close();
  });

  it('gives placements of a database from before schedules the seed’s rules at start, once', async () => {
    const h = await open();
    const db = h.database.db;
    const seeded = new Map(buildCatalogue(buildGeography().markets).map((m) => [m.mediacode, m.schedule]));
    const codes = ['PM508-01', 'PM508-04', 'TV508-01', 'ED508-01', 'EM-01N', 'CU-01'];
    // What migration 0007 leaves: placements without rules, and one the seed does not know.
    await db.update(media).set({ schedule: null }).where(inArray(media.mediacode, codes));
    await db.insert(media).values({
      ...(await db.select().from(media).where(eq(media.mediacode, 'TV508-02')))[0],
      mediacode: 'TV999-01',
      schedule: null,
    } as typeof media.$inferInsert);
    expect(await syncSchedules(db)).toBe(codes.length + 1);
    const rows = await db
      .select({ mediacode: media.mediacode, schedule: media.schedule })
      .from(media)
      .where(inArray(media.mediacode, [...codes, 'TV999-01']));
    expect(new Map(rows.map((r) => [r.mediacode, r.schedule]))).toEqual(
      new Map([
        ...codes.map((code) => [code, seeded.get(code)] as const),
        ['TV999-01', { kind: 'weeks', soldOutEvery: 0, soldOutOffset: 0 }],
      ]),
    );
    // Every later start finds none without rules and writes nothing.
    expect(await syncSchedules(db)).toBe(0);
    await h.close();
  });
});

describe('the embedded database folder', () => {
  it('keeps its data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adlane-data-'));
    try {
      const template = await loadPgliteTemplate(inject('pgliteTemplate'));
      const dump = await template.dumpDataDir('none');
      await template.close();
      const first = await openPglite({ instance: await PGlite.create({ dataDir, loadDataDir: dump }) });
      await first.db.insert(companies).values({ name: 'Restart Test Bakery' });
      await first.close();

      const second = await openPglite({ dataDir });
      const rows = await second.db.select().from(companies).where(eq(companies.name, 'Restart Test Bakery'));
      expect(rows).toHaveLength(1);
      expect(await isSeeded(second.db)).toBe(true);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
