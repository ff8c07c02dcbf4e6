import type { PaymentChoice as Choice } from '../../../contract/paymentChoices';
import { type CheckoutActor, usePaymentChoice } from './useCheckout';

const CHOICES: { value: Choice; label: string; hint: string }[] = [
  {
    value: 'invoice',
    label: 'Invoice, net 30',
    hint: 'You are invoiced once the order is placed; nothing is charged now.',
  },
  {
    value: 'card',
    label: 'Pay by card now',
    hint: 'On Stripe’s secure page; your order is held while you pay.',
  },
];

/** "How would you like to pay?", shown only where the server takes cards (issue 30). */
export function PaymentChoice({ checkout }: { checkout: CheckoutActor }) {
  const chosen = usePaymentChoice(checkout);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-bold text-ink">How would you like to pay?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map((choice) => (
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
