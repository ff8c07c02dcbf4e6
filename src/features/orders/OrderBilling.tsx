import { FileText } from 'lucide-react';
import { formatUsd } from '../../../contract/money';
import type { OrderDetail } from '../../../contract/orders';
import { maySeeInvoices } from '../../../contract/roles';
import { useUserData } from '../../system/hooks/session';
import { SiteLink } from '../../ui/SiteLink';

/** An order's price, line by line. */
export function OrderPrice({ order, card }: { order: OrderDetail; card: string }) {
  return (
    <section aria-labelledby="order-price" className={card}>
      <h2 id="order-price" className="text-lg font-bold text-ink">
        Price
      </h2>
      <dl className="mt-3 grid gap-2 text-[15px]">
        {order.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-ink-soft">{line.label}</dt>
            <dd className={line.amount < 0 ? 'text-mint-700' : 'text-ink'}>
              {line.amount < 0 ? '−' : ''}
              {formatUsd(Math.abs(line.amount))}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-primary-100 pt-2 font-bold">
          <dt>Total</dt>
          <dd className="text-primary-900">{order.total_formatted}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Whom an order is billed to, and the invoice it is on. */
export function OrderBilling({ order, card }: { order: OrderDetail; card: string }) {
  const b = order.billing;
  return (
    <section aria-labelledby="order-billing" className={card}>
      <h2 id="order-billing" className="text-lg font-bold text-ink">
        Billing contact
      </h2>
      <address className="mt-3 text-[15px] leading-relaxed text-ink-soft not-italic [overflow-wrap:anywhere]">
        <span className="font-semibold text-ink">{b.name}</span>
        <br />
        {b.company}
        <br />
        {b.address}
        <br />
        {b.city}, {b.state} {b.zip}
        <br />
        {b.email} · {b.phone}
        {b.po_number ? (
          <>
            <br />
            PO {b.po_number}
          </>
        ) : null}
      </address>
      <InvoiceNote invoice={order.invoice} />
    </section>
  );
}

/** The other orders of the checkout, each linked: "AD-27-000124 and AD-27-000125". */
function OtherOrders({ numbers }: { numbers: readonly string[] }) {
  return numbers.map((number, index) => (
    <span key={number}>
      {index === 0 ? '' : index === numbers.length - 1 ? ' and ' : ', '}
      <SiteLink
        href={`/orders/${number}`}
        className="font-semibold whitespace-nowrap text-primary-700 underline"
      >
        {number}
      </SiteLink>
    </span>
  ));
}

/**
 * The order's invoice: a link for those who see billing, its number for the others; the other orders
 * of its checkout named when there are some (a checkout of one order has none to mention).
 */
function InvoiceNote({ invoice }: { invoice: OrderDetail['invoice'] }) {
  const user = useUserData();
  const others = invoice?.other_orders ?? [];
  const alongside =
    others.length > 0 ? (
      <>
        , with {others.length === 1 ? 'order' : 'orders'} <OtherOrders numbers={others} /> of the same
        checkout
      </>
    ) : null;
  return (
    <div className="mt-4 flex items-start gap-2 rounded-xl bg-primary-50/60 p-3 text-sm text-ink-soft">
      <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      {!invoice ? (
        <p>This order was placed before invoices were kept here: ask us for its invoice.</p>
      ) : maySeeInvoices(user) ? (
        <p>
          Invoiced on{' '}
          <SiteLink href={`/billing/${invoice.number}`} className="font-semibold text-primary-700 underline">
            invoice {invoice.number}
          </SiteLink>
          {alongside}.
        </p>
      ) : (
        <p>
          Invoiced on invoice {invoice.number}
          {alongside}; the owner and admins of your company see it under Billing.
        </p>
      )}
    </div>
  );
}
