import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface ApprovalRequestedProps {
  brand: Brand;
  firstname: string;
  /** Who asked, by name. */
  asker: string;
  /** The file's name as it was uploaded. */
  file: string;
  order: string;
  run: string;
  link: string;
}

/** To the owner and admins: a member asks that a file be approved as a run's ad. */
export const ApprovalRequested = (p: ApprovalRequestedProps) => (
  <Layout
    brand={p.brand}
    preview={`An ad file for order ${p.order} waits for your approval`}
    heading="An ad file waits for your approval"
  >
    <Para>
      Hi {mailText(p.firstname, 'there')}, {mailText(p.asker, 'a colleague')} asks that{' '}
      {mailText(p.file, 'their file')} be approved as the ad of {p.run} (order {p.order}).
    </Para>
    <Para>Accept it, or decline it with a reason they will read.</Para>
    <Action href={p.link} label="See the request" />
  </Layout>
);
