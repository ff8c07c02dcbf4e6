import type { CheckoutPayment } from '../../contract/payments';

/** The card checkout the payment wait tests follow, and the API's answers about it. */
export const PAYMENT_CART = '6f1d2c9e-5b7a-4c31-9a0e-2d4b8f7c1a11';
const PAY_BY = '2027-01-11T15:30:00.000Z';

export const checkoutPaymentOf = (
  state: CheckoutPayment['state'],
  message: string | null = null,
): CheckoutPayment => ({
  state,
  invoice: 'INV-27-000042',
  amount_formatted: '$1,200',
  message,
  pay_by: PAY_BY,
  placed: null,
});
