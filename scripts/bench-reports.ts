/**
 * `npx tsx scripts/bench-reports.ts`: how long the sales report's sums take on a busy database. On a
 * copy of the seeded embedded database it writes `--orders` orders (default 20,000) spread over 24
 * months across the seeded companies and placements, each with two runs on one invoice of its own, a
 * tenth cancelled and a rep on a third, then runs the sales report (booked, delivered, collected and
 * the merge, as GET /admin/reports/sales does them) `--n` times per grouping (default 20) and prints
 * the median and p90 in milliseconds.
 */
import { sql } from 'drizzle-orm';
import { periodOf, SALES_GROUPS, type SalesGroup } from '../contract/adminReports';
import { salesReportOf } from '../server/admin/reportViews';
import { bookedSums, boundsOf, collectedByMonth, deliveredSums } from '../server/data/salesReport';
import { openPglite } from '../server/db/client';
import { loadPgliteTemplate, pgliteTemplate } from '../tests/support/pgliteTemplate';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ORDERS = arg('orders', 20_000);
const N = arg('n', 20);
// The orders fill the two years before now, and the report asks for its default period (the last 12
// months), as the page does: the figures follow the clock, whatever the year.
const NOW = new Date();

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

const database = await openPglite({ instance: await loadPgliteTemplate(await pgliteTemplate()) });
const { db } = database;
const started = performance.now();
// One statement per table, each row derived from its number `i`: the same data on every run.
await db.execute(sql`insert into staff (email, name, role, password_hash, totp_secret)
  select 'bench-rep-' || r || '@staff.test', 'Bench Rep ' || r, 'rep', 'x', 'x' from generate_series(1, 5) r`);
await db.execute(sql`create temporary table bench as
  select i, gen_random_uuid() as cart, (select array_agg(id order by id) from companies) as companies,
    (select array_agg(mediacode order by mediacode) from media where published) as codes,
    (select array_agg(id order by email) from staff where email like 'bench-rep-%') as reps,
    ${NOW.toISOString()}::timestamptz - (i % 730) * interval '1 day' as placed
  from generate_series(1, ${ORDERS}) i`);
await db.execute(sql`insert into carts (uuid, status, placed_at) select cart, 'placed', placed from bench`);
await db.execute(sql`insert into cart_items (cart_uuid, mediacode, dates, quantity, price_cents, created_at)
  select cart, codes[1 + i % array_length(codes, 1)], '[]'::jsonb, 1, 10000 + (i % 97) * 1234, placed - interval '1 hour' from bench`);
await db.execute(sql`insert into invoices (number, company_id, cart_uuid, bill_to, issued_at, due_at)
  select 'INV-B-' || i, companies[1 + i % array_length(companies, 1)], cart, '{}'::jsonb, placed, placed + interval '30 days' from bench`);
await db.execute(sql`insert into orders (cart_uuid, cart_item_id, company_id, number, billing, total_cents, placed_at,
    cancelled_at, invoice_id, rep_staff_id)
  select b.cart, ci.id, inv.company_id, 'AD-B-' || b.i, '{}'::jsonb, ci.price_cents, b.placed,
    case when b.i % 10 = 0 then b.placed + interval '2 days' end, inv.id,
    case when b.i % 3 = 0 then b.reps[1 + b.i % 5] end
  from bench b join cart_items ci on ci.cart_uuid = b.cart join invoices inv on inv.cart_uuid = b.cart`);
await db.execute(sql`insert into order_runs (order_id, run, label, starts_at, ends_at, ad_due_at)
  select o.id, to_char(o.placed_at + (w * 7 + 14) * interval '1 day', 'YYYY-MM-DD'), 'Week ' || w,
    o.placed_at + (w * 7 + 14) * interval '1 day', o.placed_at + (w * 7 + 20) * interval '1 day',
    o.placed_at + (w * 7 + 10) * interval '1 day'
  from orders o cross join generate_series(0, 1) w where o.number like 'AD-B-%'`);
await db.execute(sql`analyze`);
console.log(`Wrote ${ORDERS} orders with two runs each in ${Math.round(performance.now() - started)} ms.`);

const period = periodOf({}, NOW);
if ('error' in period) throw new Error(period.error);
const bounds = boundsOf(period.from, period.to);
const run = async (by: SalesGroup) =>
  salesReportOf(period, by, {
    booked: await bookedSums(db, by, bounds, undefined),
    delivered: await deliveredSums(db, by, bounds, NOW, undefined),
    collected: by === 'month' ? await collectedByMonth(db, bounds, undefined) : null,
  });

for (const by of SALES_GROUPS) {
  await run(by); // warm-up
  const times: number[] = [];
  for (let i = 0; i < N; i += 1) {
    const t = performance.now();
    await run(by);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const report = await run(by);
  console.log(
    `sales by ${by.padEnd(7)} ${report.rows.length} rows, booked ${report.totals.booked_cents} ¢: median ${quantile(times, 0.5).toFixed(1)} ms, p90 ${quantile(times, 0.9).toFixed(1)} ms over ${N} runs`,
  );
}
await database.close();
