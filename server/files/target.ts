import { eq } from 'drizzle-orm';
import { type Deliverable, type InchSize, requirementsOf } from '../../contract/specRequirements';
import { placementSheet } from '../catalogue/sheet';
import { SPEC_SHEETS } from '../content/specSheets';
import { findMedia } from '../data/catalogue';
import { findOrder } from '../data/orders';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { orderRunsOf } from '../orders/keptRuns';
import type { Run } from '../orders/runs';

/** What a file is checked against: an order's run (and so its placement's sheet), or a sheet alone. */
export interface CheckTarget {
  order: { id: number; number: string; placement: string; run: Run; cancelled: boolean } | null;
  sheet: string;
  sheetTitle: string;
  deliverables: readonly Deliverable[];
  /** The placement's own trim, when it states one. */
  trim: InchSize | null;
}

export type TargetOutcome =
  | { ok: true; target: CheckTarget }
  | { ok: false; status: 404 | 422; message: string };

const titleOf = (slug: string) => SPEC_SHEETS.find((sheet) => sheet.slug === slug)?.title ?? slug;

/** A spec sheet the customer picked for a file with no order yet. */
export function sheetTarget(slug: string): TargetOutcome {
  const deliverables = requirementsOf(slug);
  if (deliverables.length === 0)
    return {
      ok: false,
      status: 422,
      message: `There is no spec sheet "${slug}" that takes files: pick one of the sheets on /specs.`,
    };
  return {
    ok: true,
    target: { order: null, sheet: slug, sheetTitle: titleOf(slug), deliverables, trim: null },
  };
}

/**
 * An order's run, by the order number and the run's date value (`2027/03`, `2027-01-04`) as the order's
 * page carries it; an order with one run needs no value. Another company's order is as unknown as a
 * made-up one (404).
 */
export async function runTarget(
  db: Db,
  companyId: number,
  wanted: { order: string; run: string | null },
): Promise<TargetOutcome> {
  return (await orderTargets(db, companyId, wanted.order))(wanted.run);
}

/**
 * The targets of one order's runs, its order, placement and runs read once (a file of several runs,
 * a list of files): the run's target by its value, as `runTarget` answers it.
 */
export async function orderTargets(
  db: Db,
  companyId: number,
  order: string,
): Promise<(run: string | null) => TargetOutcome> {
  const number = order.trim().toUpperCase();
  const record = await findOrder(db, companyId, number);
  if (!record)
    return () => ({
      ok: false,
      status: 404,
      message: `There is no order ${number} in your company's orders.`,
    });
  const placement = await findMedia(db, record.item.mediacode);
  const runs = await orderRunsOf(db, record, placement);
  const dated = runs.filter((run) => run.value !== null);
  const [row] = await db
    .select({
      media_type: media.mediaType,
      partner: media.partner,
      specSheet: media.specSheet,
      trim: media.trim,
      name: media.name,
    })
    .from(media)
    .where(eq(media.mediacode, record.item.mediacode))
    .limit(1);
  const sheet = row ? placementSheet(row) : null;
  return (wanted) => {
    const run = wanted ? dated.find((r) => r.value === wanted) : dated.length === 1 ? dated[0] : undefined;
    if (!run) {
      const values = dated.map((r) => `${r.value} (${r.label})`).join(', ');
      return {
        ok: false,
        status: dated.length === 0 ? 422 : 404,
        message:
          dated.length === 0
            ? `Order ${number} has no dated run to send an ad for.`
            : wanted
              ? `Order ${number} has no run ${wanted}: its runs are ${values}.`
              : `Say which run of order ${number} the file is for: ${values}.`,
      };
    }
    if (!sheet)
      return {
        ok: false,
        status: 422,
        message: `Order ${number} is design work: our studio makes its ad, so there is no file to send.`,
      };
    return {
      ok: true,
      target: {
        order: {
          id: record.order.id,
          number,
          placement: row?.name ?? record.item.mediacode,
          run,
          cancelled: record.order.cancelledAt !== null,
        },
        sheet,
        sheetTitle: titleOf(sheet),
        deliverables: requirementsOf(sheet),
        trim: row?.trim ?? null,
      },
    };
  };
}
