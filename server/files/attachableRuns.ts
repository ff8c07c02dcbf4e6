import type { AttachableRun } from '../../contract/adFiles';
import { placementSheet } from '../catalogue/sheet';
import { findMediaMany } from '../data/catalogue';
import { runsOfOrders } from '../data/orderRuns';
import { liveOrders } from '../data/orders';
import type { Db } from '../db/client';
import { withKeptDue } from '../orders/fulfilment';
import { runsOf } from '../orders/runs';
import { boughtOf } from '../orders/terms';
import { dueOn } from '../orders/views';

/**
 * The runs a file of the library can be attached to: each dated run of the company's live orders whose
 * ad is not due yet, with the spec sheet its placement takes (a file is offered the runs of its own
 * sheet; attaching checks it again against the run's placement). Design work takes no file.
 */
export async function attachableRuns(db: Db, companyId: number, now: Date): Promise<AttachableRun[]> {
  const records = await liveOrders(db, companyId, now);
  const placements = await findMediaMany(
    db,
    records.map((r) => r.item.mediacode),
  );
  const kept = await runsOfOrders(
    db,
    records.map((r) => r.order.id),
  );
  const runs: AttachableRun[] = [];
  for (const { order, item } of records) {
    const placement = placements.get(item.mediacode) ?? null;
    const sheet = placement ? placementSheet(placement) : null;
    if (!placement || !sheet) continue;
    const computed = runsOf(boughtOf(item, placement, order.placedAt, order.totalCents));
    // The ad-due day kept when the order was placed (issue 31).
    for (const run of withKeptDue(computed, kept.get(order.id) ?? [])) {
      if (run.value === null || now > run.adDue) continue;
      runs.push({
        order: order.number,
        run: run.value,
        run_label: run.label,
        placement: placement.name,
        sheet,
        ad_due: dueOn(run.adDue, now),
      });
    }
  }
  return runs;
}
