import type { ProofKind } from '../../../../contract/orders';

/** A proof's kind as the Kind select offers it: "Tear sheet". */
export const PROOF_KIND_TITLES: Record<ProofKind, string> = {
  'tear-sheet': 'Tear sheet',
  photo: 'Photo',
  'proof-of-play': 'Proof of play',
  'drop-confirmation': 'Drop confirmation',
  'delivery-report': 'Delivery report (CSV with an impressions column)',
};
