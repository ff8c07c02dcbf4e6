import type { DesignView } from '../../../../contract/design';
import { DesignBrief } from './DesignBrief';
import { ProofRound } from './ProofRound';
import { useDesign, useProofRoundActor } from './useProofRound';

/** A design order's brief and proofs on its page, in place of an ad file to send. */
export function DesignRound({
  number,
  design,
  onApproved,
}: {
  number: string;
  design: DesignView;
  /** The approved proof is the run's ad now: the order is read again. */
  onApproved: () => void;
}) {
  const actor = useProofRoundActor(number, design, onApproved);
  const current = useDesign(actor);
  return (
    <div className="grid gap-6 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm">
      <DesignBrief actor={actor} design={current} />
      {current.state === 'brief' ? null : <ProofRound actor={actor} design={current} />}
    </div>
  );
}
