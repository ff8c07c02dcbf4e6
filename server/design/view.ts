import type { DesignState, DesignView } from '../../contract/design';
import { byteSize } from '../../contract/specRequirements';
import type { DesignRows } from '../data/design';
import { cleanFileName } from '../files/fileName';
import { dueOn } from '../orders/views';

/** Where a design round stands: the brief, the studio's turn, the customer's turn, done. */
export function designStateOf({ brief, proofs }: DesignRows): DesignState {
  if (!brief?.submittedAt) return 'brief';
  if (proofs.some((proof) => proof.decision === 'approved')) return 'approved';
  const latest = proofs.at(-1);
  return latest && latest.decision === null ? 'review' : 'waiting-for-proof';
}

/**
 * A design order's round as the customer's order page and the back office's panel show it; `base` is
 * the order's design address on that side (`/api/v1/orders/AD-…/design` or the admin one), so each
 * side's links go through its own sign-in. `briefDue`: the design run's materials deadline.
 */
export function designViewOf(rows: DesignRows, briefDue: Date, now: Date, base: string): DesignView {
  const { brief, files, proofs } = rows;
  return {
    state: designStateOf(rows),
    brief: {
      offer: brief?.offer ?? '',
      colours: brief?.colours ?? '',
      notes: brief?.notes ?? '',
      submitted_at: brief?.submittedAt?.toISOString() ?? null,
      due: brief?.submittedAt ? null : dueOn(briefDue, now),
    },
    files: files.map((file) => ({
      id: file.id,
      role: file.role,
      name: cleanFileName(file.fileName),
      size_formatted: byteSize(file.size),
      url: `${base}/files/${file.id}`,
    })),
    proofs: proofs.map((proof) => ({
      number: proof.number,
      name: cleanFileName(proof.fileName),
      url: `${base}/proofs/${proof.number}/file`,
      note: proof.studioNote,
      uploaded_at: proof.uploadedAt.toISOString(),
      decision: proof.decision,
      comment: proof.comment,
      decided_at: proof.decidedAt?.toISOString() ?? null,
    })),
  };
}
