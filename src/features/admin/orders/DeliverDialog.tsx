import { useState } from 'react';
import type { OrderRun, ProofKind } from '../../../../contract/orders';
import type { ProofUpload } from '../../../../machines/admin/adminOrder.machine';
import { ActionDialog } from './ActionDialog';
import { PROOF_KIND_TITLES } from './adminWords';
import { Labelled } from './Labelled';

const field = 'h-10 rounded-button border border-primary-200 px-3';
const label = 'grid gap-1 text-sm font-semibold text-ink';

/** "Mark delivered": a run's proof, of a kind its channel takes, with a drop's date and pieces. */
export function DeliverDialog({
  run,
  kinds,
  busy,
  error,
  onDeliver,
  onClose,
}: {
  /** The run to deliver; null: closed. */
  run: OrderRun | null;
  kinds: readonly ProofKind[];
  busy: boolean;
  error: string | null;
  onDeliver(proof: ProofUpload): void;
  onClose(): void;
}) {
  const [kind, setKind] = useState<ProofKind | ''>(kinds.length === 1 ? (kinds[0] ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const [droppedOn, setDroppedOn] = useState('');
  const [pieces, setPieces] = useState('');
  return (
    <ActionDialog
      open={run !== null}
      title={`Mark ${run?.label ?? 'the run'} delivered`}
      submitLabel="Upload proof"
      busy={busy}
      error={error}
      onSubmit={() => {
        if (!run || !file || !kind) return;
        onDeliver({
          run: run.value ?? 'design',
          kind,
          file,
          ...(kind === 'drop-confirmation' && droppedOn ? { droppedOn } : {}),
          ...(kind === 'drop-confirmation' && pieces ? { pieces: Number(pieces) } : {}),
        });
      }}
      onClose={onClose}
    >
      <Labelled label="Kind" className={label}>
        {(id) => (
          <select
            id={id}
            value={kind}
            onChange={(e) => setKind(e.target.value as ProofKind)}
            required
            className={field}
          >
            <option value="">Choose…</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {PROOF_KIND_TITLES[k]}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Labelled label="Proof" className={label}>
        {(id) => (
          <input
            id={id}
            type="file"
            required
            accept={kind === 'delivery-report' ? '.csv,text/csv' : 'application/pdf,image/jpeg,image/png'}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
          />
        )}
      </Labelled>
      {kind === 'drop-confirmation' ? (
        <>
          <Labelled label="Drop date" className={label}>
            {(id) => (
              <input
                id={id}
                type="date"
                required
                value={droppedOn}
                onChange={(e) => setDroppedOn(e.target.value)}
                className={field}
              />
            )}
          </Labelled>
          <Labelled label="Pieces" className={label}>
            {(id) => (
              <input
                id={id}
                type="number"
                min={1}
                required
                value={pieces}
                onChange={(e) => setPieces(e.target.value)}
                className={field}
              />
            )}
          </Labelled>
        </>
      ) : null}
    </ActionDialog>
  );
}
