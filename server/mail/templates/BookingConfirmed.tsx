import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface BookingConfirmedProps {
  brand: Brand;
  firstname: string;
  order: string;
  placement: string;
  /** The publisher's reference, as our team typed it. */
  reference: string;
  /** The runs booked, in words ("March 2027 issue"). */
  runs: string[];
  link: string;
}

/** To the customer: the publisher has the booking, under this reference, for these runs. */
export const BookingConfirmed = (p: BookingConfirmedProps) => (
  <Layout brand={p.brand} preview={`Order ${p.order} is booked`} heading={`Order ${p.order} is booked`}>
    <Para>
      Hi {mailText(p.firstname, 'there')}, the publisher has confirmed the booking of {p.placement} (order{' '}
      {p.order}): {p.runs.join(', ')}. Their reference is {mailText(p.reference, 'on the order page')}.
    </Para>
    <Action href={p.link} label="Open the order" />
  </Layout>
);
