import { format } from 'date-fns';
import { useState } from 'react';
import type { OrderRun, RunProof } from '../../../contract/orders';
import type { FileAnswer } from '../../api/client';
import { fetchRunProof } from '../../api/orders';
import { saveFile } from '../../lib/saveFile';
import { viewFile } from '../../lib/viewFile';

/** An instant's local day in words: "Mar 5, 2027". */
const dayOf = (at: string) => format(new Date(at), 'MMM d, yyyy');

/** How a page fetches a proof's bytes: the customer's address, or the back office's. */
type FetchProof = (number: string, run: string, id: string, name: string) => Promise<FileAnswer>;

/** One proof: "View tear sheet" opens it, "Download" keeps it. */
function ProofLinks({
  number,
  run,
  proof,
  fetchProof,
}: {
  number: string;
  run: string;
  proof: RunProof;
  fetchProof: FetchProof;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const fetchIt = async () => {
    const answer = await fetchProof(number, run, proof.id, proof.name);
    if (answer.ok) return answer.blob;
    setProblem(answer.message);
    return null;
  };
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <a
        href={proof.url}
        onClick={(event) => {
          event.preventDefault();
          setProblem(null);
          void viewFile(fetchIt);
        }}
        className="font-semibold text-primary-700 underline"
      >
        View {proof.label}
      </a>
      <button
        type="button"
        onClick={async () => {
          setProblem(null);
          const blob = await fetchIt();
          if (blob) saveFile(blob, proof.name);
        }}
        className="text-primary-700 underline"
        aria-label={`Download ${proof.label} ${proof.name}`}
      >
        Download
      </button>
      {proof.details ? <span className="text-ink-muted">{proof.details}</span> : null}
      {problem ? (
        <span role="alert" className="text-coral-700">
          {problem}
        </span>
      ) : null}
    </li>
  );
}

/**
 * What the back office did for a run: booked with the publisher, delivered with its proofs. The
 * customer's page says nothing until then; the back office's (`pending` given) says what is still to do.
 */
export function RunFulfilment({
  number,
  run,
  fetchProof = fetchRunProof,
  pending,
}: {
  number: string;
  run: OrderRun;
  fetchProof?: FetchProof;
  pending?: { booking: string; delivery: string };
}) {
  const { booking, delivery } = run;
  const nothingYet =
    booking.state === 'pending' && delivery.state === 'pending' && delivery.proofs.length === 0;
  if (nothingYet && !pending) return null;
  return (
    <div className="grid gap-1 text-sm text-ink-soft">
      {booking.state === 'confirmed' ? (
        <p>
          Booked with reference <span className="font-semibold text-ink">{booking.reference}</span>
          {booking.at ? ` on ${dayOf(booking.at)}` : null}
        </p>
      ) : pending ? (
        <p>{pending.booking}</p>
      ) : null}
      {delivery.state === 'delivered' && delivery.at ? (
        <p>Delivered on {dayOf(delivery.at)}</p>
      ) : pending ? (
        <p>{pending.delivery}</p>
      ) : null}
      {delivery.proofs.length > 0 ? (
        <ul aria-label={`Proofs of ${run.label}`} className="grid gap-1">
          {delivery.proofs.map((proof) => (
            <ProofLinks
              key={proof.id}
              number={number}
              run={run.value ?? 'design'}
              proof={proof}
              fetchProof={fetchProof}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
