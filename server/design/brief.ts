import type { BriefFileRow, BriefRow, DesignRows, ProofRow } from '../data/design';

/** The rules of a design round: what a brief needs, and which proof the customer can answer. */

/**
 * What a brief still needs before the studio can start, as one sentence, or null: something to say
 * (the offer or notes) and a logo.
 */
export function briefMissing(
  fields: { offer: string; notes: string },
  files: readonly BriefFileRow[],
): string | null {
  const missing: string[] = [];
  if (!fields.offer.trim() && !fields.notes.trim())
    missing.push('say what the ad offers (or write notes for the studio)');
  if (!files.some((file) => file.role === 'logo')) missing.push('add your logo');
  return missing.length === 0 ? null : `Before sending the brief, ${missing.join(' and ')}.`;
}

/** Why the brief cannot change any more, or null while it is a draft. */
export const briefLocked = (brief: BriefRow | null): string | null =>
  brief?.submittedAt ? 'Your brief is with our studio: ask for changes on a proof instead.' : null;

/** Why the customer cannot answer proof `proof` now, or null: only the newest proof, once. */
export function decisionRefusal(rows: DesignRows, proof: ProofRow): string | null {
  if (rows.proofs.some((p) => p.decision === 'approved'))
    return 'A proof is approved already: the design is done.';
  if (proof.decision !== null) return `You answered proof ${proof.number} already.`;
  const newest = rows.proofs.at(-1);
  if (newest && newest.number !== proof.number)
    return `Proof ${proof.number} was replaced by proof ${newest.number}: answer the newest one.`;
  return null;
}

/** Why the studio cannot upload a proof now, or null. */
export function proofRefusal(rows: DesignRows): string | null {
  if (!rows.brief?.submittedAt) return 'The customer has not sent the brief yet: a proof answers a brief.';
  const approved = rows.proofs.find((p) => p.decision === 'approved');
  if (approved) return `Proof ${approved.number} is approved: the design is done.`;
  return null;
}
