import { asc, desc, eq, inArray } from 'drizzle-orm';
import { DESIGN_RUN } from '../../contract/design';
import type { Db } from '../db/client';
import { orderRuns, runProofs } from '../db/schema';
import type { Run } from '../orders/runs';

export type OrderRunRow = typeof orderRuns.$inferSelect;

/** The key of design work's one undated run in order_runs (and in the back office's addresses). */
export { DESIGN_RUN };

/** A run's key in order_runs: its date as bought, or `design`. */
export const runKeyOf = (run: Pick<Run, 'value'>) => run.value ?? DESIGN_RUN;

/** Keeps an order's runs as placed: their dates and ad-due days no longer follow catalogue edits. */
export async function writeOrderRuns(tx: Db, orderId: number, runs: readonly Run[]): Promise<void> {
  if (runs.length === 0) return;
  await tx
    .insert(orderRuns)
    .values(
      runs.map((run) => ({
        orderId,
        run: runKeyOf(run),
        label: run.label,
        startsAt: run.starts,
        endsAt: run.ends,
        adDueAt: run.adDue,
      })),
    )
    .onConflictDoNothing();
}

/** The kept runs of orders, by order id, in date order. */
export async function runsOfOrders(db: Db, ids: readonly number[]): Promise<Map<number, OrderRunRow[]>> {
  const found = new Map<number, OrderRunRow[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(orderRuns)
    .where(inArray(orderRuns.orderId, [...ids]))
    .orderBy(asc(orderRuns.orderId), asc(orderRuns.startsAt), asc(orderRuns.run));
  for (const row of rows) found.set(row.orderId, [...(found.get(row.orderId) ?? []), row]);
  return found;
}

export type RunProofRow = typeof runProofs.$inferSelect;

/** An order's kept runs, in date order, and the proofs of their delivery, newest first. */
export async function keptRunsOf(
  db: Db,
  orderId: number,
): Promise<{ rows: OrderRunRow[]; proofs: RunProofRow[] }> {
  const [rows, proofs] = await Promise.all([
    runsOfOrders(db, [orderId]),
    db
      .select()
      .from(runProofs)
      .where(eq(runProofs.orderId, orderId))
      .orderBy(desc(runProofs.uploadedAt), desc(runProofs.id)),
  ]);
  return { rows: rows.get(orderId) ?? [], proofs };
}
