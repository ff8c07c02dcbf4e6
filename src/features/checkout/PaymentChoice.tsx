import type { InvoiceTerms } from '../../../contract/checkoutTerms';
import type { PaymentChoice as Choice } from '../../../contract/paymentChoices';
import { invoiceRefusalOf } from '../../../machines/checkout/checkout.rules';
import { type CheckoutActor, usePaymentChoice, useTermsPending } from './useCheckout';

const INVOICE_HINT = 'You are invoiced once the order is placed; nothing is charged now.';
const CARD = {
  value: 'card',
  label: 'Pay by card now',
  hint: 'On Stripe’s secure page; your order is held while you pay.',
} as const;

/** The id of the sentence saying why the invoice is refused, or that the terms are being checked. */
export const TERMS_STATUS_ID = 'payment-terms-status';
export const CHECKING_TERMS = 'Checking your company’s payment terms…';

/**
 * Why the invoice is refused, or that the terms are being checked: always in the page, so a screen
 * reader hears it when it changes (the invoice disappearing, or coming back).
 */
export function TermsStatus({ text }: { text: string | null }) {
  return (
    <p id={TERMS_STATUS_ID} role="status" aria-live="polite" className="text-sm text-ink-soft">
      {text ?? ''}
    </p>
  );
}

/**
 * "How would you like to pay?", shown only where the server takes cards (issue 30). The invoice reads
 * as the company's terms (net 15, 30, 60) and is left out, its reason said instead, where the terms
 * refuse it (issue 32: card only, or over the credit limit). Until the terms are known, the invoice is
 * not shown as chosen: the order waits for them.
 */
export function PaymentChoice({
  checkout,
  invoice,
}: {
  checkout: CheckoutActor;
  invoice: InvoiceTerms | null;
}) {
  const chosen = usePaymentChoice(checkout);
  const pending = useTermsPending(checkout);
  const refusal = invoiceRefusalOf(invoice);
  const choices: { value: Choice; label: string; hint: string }[] = refusal
    ? [CARD]
    : [
        {
          value: 'invoice',
          label: pending ? 'Invoice' : (invoice?.label ?? 'Invoice, net 30'),
          hint: INVOICE_HINT,
        },
        CARD,
      ];
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={TERMS_STATUS_ID}>
      <legend className="mb-2 text-sm font-bold text-ink">How would you like to pay?</legend>
      <TermsStatus text={pending ? CHECKING_TERMS : refusal} />
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-xl border-2 border-primary-100 bg-white p-3 has-checked:border-primary"
          >
            <input
              type="radio"
              name="payment"
              value={choice.value}
              checked={chosen === choice.value && !(pending && choice.value === 'invoice')}
              onChange={() => checkout.send({ type: 'checkout.paymentChosen', payment: choice.value })}
              className="mt-1 accent-primary"
            />
            <span>
              <span className="block font-semibold text-ink">{choice.label}</span>
              <span className="block text-sm text-ink-muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
