import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentRedirect, PaymentSettings } from '../../contract/payments';
import { attachSession, createPayment } from '../../server/data/payments';
import { orders, users } from '../../server/db/schema';
import { stripeGateway } from '../../server/payments/stripeClient';
import type { LocalStripe, TestCard } from '../support/localStripe';
import type { Harness, HarnessOptions } from './harness';
import { type Call, marketOfZip, placement } from './shop';
import { openWithStripe } from './withStripe';

/** Helpers of the card tests (issue 30, part 4): the app with the Stripe stand-in, cards, payments. */

export const STRIPE_KEY = 'sk_test_card';
const WEBHOOK_SECRET = 'whsec_card';

/**
 * The app on a database with Stripe's stand-in in-process (its webhooks go straight to the app), the
 * magazine of Chicago the tests order, and one close for both.
 */
export async function openCardShop(
  open: (options?: HarnessOptions) => Promise<Harness>,
  clock: () => Date,
): Promise<{ h: Harness; standIn: LocalStripe; magazine: string; close: () => Promise<void> }> {
  const { h, standIn, close } = await openWithStripe(
    open,
    { secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET },
    { clock },
  );
  const magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  return { h, standIn, magazine, close };
}

/** Saves a test card on the stand-in's setup page, as the owner would from Billing, and comes back. */
export async function saveCard(
  call: Call,
  standIn: LocalStripe,
  token: string,
  card: TestCard,
): Promise<PaymentSettings> {
  const started = await call<PaymentRedirect>('POST', '/billing/card', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.data.url.split('/').at(-1) ?? '';
  const paid = await standIn.pay(sessionId, card);
  expect(paid.status).toBe(303);
  const back = new URL(paid.location ?? 'http://x/');
  expect(back.pathname).toBe('/billing');
  const settings = await call<PaymentSettings>(
    'GET',
    `/billing/payment?session_id=${back.searchParams.get('session_id')}`,
    { token },
  );
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  return settings.body.data;
}

export const turnOnAutoPay = async (call: Call, token: string) => {
  const on = await call<PaymentSettings>('PUT', '/billing/payment', { token, body: { auto_pay: true } });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
};

/** The invoice of a placed order, by the order's number. */
export async function invoiceIdOf(h: Harness, orderNumber: string): Promise<number> {
  const [order] = await h.database.db.select().from(orders).where(eq(orders.number, orderNumber));
  if (!order?.invoiceId) throw new Error(`Order ${orderNumber} has no invoice.`);
  return order.invoiceId;
}

export async function userIdOf(h: Harness, email: string): Promise<string> {
  const [user] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}.`);
  return user.id;
}

/** Pays what an invoice owes on a hosted page, as `payer` pressing Pay now would. */
export async function payOnPage(
  h: Harness,
  standIn: LocalStripe,
  invoiceId: number,
  cents: number,
  payer: string | null,
  at: Date,
) {
  const [order] = await h.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
  if (!order || !h.config.stripe) throw new Error('Nothing to pay, or no Stripe.');
  const paymentId = await createPayment(h.database.db, {
    invoiceId,
    companyId: order.companyId,
    purpose: 'invoice',
    amountCents: cents,
    createdBy: payer,
    now: at,
  });
  const session = await stripeGateway(h.config.stripe).createCheckout({
    paymentId,
    customer: null,
    email: 'billing@bakery.example',
    lines: [{ name: 'Invoice', cents }],
    successUrl: 'http://shop.test/billing?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://shop.test/billing',
    expiresAt: new Date(at.getTime() + 3_600_000),
    metadata: { invoice: String(invoiceId) },
  });
  await attachSession(h.database.db, paymentId, session);
  expect((await standIn.pay(session.sessionId)).status).toBe(303);
  await h.background.settled();
  return paymentId;
}
