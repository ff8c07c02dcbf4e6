import { Upload } from 'lucide-react';
import type { OrderDetail } from '../../../contract/orders';
import { AdDue, StatusPill } from './OrderRow';
import { spanInWords } from './orderWords';

/**
 * Every run of an order with its dates, its ad deadline and its price, and a place for its ad file
 * (the upload arrives with the ad files work, issue 16).
 */
export function OrderRuns({ order }: { order: OrderDetail }) {
  const waiting = order.status === 'upcoming' || order.status === 'running';
  return (
    <section
      aria-labelledby="order-runs"
      className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2 id="order-runs" className="text-lg font-bold text-ink">
        Runs and ad deadlines
      </h2>
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
              <p className="text-sm text-ink-muted">
                Ad due: <AdDue due={run.ad_due} />
              </p>
            </div>
            <div className="flex items-center justify-between gap-4 tb:flex-col tb:items-end">
              <p className="font-bold text-primary-900">{run.price_formatted}</p>
              {run.status === 'upcoming' && waiting ? (
                <p className="inline-flex items-center gap-1.5 rounded-full bg-cream px-2.5 py-1 text-xs font-semibold text-ink-soft">
                  <Upload aria-hidden="true" className="size-3.5" />
                  Ad file: not uploaded yet
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
