import type { InvoiceTerms } from '../../../contract/checkoutTerms';
import type { PaymentChoice as Choice } from '../../../contract/paymentChoices';
import { type CheckoutActor, usePaymentChoice } from './useCheckout';

const INVOICE_HINT = 'You are invoiced once the order is placed; nothing is charged now.';
const CARD = {
  value: 'card',
  label: 'Pay by card now',
  hint: 'On Stripe’s secure page; your order is held while you pay.',
} as const;

/**
 * "How would you like to pay?", shown only where the server takes cards (issue 30). The invoice reads
 * as the company's terms (net 15, 30, 60) and is left out, its reason said instead, where the terms
 * refuse it (issue 32: card only, or over the credit limit).
 */
export function PaymentChoice({
  checkout,
  invoice,
}: {
  checkout: CheckoutActor;
  invoice: InvoiceTerms | null;
}) {
  const chosen = usePaymentChoice(checkout);
  const refusal = invoice && !invoice.offered ? invoice.refusal : null;
  const choices: { value: Choice; label: string; hint: string }[] = refusal
    ? [CARD]
    : [{ value: 'invoice', label: invoice?.label ?? 'Invoice, net 30', hint: INVOICE_HINT }, CARD];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-bold text-ink">How would you like to pay?</legend>
      {refusal ? <p className="text-sm text-ink-soft">{refusal}</p> : null}
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
              checked={chosen === choice.value}
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
