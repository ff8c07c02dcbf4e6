import { type Context, Hono } from 'hono';
import {
  type PaymentRedirect,
  type PaymentSettings,
  paymentSettingsBody,
  paymentSettingsQuery,
} from '../../contract/payments';
import { can } from '../../contract/roles';
import {
  forgetCard,
  paymentSettingsOf,
  setPaymentSwitches,
  setStripeCustomer,
  setupOfCompany,
} from '../data/paymentSettings';
import { attachSession, createPayment } from '../data/payments';
import type { AppEnv } from '../env';
import { requirePermission, requireUser, signedInUser } from '../http/auth';
import { fail, ok } from '../http/envelope';
import { paymentDeps } from '../http/paymentDeps';
import { formBody, query } from '../http/validators';
import { reconcileCheckout } from '../payments/reconcile';

const OWNERS_AND_ADMINS =
  'Only the owner or an admin of your company can change how its invoices are paid. Ask one of them.';
const NO_CARDS = 'Card payments are not set up here: invoices are paid by bank transfer or check.';
const STRIPE_DOWN = 'Stripe is not answering right now, so nothing was changed. Try again in a minute.';

const settingsGuard = [requireUser, requirePermission('paymentSettings', OWNERS_AND_ADMINS)] as const;

async function answerFor(c: Context<AppEnv>, companyId: number): Promise<PaymentSettings> {
  const row = await paymentSettingsOf(c.var.db, companyId);
  const card = row?.card ?? null;
  return {
    cards: c.var.payments !== null,
    card: card
      ? { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
      : null,
    auto_pay: row?.autoPay ?? false,
    members_may_pay: row?.membersMayPay ?? false,
  };
}

/**
 * GET and PUT /billing/payment, POST and DELETE /billing/card (issue 30, part 4): the company's saved
 * card (saved on Stripe's page in setup mode, never seen here), automatic payment of its invoices with
 * it, and whether members may pay invoices (the owner's choice alone).
 */
export const paymentSettingsRoutes = new Hono<AppEnv>()
  .get('/payment', ...settingsGuard, query(paymentSettingsQuery), async (c) => {
    const { session_id: sessionId } = c.req.valid('query');
    const { account } = signedInUser(c);
    const gateway = c.var.payments;
    // Back from Stripe's page: its webhook may be late, so the answer does not wait for it.
    const setup = sessionId && gateway ? await setupOfCompany(c.var.db, account.companyId, sessionId) : null;
    if (sessionId && gateway && setup?.status === 'pending') {
      await reconcileCheckout(paymentDeps(c, gateway), sessionId).catch((error: unknown) => {
        c.var.log.warn({ err: error }, 'Could not ask Stripe about a saved card; its webhook will tell.');
      });
    }
    return ok(c, await answerFor(c, account.companyId));
  })
  .put('/payment', ...settingsGuard, formBody(paymentSettingsBody), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    if (body.members_may_pay !== undefined && !can(account.role, 'membersMayPay'))
      return fail(c, 403, 'Only the owner of your company can let members pay invoices.');
    const before = await answerFor(c, account.companyId);
    if (body.auto_pay === true && !before.cards) return fail(c, 409, NO_CARDS);
    if (body.auto_pay === true && before.card === null)
      return fail(c, 409, 'Save a card first: automatic payment charges the saved card.');
    await setPaymentSwitches(c.var.db, account.companyId, {
      autoPay: body.auto_pay,
      membersMayPay: body.members_may_pay,
    });
    const after = await answerFor(c, account.companyId);
    c.var.log.info(
      {
        companyId: account.companyId,
        by: account.id,
        autoPay: after.auto_pay,
        membersMayPay: after.members_may_pay,
      },
      'payment settings changed',
    );
    const said = [
      body.auto_pay === undefined
        ? null
        : after.auto_pay
          ? 'Invoices are now paid automatically with the saved card on the day they are issued.'
          : 'Automatic payment is off: pay each invoice with Pay now or by bank transfer.',
      body.members_may_pay === undefined
        ? null
        : after.members_may_pay
          ? 'Members may now pay invoices.'
          : 'Only the owner and admins may pay invoices now.',
    ];
    return ok(c, after, {}, said.filter((s) => s !== null).join(' '));
  })
  .post('/card', ...settingsGuard, async (c) => {
    const gateway = c.var.payments;
    if (gateway === null) return fail(c, 409, NO_CARDS);
    const { account } = signedInUser(c);
    const company = await paymentSettingsOf(c.var.db, account.companyId);
    if (company === null) return fail(c, 404, 'Your company was not found. Sign in again.');
    const base = c.var.config.publicUrl;
    try {
      const customer = await gateway.ensureCustomer({
        coid: company.coid,
        name: company.name,
        email: company.contact?.email ?? account.email,
        existing: company.customer,
      });
      if (customer !== company.customer) await setStripeCustomer(c.var.db, account.companyId, customer);
      const paymentId = await createPayment(c.var.db, {
        invoiceId: null,
        companyId: account.companyId,
        purpose: 'setup',
        amountCents: 0,
        createdBy: account.id,
        now: c.var.clock(),
      });
      const session = await gateway.createSetup({
        paymentId,
        customer,
        successUrl: `${base}/billing?card=saved&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/billing?card=cancelled`,
      });
      await attachSession(c.var.db, paymentId, session);
      const answer: PaymentRedirect = { url: session.url };
      return ok(c, answer);
    } catch (error) {
      c.var.log.error({ err: error }, 'Stripe refused or did not answer a card setup.');
      return fail(c, 503, STRIPE_DOWN);
    }
  })
  .delete('/card', ...settingsGuard, async (c) => {
    const { account } = signedInUser(c);
    // Forgotten here first, so nothing charges it whatever Stripe answers to the detach.
    const pm = await forgetCard(c.var.db, account.companyId);
    if (pm !== null && c.var.payments !== null)
      await c.var.payments.detachCard(pm).catch((error: unknown) => {
        c.var.log.warn({ err: error }, 'Stripe did not detach a removed card; it is no longer used here.');
      });
    const message =
      pm === null ? 'There was no saved card.' : 'The card is removed and automatic payment is off.';
    return ok(c, await answerFor(c, account.companyId), {}, message);
  });
