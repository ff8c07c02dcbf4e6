import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface ApprovalDecidedProps {
  brand: Brand;
  firstname: string;
  /** Accepted (the file is approved), declined, or withdrawn because another file was approved. */
  decision: 'accepted' | 'declined' | 'withdrawn';
  /** Who decided, by name ("our production team" for a review). */
  by: string;
  file: string;
  order: string;
  run: string;
  /** Why it was declined or withdrawn, in their words (empty when accepted). */
  reason: string;
  link: string;
}

/** The subject and preview: what became of the request. */
export const approvalDecidedSubject = (p: Pick<ApprovalDecidedProps, 'decision' | 'order'>) =>
  p.decision === 'accepted'
    ? `Your ad file for order ${p.order} is approved`
    : p.decision === 'declined'
      ? `Your ad file for order ${p.order} was not approved`
      : `Another ad file was approved for order ${p.order}`;

/**
 * To the member who asked: their request was accepted (the file is approved), declined and why, or
 * closed because another file became the run's ad.
 */
export const ApprovalDecided = (p: ApprovalDecidedProps) => {
  const reason = mailText(p.reason, '');
  const file = mailText(p.file, 'your file');
  const heading =
    p.decision === 'accepted'
      ? 'Your ad file is approved'
      : p.decision === 'declined'
        ? 'Your ad file was not approved'
        : 'Another ad file was approved';
  return (
    <Layout brand={p.brand} preview={approvalDecidedSubject(p)} heading={heading}>
      {p.decision === 'withdrawn' ? (
        <Para>
          Hi {mailText(p.firstname, 'there')}, another file was approved as the ad of {p.run} (order {p.order}
          ), so your request to approve {file} for it is closed: nothing is waiting for an admin.
        </Para>
      ) : (
        <Para>
          Hi {mailText(p.firstname, 'there')}, {mailText(p.by, 'an admin')}{' '}
          {p.decision === 'accepted' ? 'approved' : 'declined to approve'} {file} as the ad of {p.run} (order{' '}
          {p.order}).
        </Para>
      )}
      {p.decision === 'declined' ? (
        <Para>{reason ? `Their reason: ${reason}` : 'Their reason is on the files page.'}</Para>
      ) : null}
      <Action href={p.link} label="See your files" />
    </Layout>
  );
};
