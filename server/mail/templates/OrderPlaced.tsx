import { Heading, Link } from '@react-email/components';
import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Money, Para, type RunLine, RunsTable } from './parts';

export interface PlacedOrderLine {
  number: string;
  placement: string;
  market: string;
  /** The placement's spec sheet, `/specs/{slug}`, or null when it has none. */
  specs: string | null;
  runs: RunLine[];
}

export interface OrderPlacedProps {
  brand: Brand;
  firstname: string;
  invoice: string;
  total: string;
  orders: PlacedOrderLine[];
}

/** To the person who placed the orders: what, where, when each ad is due, and where to send it. */
export const OrderPlaced = (p: OrderPlacedProps) => (
  <Layout
    brand={p.brand}
    preview={`${p.orders.length === 1 ? 'Your order is' : 'Your orders are'} placed`}
    heading="Thank you, your order is placed"
  >
    <Para>
      Hi {mailText(p.firstname, 'there')},{' '}
      {p.orders.length === 1 ? 'this order is' : `these ${p.orders.length} orders are`} placed on invoice{' '}
      {p.invoice}, <Money>{p.total}</Money> in all. Send each ad before the day it is due.
    </Para>
    {p.orders.map((order) => (
      <div key={order.number}>
        <Heading as="h2" style={{ fontSize: '17px', margin: '20px 0 4px' }}>
          {order.number}: {order.placement}, {order.market}
        </Heading>
        <RunsTable runs={order.runs} />
        {order.specs ? (
          <Para>
            What the ad must be: <Link href={`${p.brand.url}${order.specs}`}>the spec sheet</Link>.
          </Para>
        ) : null}
        <Action href={`${p.brand.url}/orders/${order.number}`} label={`Send the ad for ${order.number}`} />
      </div>
    ))}
  </Layout>
);
