import type { DesignView } from '../../../../contract/design';
import { callFile } from '../../../api/client';
import { Button } from '../../../ui/Button';
import { DownloadButton } from '../../../ui/DownloadButton';
import { FormAlert } from '../../../ui/form/FormAlert';
import { instantInWords } from '../orderWords';
import { TextArea } from './TextArea';
import {
  type ProofRoundActor,
  useProofComment,
  useProofRoundBusy,
  useProofRoundError,
  useWritingChanges,
} from './useProofRound';

type Proof = DesignView['proofs'][number];

/** A link cannot carry the sign-in: the proof is fetched with it. */
const proofFile = (proof: Proof) => () => callFile(proof.url.replace(/^\/api\/v1/, ''), {}, proof.name);

function Answer({ actor }: { actor: ProofRoundActor }) {
  const busy = useProofRoundBusy(actor);
  const writing = useWritingChanges(actor);
  const comment = useProofComment(actor);
  if (writing)
    return (
      <div className="grid gap-3">
        <TextArea
          label="What should change?"
          value={comment}
          disabled={busy}
          onValueChange={(text) => actor.send({ type: 'proof.comment', text })}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            inactive={busy || !comment.trim()}
            onClick={() => actor.send({ type: 'proof.sendChanges' })}
          >
            {busy ? 'Sending…' : 'Send changes'}
          </Button>
          <Button
            variant="secondary"
            inactive={busy}
            onClick={() => actor.send({ type: 'proof.cancelChanges' })}
          >
            Keep the proof as it is
          </Button>
        </div>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button inactive={busy} onClick={() => actor.send({ type: 'proof.approve' })}>
        {busy ? 'Approving…' : 'Approve this proof'}
      </Button>
      <Button variant="secondary" inactive={busy} onClick={() => actor.send({ type: 'proof.askChanges' })}>
        Ask for changes
      </Button>
    </div>
  );
}

function ProofCard({
  proof,
  actor,
  answerable,
}: {
  proof: Proof;
  actor: ProofRoundActor;
  answerable: boolean;
}) {
  const headingId = `proof-${proof.number}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-2xl border border-primary-100 p-4">
      <h3 id={headingId} className="font-bold text-ink">
        Proof {proof.number}
      </h3>
      <p className="text-sm text-ink-soft">
        <DownloadButton
          fetchFile={proofFile(proof)}
          filename={proof.name}
          className="font-semibold text-primary-700 underline"
        >
          Download {proof.name}
        </DownloadButton>{' '}
        · {instantInWords(proof.uploaded_at)}
      </p>
      {proof.note ? <p className="text-[15px]">{proof.note}</p> : null}
      {proof.decision === 'approved' ? (
        <p className="font-semibold text-mint-700">Approved: this is your ad.</p>
      ) : null}
      {proof.decision === 'changes' ? (
        <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">
          You asked for changes: {proof.comment}
        </p>
      ) : null}
      {answerable ? <Answer actor={actor} /> : null}
    </section>
  );
}

/** The studio's proofs, newest first; the newest undecided one can be approved or sent back with a comment. */
export function ProofRound({ actor, design }: { actor: ProofRoundActor; design: DesignView }) {
  const error = useProofRoundError(actor);
  const newest = design.proofs.at(-1);
  return (
    <section aria-labelledby="design-proofs" className="grid gap-3">
      <h2 id="design-proofs" className="text-lg font-bold text-ink">
        Proofs from our studio
      </h2>
      {design.state === 'waiting-for-proof' ? (
        <p className="text-sm text-ink-soft" role="status">
          Our studio is working on {newest ? 'your changes' : 'your first proof'}: we e-mail you when it is
          ready.
        </p>
      ) : null}
      {error && design.state === 'review' ? <FormAlert tone="error">{error}</FormAlert> : null}
      {[...design.proofs].reverse().map((proof) => (
        <ProofCard
          key={proof.number}
          proof={proof}
          actor={actor}
          answerable={design.state === 'review' && proof.number === newest?.number}
        />
      ))}
    </section>
  );
}
