import { useSelector } from '@xstate/react';
import { CircleCheck, CreditCard, FileText } from 'lucide-react';
import type { MouseEvent } from 'react';
import { createActor } from 'xstate';
import type { InvoiceDetail } from '../../../contract/billing';
import { selectPdfDownloading, selectPdfError } from '../../../machines/billing/invoicePdf.machine';
import { downloadReceiptPdf } from '../../api/billing';
import { saveFile } from '../../lib/saveFile';
import { useLoadedApp } from '../../system/AppContext';
import { invoicePdfLogic } from '../../system/account';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { FormAlert } from '../../ui/form/FormAlert';
import { dayInWords } from '../orders/orderWords';
import { PayButton } from './InvoiceTable';
import { useInvoicePayActor, usePayError, usePaying } from './useInvoicePay';

const day = (iso: string) => dayInWords(iso.slice(0, 10));

/** The receipt of a paid invoice: a link to its PDF, fetched with the sign-in (a plain link could not send it). */
function ReceiptLink({ number }: { number: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(invoicePdfLogic(saveFile, downloadReceiptPdf), { ...app.actorOptions, input: { number } }),
  );
  const downloading = useSelector(actor, selectPdfDownloading);
  const error = useSelector(actor, selectPdfError);
  const download = (event: MouseEvent) => {
    event.preventDefault();
    actor.send({ type: 'invoice.download' });
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <a
        href={`/api/v1/invoices/${encodeURIComponent(number)}/receipt.pdf`}
        onClick={download}
        aria-busy={downloading}
        className="inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-2 hover:underline"
      >
        <FileText aria-hidden="true" className="size-4" />
        Receipt (PDF)
      </a>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}

/** What the payment block says of where the payment stands, in a sentence. */
function standing(invoice: InvoiceDetail): string | null {
  const { payment } = invoice;
  switch (payment.state) {
    case 'paid':
      // Paid by credits alone, no money came: the list below says which.
      return `Paid${payment.paid > 0 ? ` ${payment.paid_formatted}` : ''}${payment.paid_at ? ` on ${day(payment.paid_at)}` : ''}${
        payment.card ? ` with ${payment.card}` : ''
      }.`;
    case 'awaiting':
      return 'Waiting for the card payment of its checkout.';
    case 'pending':
      return 'A card payment was started. This invoice shows paid as soon as Stripe confirms it.';
    default:
      return null;
  }
}

/**
 * An invoice's payment (issue 30): paid when and how, what was refunded, why an automatic payment
 * failed, the receipt, and Pay now while something is left and this person may pay.
 */
export function InvoicePaymentPanel({ invoice }: { invoice: InvoiceDetail }) {
  const pay = useInvoicePayActor();
  const paying = usePaying(pay);
  const payError = usePayError(pay);
  const { payment } = invoice;
  const said = standing(invoice);
  const failure = payment.failure;
  const settledElsewhere = payment.received.length + payment.credits_applied.length > 0;
  if (!said && !failure && payment.refunds.length === 0 && !settledElsewhere && !invoice.can_pay) return null;
  return (
    <section aria-labelledby="payment" className="rounded-2xl border border-primary-100 p-4 tb:p-5">
      <h2 id="payment" className="flex items-center gap-2 text-lg font-bold text-ink">
        {payment.state === 'paid' ? (
          <CircleCheck aria-hidden="true" className="size-5 text-mint-700" />
        ) : (
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
        )}
        Payment
      </h2>
      <div className="mt-2 flex flex-col items-start gap-3">
        {said ? <p className="text-ink-soft">{said}</p> : null}
        {failure ? (
          <FormAlert tone="error">
            Automatic payment failed on {day(failure.at)}: {failure.message}{' '}
            {failure.next_attempt_at
              ? `We try the card again on ${day(failure.next_attempt_at)}, or pay it now.`
              : 'Pay it with Pay now.'}
          </FormAlert>
        ) : null}
        {settledElsewhere ? (
          <ul aria-label="Payments received" className="grid gap-1 text-ink-soft">
            {payment.received.map((r) => (
              <li key={`${r.method}-${r.reference}-${r.date}`}>
                {r.method} {r.reference}, received {dayInWords(r.date)}: {r.amount_formatted}
              </li>
            ))}
            {payment.credits_applied.map((c) => (
              <li key={`${c.reason}-${c.at}`}>
                Credit applied ({c.reason}), {day(c.at)}: {c.amount_formatted}
              </li>
            ))}
          </ul>
        ) : null}
        {payment.refunds.length > 0 ? (
          <ul aria-label="Refunds" className="grid gap-1 text-ink-soft">
            {payment.refunds.map((refund) => (
              <li key={`${refund.order_number}-${refund.at}`}>
                {refund.status === 'failed'
                  ? `Refund of ${refund.amount_formatted} for order ${refund.order_number} failed: we will contact you.`
                  : `${refund.status === 'succeeded' ? 'Refunded' : 'Refunding'} ${refund.amount_formatted} for order ${
                      refund.order_number
                    } (${day(refund.at)}).`}
              </li>
            ))}
          </ul>
        ) : null}
        {payment.receipt ? <ReceiptLink number={invoice.number} /> : null}
        <PayButton
          invoice={invoice}
          paying={paying === invoice.number}
          onPay={() => pay.send({ type: 'invoice.pay', number: invoice.number })}
        />
        {payError ? <FormAlert tone="error">{payError.message}</FormAlert> : null}
      </div>
    </section>
  );
}
