/** How a file is shown: pdf.js pages, an image, a video, or an e-mail in a sandboxed frame. */
export type ProofKind = 'pdf' | 'image' | 'video' | 'email';

export function proofKindOf(format: string | null): ProofKind {
  if (format === 'pdf') return 'pdf';
  if (format === 'mp4' || format === 'mov') return 'video';
  if (format === 'html') return 'email';
  return 'image';
}

/** A point pinned on the proof (a comment's): page 1-based, x and y fractions of the page. */
export interface ProofPin {
  id: string;
  page: number;
  x: number;
  y: number;
  label: string;
}

export interface ProofPoint {
  page: number;
  x: number;
  y: number;
}
