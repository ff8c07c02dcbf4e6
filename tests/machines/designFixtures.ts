import type { DesignView } from '../../contract/design';

/** A design round as the API answers it; each test changes only what it reads. */
export function designOf(fields: Partial<DesignView> = {}): DesignView {
  return {
    state: 'brief',
    brief: {
      offer: '',
      colours: '',
      notes: '',
      submitted_at: null,
      due: { date: '2027-01-12', days_left: 1 },
    },
    files: [],
    proofs: [],
    ...fields,
  };
}

/** Proof `number` of the studio, undecided unless said. */
export const proofOf = (number: number, decision: 'approved' | 'changes' | null = null) => ({
  number,
  name: `proof-${number}.pdf`,
  url: `/api/v1/orders/AD-27-000001/design/proofs/${number}/file`,
  note: '',
  uploaded_at: '2027-01-12T15:00:00.000Z',
  decision,
  comment: decision === 'changes' ? 'Make the logo larger.' : null,
  decided_at: decision ? '2027-01-12T16:00:00.000Z' : null,
});

/** The round once the brief is sent, with the proofs given. */
export const sentDesign = (proofs: ReturnType<typeof proofOf>[] = []): DesignView =>
  designOf({
    state: proofs.some((p) => p.decision === 'approved')
      ? 'approved'
      : proofs.at(-1)?.decision === null
        ? 'review'
        : 'waiting-for-proof',
    brief: { offer: '20% off', colours: '', notes: '', submitted_at: '2027-01-11T10:00:00.000Z', due: null },
    proofs,
  });
