/**
 * `npx tsx scripts/bench-orders-queue.ts [--orders 2000] [--n 30]`: how long the back office's orders
 * queue takes to answer, with every filter's EXISTS subqueries, on a fresh seeded embedded database
 * holding `--orders` orders across the seed's companies (magazine issues and TV weeks around today,
 * a third of them with a file that failed its checks). Prints the median and p90 of `--n` runs of
 * each query: the whole queue, "needs attention", "to book", a company search.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, format, startOfWeek } from 'date-fns';
import { eq, inArray } from 'drizzle-orm';
import { queuePageOf } from '../server/admin/orderViews';
import { readServerConfig } from '../server/config';
import { writeOrderRuns } from '../server/data/orderRuns';
import { cartItems, carts, companies, media, orders } from '../server/db/schema';
import { silentLogger } from '../server/log';
import { runsOf, spanOfRuns } from '../server/orders/runs';
import { openServerDatabase } from '../server/startup/database';
import { insertRunFile } from '../tests/support/fileRows';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ORDERS = arg('orders', 2000);
const N = arg('n', 30);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const folder = await mkdtemp(path.join(tmpdir(), 'adlane-bench-queue-'));
  const config = readServerConfig({ DATA_DIR: folder });
  const started = performance.now();
  const database = await openServerDatabase(config, silentLogger(), {
    firstStart: true,
    quietTakeOver: () => true,
  });
  const { db } = database;
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const now = new Date();
  const companyIds = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
  const placements = await db
    .select({ code: media.mediacode, type: media.mediaType })
    .from(media)
    .where(inArray(media.mediaType, ['printmag', 'tv']))
    .limit(50);
  const monday = startOfWeek(now, { weekStartsOn: 1 });
  for (let i = 0; i < ORDERS; i++) {
    const placement = placements[i % placements.length];
    const companyId = companyIds[i % companyIds.length];
    if (!placement || companyId === undefined) throw new Error('The seed has no placements or companies.');
    const shift = (i % 20) - 8;
    const value =
      placement.type === 'tv'
        ? format(addDays(monday, shift * 7), 'yyyy-MM-dd')
        : format(new Date(now.getFullYear(), now.getMonth() + Math.round(shift / 4), 1), 'yyyy/MM');
    const placedAt = addDays(now, -60);
    const runs = runsOf({ dates: [value], mailing: false, placedAt, totalCents: 100_000 });
    const cartUuid = randomUUID();
    await db.insert(carts).values({ uuid: cartUuid, status: 'placed' });
    const [item] = await db
      .insert(cartItems)
      .values({ cartUuid, mediacode: placement.code, dates: [value], quantity: 1, priceCents: 100_000 })
      .returning({ id: cartItems.id });
    const [order] = await db
      .insert(orders)
      .values({
        cartUuid,
        cartItemId: item?.id ?? 0,
        companyId,
        number: `AD-BQ-${String(i).padStart(6, '0')}`,
        billing: {},
        totalCents: 100_000,
        placedAt,
        ...spanOfRuns(runs),
      })
      .returning({ id: orders.id });
    await db
      .update(cartItems)
      .set({ orderId: order?.id ?? 0 })
      .where(eq(cartItems.id, item?.id ?? 0));
    await writeOrderRuns(db, order?.id ?? 0, runs);
    if (i % 3 === 0)
      await insertRunFile(db, {
        id: randomUUID(),
        companyId,
        name: 'ad.pdf',
        declaredType: 'application/pdf',
        size: 1000,
        status: 'attention',
        orderId: order?.id ?? 0,
        runValue: value,
      });
  }
  console.log(`Placed ${ORDERS} orders.`);
  const queries: [string, Parameters<typeof queuePageOf>[1]][] = [
    ['the whole queue', { page: 1 }],
    ['needs_attention=yes', { needs_attention: 'yes', page: 1 }],
    ['status=to-book', { status: 'to-book', page: 1 }],
    ['no_approved_file=yes', { no_approved_file: 'yes', page: 1 }],
    ['q=<a company name>', { q: 'a', page: 1 }],
  ];
  for (const [name, query] of queries) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < N + 3; i++) {
      const t = performance.now();
      const answer = await queuePageOf(db, query, now);
      if (i >= 3) times.push(performance.now() - t);
      total = Number(answer.meta.total ?? 0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(24)} ${String(total).padStart(5)} orders  median ${quantile(times, 0.5).toFixed(1)} ms  p90 ${quantile(times, 0.9).toFixed(1)} ms`,
    );
  }
  await database.close();
  await rm(folder, { recursive: true, force: true });
}

await main();
