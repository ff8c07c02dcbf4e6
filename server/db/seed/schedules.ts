import { isNull, sql } from 'drizzle-orm';
import type { MediaType } from '../../../contract/mediaTypes';
import { salesRule } from '../../pricing/rules';
import { plainSchedule } from '../../pricing/schedule';
import type { Db } from '../client';
import { media } from '../schema';
import { buildCatalogue } from './catalogue';
import { buildGeography } from './geography';

const SCHEDULES_LOCK = 'media-schedules';

/**
 * Gives every placement without a schedule (a database seeded before placements kept schedule rules,
 * which held a fixed issue month or start date instead) the rules a fresh seed gives it, the seed being
 * the same on every machine; a placement the seed does not know gets the plain rules of its kind
 * (every month or every week, nothing sold out). When every placement has rules, which is every start
 * but the first after the upgrade, this is one cheap query and writes nothing. Returns how many
 * placements it gave rules.
 */
export async function syncSchedules(db: Db): Promise<number> {
  const missing = async (tx: Db) =>
    tx
      .select({ mediacode: media.mediacode, mediaType: media.mediaType })
      .from(media)
      .where(isNull(media.schedule));
  if ((await missing(db)).length === 0) return 0;
  const seeded = new Map(
    buildCatalogue(buildGeography().markets).map((item) => [item.mediacode, item.schedule]),
  );
  return db.transaction(async (tx) => {
    // Replicas starting together on one PostgreSQL: the second waits for the first, then finds none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SCHEDULES_LOCK}))`);
    const rows = await missing(tx);
    if (rows.length === 0) return 0;
    const schedules = Object.fromEntries(
      rows.map((row) => [
        row.mediacode,
        seeded.get(row.mediacode) ?? plainSchedule(salesRule(row.mediaType as MediaType).kind),
      ]),
    );
    // One statement for the lot: the rules by code, as one JSON object.
    await tx.execute(sql`
      update ${media} set schedule = rules.value
      from jsonb_each(${JSON.stringify(schedules)}::jsonb) as rules
      where ${media.mediacode} = rules.key and ${media.schedule} is null`);
    return rows.length;
  });
}
