import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface DesignProofReadyProps {
  brand: Brand;
  firstname: string;
  order: string;
  placement: string;
  /** The proof's number: 1 for the first, 2 after one round of changes… */
  number: number;
  /** The studio's note with the proof; empty when it wrote none. */
  note: string;
  link: string;
}

/** To the customer of a design-service order: the studio's next proof is ready to approve or change. */
export const DesignProofReady = (p: DesignProofReadyProps) => {
  const note = mailText(p.note, '');
  return (
    <Layout
      brand={p.brand}
      preview={`Proof ${p.number} of your ad is ready`}
      heading={`Proof ${p.number} of your ad is ready`}
    >
      <Para>
        Hi {mailText(p.firstname, 'there')}, our studio has made proof {p.number} of your ad for {p.placement}{' '}
        (order {p.order}). Approve it, or tell us what to change, on the order's page.
      </Para>
      {note ? <Para>{`The studio's note: ${note}`}</Para> : null}
      <Action href={p.link} label="Look at the proof" />
    </Layout>
  );
};
