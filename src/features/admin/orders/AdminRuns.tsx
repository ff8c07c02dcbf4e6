import type { AdminOrder } from '../../../../contract/adminOrders';
import { fetchAdminProof } from '../../../api/admin/orders';
import { Button } from '../../../ui/Button';
import { AdDue, StatusPill } from '../../orders/OrderRow';
import { spanInWords } from '../../orders/orderWords';
import { RunFulfilment } from '../../orders/RunFulfilment';

/** The order's runs as production works them: booking, delivery, proofs, and "Mark delivered". */
export function AdminRuns({ order, onDeliver }: { order: AdminOrder; onDeliver(run: string): void }) {
  const deliverable = order.proof_kinds.length > 0 && order.status !== 'cancelled';
  return (
    <section aria-labelledby="admin-runs" className="rounded-3xl border border-primary-100 bg-white p-6">
      <h2 id="admin-runs" className="text-lg font-bold text-ink">
        Runs
      </h2>
      <ul aria-label="Runs" className="mt-3 divide-y divide-primary-50">
        {order.runs.map((run) => {
          const key = run.value ?? 'design';
          return (
            <li key={key} className="grid gap-2 py-3 tb:grid-cols-[1fr_auto] tb:items-start">
              <div className="grid gap-1 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-base font-semibold text-ink">{run.label}</h3>
                  <StatusPill status={run.status} />
                </div>
                <p className="text-ink-soft">{spanInWords(run)}</p>
                {run.ad_due ? (
                  <p className="text-ink-muted">
                    Ad due: <AdDue due={run.ad_due} />
                    {run.ad_file ? ` · ad file: ${run.ad_file.state}` : null}
                  </p>
                ) : null}
                <RunFulfilment
                  number={order.number}
                  run={run}
                  fetchProof={fetchAdminProof}
                  pending={{ booking: 'Not booked yet', delivery: 'Not delivered yet' }}
                />
              </div>
              {deliverable ? (
                <Button variant="secondary" onClick={() => onDeliver(key)}>
                  Mark delivered
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
