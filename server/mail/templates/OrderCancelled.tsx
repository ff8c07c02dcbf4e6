import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Money, Para } from './parts';

export interface OrderCancelledProps {
  brand: Brand;
  firstname: string;
  order: string;
  placement: string;
  /** Who cancelled it, when it is someone else than the reader; null for the reader or the system. */
  by: string | null;
  /** Our staff cancelled it on the customer's behalf (the back office). */
  byOurTeam: boolean;
  /** Why, when it was not a person (a card payment that never came). */
  reason: 'unpaid' | null;
  /** The amount refunded to the card, formatted, when there is one. */
  refund: string | null;
}

export const OrderCancelled = (p: OrderCancelledProps) => (
  <Layout brand={p.brand} preview={`Order ${p.order} is cancelled`} heading={`Order ${p.order} is cancelled`}>
    <Para>
      Hi {mailText(p.firstname, 'there')}, order {p.order} for {p.placement} is cancelled
      {p.by ? ` by ${mailText(p.by, 'a colleague')}` : ''}
      {p.byOurTeam ? ' by our team' : ''}
      {p.reason === 'unpaid' ? ' because its card payment did not arrive in time' : ''}.
    </Para>
    {p.refund ? (
      <Para>
        <Money>{p.refund}</Money> is refunded to the card it was paid with; banks take a few days to show it.
      </Para>
    ) : null}
  </Layout>
);
