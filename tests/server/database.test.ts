import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { MEDIA_TYPES } from '../../contract/mediaTypes';
import { openPglite } from '../../server/db/client';
import { companies, media } from '../../server/db/schema';
import { buildCatalogue } from '../../server/db/seed/catalogue';
import { buildGeography } from '../../server/db/seed/geography';
import { isSeeded } from '../../server/db/seed/index';
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
      if (item.mediaType === 'printmag') expect(item.issue).toMatch(/^2027\/(0[1-9]|1[0-2])$/);
      else if (item.mediaType !== 'custom') expect(item.dateStart).toMatch(/^2027-\d\d-\d\d$/);
    }
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
