import type { CheckoutPayment } from '../../contract/payments';

export interface PaymentWaitInput {
  /** The card checkout's cart, as the confirmation page's address names it. */
  cartId: string;
  /** Back from Stripe's page by its Cancel button: nothing was paid. */
  cancelled: boolean;
}

export interface PaymentWaitContext extends PaymentWaitInput {
  /** The server's last answer about the payment. */
  payment: CheckoutPayment | null;
  /** Why it failed, or why paying again did not start, in words. */
  message: string | null;
  /** Looks in a row that got no answer; a third one gives up until the customer checks again. */
  troubles: number;
}

export type PaymentWaitEvent =
  /** "Try paying again": to Stripe's page once more. */
  | { type: 'payment.retry' }
  /** "Check again", after the wait gave up. */
  | { type: 'payment.checkAgain' };
