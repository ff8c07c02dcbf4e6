import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface ApprovalDecidedProps {
  brand: Brand;
  firstname: string;
  accepted: boolean;
  /** Who decided, by name. */
  by: string;
  file: string;
  order: string;
  run: string;
  /** Why it was declined, in their words (empty when accepted). */
  reason: string;
  link: string;
}

/** To the member who asked: their request was accepted (the file is approved) or declined, and why. */
export const ApprovalDecided = (p: ApprovalDecidedProps) => {
  const reason = mailText(p.reason, '');
  return (
    <Layout
      brand={p.brand}
      preview={
        p.accepted
          ? `Your ad file for order ${p.order} is approved`
          : `Your ad file for order ${p.order} was not approved`
      }
      heading={p.accepted ? 'Your ad file is approved' : 'Your ad file was not approved'}
    >
      <Para>
        Hi {mailText(p.firstname, 'there')}, {mailText(p.by, 'an admin')}{' '}
        {p.accepted ? 'approved' : 'declined to approve'} {mailText(p.file, 'your file')} as the ad of {p.run}{' '}
        (order {p.order}).
      </Para>
      {p.accepted ? null : (
        <Para>{reason ? `Their reason: ${reason}` : 'Their reason is on the files page.'}</Para>
      )}
      <Action href={p.link} label="See your files" />
    </Layout>
  );
};
