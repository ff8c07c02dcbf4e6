import { sql } from 'drizzle-orm';
import { searchTextOf } from '../../catalogue/searchText';
import type { Db } from '../client';
import { companies, markets, media, zips } from '../schema';
import { buildCatalogue } from './catalogue';
import { buildCompanies } from './companies';
import { buildGeography } from './geography';

const BATCH = 2_000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** True once the catalogue has been seeded; seeding is skipped on later starts. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(markets);
  return (row?.count ?? 0) > 0;
}

/** Writes the deterministic catalogue in one transaction: markets, zips, media and companies. */
export async function seed(
  db: Db,
): Promise<{ markets: number; zips: number; media: number; companies: number }> {
  const geography = buildGeography();
  const catalogue = buildCatalogue(geography.markets);
  const names = buildCompanies();
  const marketNames = new Map(geography.markets.map((m) => [m.prodcode, m.name]));

  await db.transaction(async (tx) => {
    await insertInBatches(geography.markets, (batch) =>
      tx.insert(markets).values(
        batch.map(({ prodcode, name, state, latitude, longitude, households }) => ({
          prodcode,
          name,
          state,
          latitude,
          longitude,
          households,
        })),
      ),
    );
    await insertInBatches(geography.zips, (batch) => tx.insert(zips).values(batch));
    await insertInBatches(catalogue, (batch) =>
      tx.insert(media).values(
        batch.map((item) => ({
          ...item,
          searchText: searchTextOf({
            ...item,
            marketName: item.prodcode ? (marketNames.get(item.prodcode) ?? null) : null,
          }),
        })),
      ),
    );
    await insertInBatches(names, (batch) => tx.insert(companies).values(batch.map((name) => ({ name }))));
  });

  return {
    markets: geography.markets.length,
    zips: geography.zips.length,
    media: catalogue.length,
    companies: names.length,
  };
}
