import type { Context } from 'hono';
import { type CheckoutPayDeps, NOT_MATCHED, payCheckout, RELEASED, unavailable } from '../checkout/pay';
import { type CardCheckout, cardCheckoutOf } from '../data/checkoutPayments';
import type { AppEnv } from '../env';
import type { PaymentGateway } from '../payments/gateway';
import { signedInUser } from './auth';
import { cartCookieDrop } from './cookies';
import { fail, ok } from './envelope';
import { paymentDeps } from './paymentDeps';

/** Issue 30, part 2: the answers of a card checkout's routes (server/routes/checkout.ts). */

export const payDeps = (c: Context<AppEnv>, gateway: PaymentGateway): CheckoutPayDeps => ({
  ...paymentDeps(c, gateway),
  publicUrl: c.var.config.publicUrl,
});

/** The signed-in company's card checkout of this cart, or the answer saying why there is none. */
export async function cardCheckoutFor(
  c: Context<AppEnv>,
  cartId: string,
): Promise<Response | { checkout: CardCheckout; gateway: PaymentGateway }> {
  const gateway = c.var.payments;
  if (!gateway) return fail(c, 404, 'Card payments are not configured here.');
  const { account } = signedInUser(c);
  const checkout = await cardCheckoutOf(c.var.db, cartId, account.companyId);
  if (!checkout)
    return fail(
      c,
      404,
      'There is no card payment for this checkout. Your orders page shows what was placed.',
    );
  return { checkout, gateway };
}

/**
 * Where to pay a card checkout ({ url }), or why not; null once it is paid (the caller answers
 * that). Placing drops the cart's cookie (the cart is ordered); paying again leaves the cookies alone.
 */
export async function payCheckoutAnswer(
  c: Context<AppEnv>,
  checkout: CardCheckout,
  placing: boolean,
): Promise<Response | null> {
  const gateway = c.var.payments;
  if (!gateway) return fail(c, 409, 'Card payment is not available here any more; your orders wait for it.');
  const outcome = await payCheckout(payDeps(c, gateway), checkout);
  switch (outcome.status) {
    case 'redirect':
      return ok(
        c,
        outcome.answer,
        { drop_cookies: placing ? [cartCookieDrop(c, null)] : [] },
        'Your order is held while you pay by card.',
      );
    case 'paid':
      return null;
    case 'released':
      return fail(c, 409, RELEASED);
    case 'rejected':
      return fail(c, 409, NOT_MATCHED);
    case 'unavailable':
      return fail(c, 503, unavailable(c.var.config.checkoutPaymentMinutes));
  }
}
