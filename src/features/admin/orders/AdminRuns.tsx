import { format } from 'date-fns';
import { useState } from 'react';
import type { AdminOrder } from '../../../../contract/adminOrders';
import type { RunProof } from '../../../../contract/orders';
import { fetchAdminProof } from '../../../api/admin/orders';
import { saveFile } from '../../../lib/saveFile';
import { viewFile } from '../../../lib/viewFile';
import { Button } from '../../../ui/Button';
import { AdDue, StatusPill } from '../../orders/OrderRow';
import { spanInWords } from '../../orders/orderWords';

const dayOf = (at: string) => format(new Date(at), 'MMM d, yyyy');

function AdminProof({ number, run, proof }: { number: string; run: string; proof: RunProof }) {
  const [problem, setProblem] = useState<string | null>(null);
  const fetchIt = async () => {
    const answer = await fetchAdminProof(number, run, proof.id, proof.name);
    if (answer.ok) return answer.blob;
    setProblem(answer.message);
    return null;
  };
  return (
    <li className="flex flex-wrap items-baseline gap-x-3">
      <a
        href={proof.url}
        onClick={(event) => {
          event.preventDefault();
          void viewFile(fetchIt);
        }}
        className="font-semibold text-primary-700 underline"
      >
        View {proof.label}
      </a>
      <button
        type="button"
        className="text-primary-700 underline"
        aria-label={`Download ${proof.label} ${proof.name}`}
        onClick={async () => {
          const blob = await fetchIt();
          if (blob) saveFile(blob, proof.name);
        }}
      >
        Download
      </button>
      <span className="text-ink-muted">{proof.details ?? proof.name}</span>
      {problem ? (
        <span role="alert" className="text-coral-700">
          {problem}
        </span>
      ) : null}
    </li>
  );
}

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
                <p>
                  {run.booking.state === 'confirmed'
                    ? `Booked with reference ${run.booking.reference}${run.booking.at ? ` on ${dayOf(run.booking.at)}` : ''}`
                    : 'Not booked yet'}
                </p>
                <p>
                  {run.delivery.state === 'delivered' && run.delivery.at
                    ? `Delivered on ${dayOf(run.delivery.at)}`
                    : 'Not delivered yet'}
                </p>
                {run.delivery.proofs.length > 0 ? (
                  <ul aria-label={`Proofs of ${run.label}`} className="grid gap-1">
                    {run.delivery.proofs.map((proof) => (
                      <AdminProof key={proof.id} number={order.number} run={key} proof={proof} />
                    ))}
                  </ul>
                ) : null}
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
