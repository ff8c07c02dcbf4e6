import { formatCount } from '../../contract/money';
import { PROOF_KIND_LABELS, type RunBooking, type RunDelivery, type RunProof } from '../../contract/orders';
import { dayInWords } from '../../contract/schedule';
import { type OrderRunRow, type RunProofRow, runKeyOf } from '../data/orderRuns';
import type { Run } from './runs';

/** What the back office did for an order's runs, as kept in order_runs and run_proofs (issue 31). */
export interface KeptRuns {
  rows: readonly OrderRunRow[];
  /** Newest first. */
  proofs: readonly RunProofRow[];
  /** Where a proof is downloaded: the customer's address, or the back office's. */
  proofUrl: (run: string, id: string) => string;
}

export const NOTHING_KEPT: KeptRuns = { rows: [], proofs: [], proofUrl: () => '' };

/**
 * The runs with the ad-due day kept when the order was placed: a later change of the placement's lead
 * time moves the computed one, never a placed run's.
 */
export function withKeptDue(runs: readonly Run[], rows: readonly OrderRunRow[]): Run[] {
  const kept = new Map(rows.map((row) => [row.run, row]));
  return runs.map((run) => {
    const row = kept.get(runKeyOf(run));
    return row ? { ...run, adDue: row.adDueAt } : run;
  });
}

/** "Dropped Jan 19, 2027, 5,000 pieces", "41,250 impressions in 7 rows": what the details of a proof say. */
export function proofDetailsInWords(row: Pick<RunProofRow, 'kind' | 'details'>): string | null {
  const { details } = row;
  if (row.kind === 'drop-confirmation' && typeof details.dropped_on === 'string')
    return `Dropped ${dayInWords(details.dropped_on)}, ${formatCount(Number(details.pieces ?? 0))} pieces`;
  if (row.kind === 'delivery-report' && details.impressions !== undefined)
    return `${formatCount(Number(details.impressions))} impressions`;
  return null;
}

export function bookingOf(row: OrderRunRow | undefined): RunBooking {
  return row?.bookingRef
    ? { state: 'confirmed', reference: row.bookingRef, at: row.bookedAt?.toISOString() ?? null }
    : { state: 'pending', reference: null, at: null };
}

export function deliveryOf(row: OrderRunRow | undefined, kept: KeptRuns): RunDelivery {
  if (!row) return { state: 'pending', at: null, proofs: [] };
  const proofs = kept.proofs
    .filter((proof) => proof.run === row.run)
    .map(
      (proof): RunProof => ({
        id: proof.id,
        kind: proof.kind,
        label: PROOF_KIND_LABELS[proof.kind],
        name: proof.fileName,
        details: proofDetailsInWords(proof),
        url: kept.proofUrl(row.run, proof.id),
      }),
    );
  return row.deliveredAt
    ? { state: 'delivered', at: row.deliveredAt.toISOString(), proofs }
    : { state: 'pending', at: null, proofs };
}

const latestOf = (dates: readonly (Date | null)[]): Date | null => {
  if (dates.length === 0 || dates.some((d) => d === null)) return null;
  return new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));
};

/** When every run was booked, and when every run was delivered (the last of them), or null. */
export function fulfilledAt(rows: readonly OrderRunRow[]): {
  bookedAt: Date | null;
  deliveredAt: Date | null;
} {
  return {
    bookedAt: latestOf(rows.map((row) => (row.bookingRef ? row.bookedAt : null))),
    deliveredAt: latestOf(rows.map((row) => row.deliveredAt)),
  };
}
