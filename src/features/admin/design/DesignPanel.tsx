import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { createActor } from 'xstate';
import type { DesignView } from '../../../../contract/design';
import { adminFile } from '../../../api/admin/client';
import { useLoadedApp } from '../../../system/AppContext';
import { designPanelLogic } from '../../../system/admin/design';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { pickFile } from '../../../system/pickedFiles';
import { Button } from '../../../ui/Button';
import { DownloadButton } from '../../../ui/DownloadButton';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { Spinner } from '../../../ui/Spinner';

const ROLE_LABELS = { logo: 'Logo', photo: 'Photo', other: 'Other file' } as const;

/** A file of the back office, fetched with the staff sign-in. */
const adminFileAt = (url: string, name: string) => () =>
  adminFile(url.replace(/^\/api\/v1\/admin/, ''), {}, name);

const linkButton = 'font-semibold text-primary-700 underline';

function Brief({ design }: { design: DesignView }) {
  const { brief } = design;
  return (
    <section aria-labelledby="admin-design-brief" className="grid gap-2">
      <h3 id="admin-design-brief" className="font-bold text-ink">
        Brief
      </h3>
      {brief.submitted_at ? null : (
        <p className="text-sm text-ink-muted">The customer has not sent the brief yet.</p>
      )}
      <dl className="grid gap-1 text-[15px] [overflow-wrap:anywhere]">
        <dt className="text-sm font-semibold text-ink-muted">Offer</dt>
        <dd>{brief.offer || '—'}</dd>
        <dt className="text-sm font-semibold text-ink-muted">Colours</dt>
        <dd>{brief.colours || '—'}</dd>
        <dt className="text-sm font-semibold text-ink-muted">Notes</dt>
        <dd>{brief.notes || '—'}</dd>
      </dl>
      <ul className="grid gap-1 text-sm">
        {design.files.map((file) => (
          <li key={file.id}>
            {ROLE_LABELS[file.role]}:{' '}
            <DownloadButton
              className={linkButton}
              fetchFile={adminFileAt(file.url, file.name)}
              filename={file.name}
            >
              {file.name}
            </DownloadButton>{' '}
            ({file.size_formatted})
          </li>
        ))}
      </ul>
    </section>
  );
}

function Proofs({ design }: { design: DesignView }) {
  if (design.proofs.length === 0) return <p className="text-sm text-ink-muted">No proof uploaded yet.</p>;
  return (
    <ol className="grid gap-2 text-sm">
      {design.proofs.map((proof) => (
        <li key={proof.number} className="rounded-xl border border-primary-100 p-3">
          <span className="font-semibold">Proof {proof.number}</span>:{' '}
          <DownloadButton
            className={linkButton}
            fetchFile={adminFileAt(proof.url, proof.name)}
            filename={proof.name}
          >
            {proof.name}
          </DownloadButton>
          {proof.note ? <p>{proof.note}</p> : null}
          <p className="text-ink-soft">
            {proof.decision === 'approved'
              ? 'Approved by the customer.'
              : proof.decision === 'changes'
                ? `Changes asked: ${proof.comment ?? ''}`
                : 'Waiting for the customer.'}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The studio's panel of a design order (on the admin order page): the brief, the proofs, "Upload proof". */
export function DesignPanel({ orderNumber }: { orderNumber: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(designPanelLogic(), { ...app.actorOptions, input: { number: orderNumber } }),
  );
  const state = useSelector(actor, (s) => s.value);
  const { view, note, error, done, file } = useSelector(actor, (s) => s.context);
  const inputId = useId();
  if (state === 'loading') return <Spinner label="Loading the design brief" />;
  if (!view)
    return (
      <div className="grid gap-2">
        <FormAlert tone="error">{error}</FormAlert>
        <div>
          <Button onClick={() => actor.send({ type: 'panel.retry' })}>Try again</Button>
        </div>
      </div>
    );
  const uploading = state === 'uploading';
  const canUpload = view.brief.submitted_at !== null && view.state !== 'approved';
  return (
    <section
      aria-labelledby="admin-design"
      className="grid gap-4 rounded-3xl border border-primary-100 bg-white p-6"
    >
      <h2 id="admin-design" className="text-lg font-bold text-ink">
        Design service
      </h2>
      <Brief design={view} />
      <Proofs design={view} />
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {canUpload ? (
        <form
          // A new proof empties the form (the file input keeps no value React could clear).
          key={view.proofs.length}
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'proof.upload' });
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-bold text-ink">
              Proof file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".pdf,.png,.jpg,.jpeg"
              // A file input is as wide as its font makes it (331 px at 16 px, more than a card has at
              // 390 px, so every card of the page stuck out): smaller, and never wider than its card.
              className="max-w-full text-sm"
              disabled={uploading}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                actor.send({ type: 'proof.pick', file: picked ? pickFile(picked) : null });
              }}
            />
          </div>
          <TextField
            label="Note"
            name="note"
            value={note}
            onValueChange={(text) => actor.send({ type: 'proof.note', text })}
          />
          <div>
            <Button type="submit" inactive={uploading || file === null}>
              {uploading ? 'Uploading…' : 'Upload proof'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
