import { Lock } from 'lucide-react';
import { type FormEvent, useRef } from 'react';
import type { BillingField } from '../../../machines/checkout/checkout.machine';
import { invoiceRefusalOf } from '../../../machines/checkout/checkout.rules';
import { Button } from '../../ui/Button';
import { focusIfLost } from '../../ui/focusIfLost';
import { FormAlert } from '../../ui/form/FormAlert';
import { useFocusFirstInvalid } from '../../ui/form/useFocusFirstInvalid';
import { BillingContactFields } from '../billing/BillingContactFields';
import { CHECKING_TERMS, PaymentChoice, TERMS_STATUS_ID, TermsStatus } from './PaymentChoice';
import {
  type CheckoutActor,
  useBillingErrors,
  useBillingFields,
  useCardsOffered,
  useCartReloading,
  useCheckoutAlert,
  useErrorsShown,
  useInvoiceTerms,
  usePaymentChoice,
  usePlacing,
  useRedirecting,
  useStandingPo,
  useTermsPending,
} from './useCheckout';

/** What the PO number field says: a PO is this purchase's, unless the company has a standing PO. */
function poHint(typed: string, standingPo: string | null): string {
  if (!standingPo) return 'For this purchase only.';
  if (typed.trim() === standingPo)
    return 'Your company’s standing PO, set on Billing. Change it here for this purchase only.';
  return `For this purchase only, in place of your company’s standing PO ${standingPo}.`;
}

function submitLabel(
  byCard: boolean,
  blocked: boolean,
  placing: boolean,
  redirecting: boolean,
  total: string,
): string {
  if (blocked) return 'Your company can’t order on invoice';
  if (redirecting) return 'Opening the payment page…';
  if (placing) return byCard ? 'Holding your order…' : 'Placing your order…';
  return byCard ? `Continue to payment · ${total}` : `Place order · ${total}`;
}

/** The billing contact, and the button that places the order (the checkout holds what is typed). */
export function BillingForm({ checkout, total }: { checkout: CheckoutActor; total: string }) {
  const values = useBillingFields(checkout);
  const errors = useBillingErrors(checkout);
  const alert = useCheckoutAlert(checkout);
  const placing = usePlacing(checkout);
  const reloading = useCartReloading(checkout);
  const errorsShown = useErrorsShown(checkout);
  const standingPo = useStandingPo(checkout);
  const cardsOffered = useCardsOffered(checkout);
  const invoice = useInvoiceTerms(checkout);
  const termsPending = useTermsPending(checkout);
  const invoiceRefusal = invoiceRefusalOf(invoice);
  const byCard = (usePaymentChoice(checkout) === 'card' || invoiceRefusal !== null) && cardsOffered;
  // No card taken and the invoice refused: nothing can be placed, and the sentence above says why.
  const blocked = invoiceRefusal !== null && !cardsOffered;
  const redirecting = useRedirecting(checkout);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errorsShown);

  const field = (name: BillingField, shape = (typed: string) => typed) => ({
    name,
    value: values[name],
    error: errors[name],
    onValueChange: (typed: string) =>
      checkout.send({ type: 'checkout.fieldChanged', field: name, value: shape(typed) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkout.send({ type: 'checkout.submit' });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="billing"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2
        id="billing"
        // Signing in inline replaces the form that had the focus with this one: carry on from its heading.
        ref={focusIfLost}
        tabIndex={-1}
        className="font-display text-2xl font-bold text-primary-900 outline-none"
      >
        Billing contact
      </h2>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <BillingContactFields field={field} po={{ hint: poHint(values.po_number, standingPo) }} />
      {cardsOffered ? (
        <PaymentChoice checkout={checkout} invoice={invoice} />
      ) : (
        <>
          <TermsStatus text={termsPending ? CHECKING_TERMS : invoiceRefusal} />
          {termsPending || invoiceRefusal ? null : (
            <p className="text-sm text-ink-muted">
              You are invoiced after the order is confirmed (
              {invoice?.label.toLowerCase() ?? 'invoice, net 30'}); nothing is charged now.
            </p>
          )}
        </>
      )}
      <Button
        type="submit"
        size="lg"
        // Keeps the focus while the order is on its way; a second click sends nothing (the checkout ignores it).
        // Waits for the company's terms too, and stays off when they leave no way to pay.
        inactive={placing || reloading || redirecting || termsPending || blocked}
        aria-busy={placing || redirecting}
        aria-describedby={termsPending || blocked ? TERMS_STATUS_ID : undefined}
        className="self-start"
      >
        <Lock aria-hidden="true" className="size-5" />
        {submitLabel(byCard, blocked, placing, redirecting, total)}
      </Button>
    </form>
  );
}
