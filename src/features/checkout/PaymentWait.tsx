import { CircleAlert, Clock, CreditCard, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { Confirmation } from './Confirmation';
import { focusOnMount } from './focusOnMount';
import {
  type PaymentWaitActor,
  useCheckoutPayment,
  usePaymentMessage,
  usePaymentWaitActor,
  usePaymentWaitStep,
} from './usePaymentWait';

/** /checkout/{cartId}/payment: back from Stripe's page, the card checkout's payment until it is settled. */
export function PaymentWait({ cartId, cancelled }: { cartId: string; cancelled: boolean }) {
  const wait = usePaymentWaitActor(cartId, cancelled);
  const step = usePaymentWaitStep(wait);
  const payment = useCheckoutPayment(wait);
  if (step === 'paid' && payment?.placed) return <Confirmation placed={payment.placed} />;
  return <PaymentStatus wait={wait} step={step} />;
}

function PaymentStatus({
  wait,
  step,
}: {
  wait: PaymentWaitActor;
  step: ReturnType<typeof usePaymentWaitStep>;
}) {
  const payment = useCheckoutPayment(wait);
  const message = usePaymentMessage(wait);
  const amount = payment ? `${payment.amount_formatted} for invoice ${payment.invoice}` : null;
  switch (step) {
    case 'failed':
      return (
        <Panel
          title="Your payment did not go through"
          icon={<CircleAlert className="size-12 text-coral-600" />}
        >
          {message ? <p className="mt-2 text-ink">{message}</p> : null}
          {amount ? <p className="mt-2 text-ink-soft">{amount}</p> : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <Button size="lg" onClick={() => wait.send({ type: 'payment.retry' })}>
              <CreditCard aria-hidden="true" className="size-5" />
              Try paying again
            </Button>
            <ButtonLink href="/orders/upcoming" size="lg" variant="secondary">
              See your orders
            </ButtonLink>
          </div>
        </Panel>
      );
    case 'timedOut':
      return (
        <Panel title="We have not heard from the bank yet" icon={<Clock className="size-12 text-primary" />}>
          <p className="mt-2 text-ink-soft">
            Your payment may still go through: nothing is charged twice. Check again in a moment; the
            confirmation is also e-mailed once the payment is confirmed.
          </p>
          <div className="mt-6">
            <Button size="lg" onClick={() => wait.send({ type: 'payment.checkAgain' })}>
              Check again
            </Button>
          </div>
        </Panel>
      );
    case 'expired':
      return (
        <Panel title="The time to pay ran out" icon={<Clock className="size-12 text-coral-600" />}>
          {message ? <p className="mt-2 text-ink">{message}</p> : null}
          <div className="mt-6">
            <ButtonLink href="/shop" size="lg">
              Browse placements
            </ButtonLink>
          </div>
        </Panel>
      );
    case 'leaving':
      return (
        <Panel
          title="Opening the payment page"
          icon={<LoaderCircle className="size-12 animate-spin text-primary motion-reduce:animate-none" />}
        >
          <p role="status" className="mt-2 text-ink-soft">
            Taking you to Stripe’s secure page…
          </p>
        </Panel>
      );
    default:
      return (
        <Panel
          title="Waiting for your payment"
          icon={<LoaderCircle className="size-12 animate-spin text-primary motion-reduce:animate-none" />}
        >
          <p role="status" className="mt-2 text-ink-soft">
            We are confirming your payment with the bank; this page updates by itself.
          </p>
          {amount ? <p className="mt-2 text-ink-soft">{amount}</p> : null}
        </Panel>
      );
  }
}

/** One state of the page: its heading takes the focus, so a screen reader hears each change. */
function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12">
      <PageMeta title={title} />
      <section className="rounded-3xl border border-primary-100 bg-white p-8 shadow-sm">
        <span aria-hidden="true">{icon}</span>
        <h1
          ref={focusOnMount}
          tabIndex={-1}
          className="mt-3 font-display text-3xl font-bold text-primary-900 outline-none"
        >
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
