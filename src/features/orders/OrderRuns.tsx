import type { OrderDetail } from '../../../contract/orders';
import { ApprovedFilesZip } from '../files/ApprovedFilesZip';
import { AdDue, StatusPill } from './OrderRow';
import { spanInWords } from './orderWords';
import { RunAd } from './RunAd';
import { RunFulfilment } from './RunFulfilment';

/** Every run of an order with its dates, its ad deadline, its price, and its ad file. */
export function OrderRuns({ order, onFilesChanged }: { order: OrderDetail; onFilesChanged(): void }) {
  const waiting = order.status === 'upcoming' || order.status === 'running';
  return (
    <section
      aria-labelledby="order-runs"
      className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="order-runs" className="text-lg font-bold text-ink">
          Runs and ad deadlines
        </h2>
        {order.runs.some((run) => run.ad_file?.state === 'approved') ? (
          <ApprovedFilesZip number={order.number} />
        ) : null}
      </div>
      <ul aria-label="Runs" className="mt-3 divide-y divide-primary-50">
        {order.runs.map((run) => (
          <li
            key={run.value ?? run.starts}
            className="grid gap-2 py-3 tb:grid-cols-[1fr_auto] tb:items-center"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-ink">{run.label}</h3>
                <StatusPill status={run.status} />
              </div>
              <p className="text-sm text-ink-soft">{spanInWords(run)}</p>
              {run.ad_due ? (
                <p className="text-sm text-ink-muted">
                  Ad due: <AdDue due={run.ad_due} />
                </p>
              ) : null}
              <RunFulfilment number={order.number} run={run} />
            </div>
            <div className="flex items-center justify-between gap-4 tb:flex-col tb:items-end">
              <p className="font-bold text-primary-900">{run.price_formatted}</p>
            </div>
            <div className="tb:col-span-2">
              <RunAd
                number={order.number}
                run={run}
                canSend={waiting && run.status === 'upcoming'}
                onChanged={onFilesChanged}
                others={order.runs}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
