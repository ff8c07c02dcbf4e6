import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { type LocalStripe, startLocalStripe } from '../support/localStripe';
import { pdfText } from '../support/pdfText';
import { expectAccessible } from './axe';
import { addFirstIssue, fillBilling, placeOrder } from './checkoutSteps';
import { test as base, expect } from './fixtures';
import { startOwnServer } from './ownServer';
import { createAccount, latestMail, outboxKey, shotAt, signIn } from './support';

/*
 * Card payments end to end (issue 30): the built app on a server of its own, configured with Stripe
 * keys whose API is the local stand-in (tests/support/localStripe), whose hosted page a person clicks.
 * Its events reach the server's webhook signed as Stripe signs them.
 */
const SECRET_KEY = 'sk_test_e2e_local';
const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;

/** The stand-in and the server using it, one pair for a worker's tests. */
interface PaymentsServer {
  stripe: LocalStripe;
  baseURL: string;
}

const test = base.extend<object, { payments: PaymentsServer }>({
  payments: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern: none.
    async ({}, use) => {
      let webhook = '';
      const stripe = await startLocalStripe({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        clock: () => new Date(),
        deliver: async (body, signature) => {
          const answer = await fetch(webhook, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body,
          });
          return { status: answer.status };
        },
      });
      const server = await startOwnServer({
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.apiBase,
      });
      webhook = `${server.baseURL}/api/v1/webhooks/stripe`;
      await use({ stripe, baseURL: server.baseURL });
      await server.close();
      await stripe.close();
    },
    // A database copied from the template and a server started from scratch: slow on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  // Every page, request and helper of these tests goes to that server.
  baseURL: async ({ payments }, use) => use(payments.baseURL),
});

/** Every event the stand-in sent reached the server's webhook and was taken (200). */
const expectEventsTaken = (payments: PaymentsServer) =>
  expect(payments.stripe.events().filter((e) => e.status !== 200)).toEqual([]);

/** On the stand-in's hosted page: picks a card and presses its button. */
async function onHostedPage(page: Page, card: RegExp, button: 'Pay' | 'Save card') {
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('radio', { name: card }).check();
  await page.getByRole('button', { name: button, exact: true }).click();
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('pays by card at checkout and waits on the confirmation until the payment is confirmed', async ({
      page,
      request,
      payments,
    }, testInfo) => {
      test.setTimeout(90_000);
      const account = await createAccount(request, { company: 'Birch Lane Yoga' });
      await signIn(page, account.email);
      const { cartId } = await addFirstIssue(page);
      await page.goto(`/checkout/${cartId}`);
      await fillBilling(page);
      const choice = page.getByRole('group', { name: 'How would you like to pay?' });
      await expect(choice.getByRole('radio', { name: /Invoice, net 30/ })).toBeChecked();
      await choice.getByRole('radio', { name: /Pay by card now/ }).check();
      await expectAccessible(page, `the payment choice at ${width} px`);
      await shotAt(page, testInfo, 'choice', width);
      await page.getByRole('button', { name: /^Continue to payment · \$/ }).click();

      // The confirmation's first look at the payment is held, to see what a person sees while the
      // bank has not answered yet; then it goes on.
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/v1/checkout/*/payment*', async (route) => {
        await answered;
        await route.continue();
      });
      await onHostedPage(page, /4242/, 'Pay');
      await expect(page.getByRole('heading', { name: 'Waiting for your payment' })).toBeVisible();
      await expectAccessible(page, `the confirmation waiting for the payment at ${width} px`);
      await shotAt(page, testInfo, 'waiting', width);
      release();
      await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
      const number = /AD-\d{2}-\d{6,}/.exec(
        (await page.getByRole('list', { name: 'Your orders' }).textContent()) ?? '',
      )?.[0];
      expect(number).toBeTruthy();
      await page.unroute('**/api/v1/checkout/*/payment*');

      // Its receipt and its confirmation are e-mailed.
      const receipt = await latestMail(request, account.email, 'payment-receipt');
      expect(receipt.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.pdf$/)]);
      const confirmation = await latestMail(request, account.email, 'order-placed');
      expect(confirmation.body).toContain(number ?? '');
      expect(payments.stripe.events().map((e) => e.type)).toContain('checkout.session.completed');
      expectEventsTaken(payments);
    });

    test('pays an open invoice with Pay now, then shows it paid with its receipt', async ({
      page,
      request,
      payments,
    }, testInfo) => {
      test.setTimeout(90_000);
      await signIn(page, (await createAccount(request, { company: 'Cedar Row Dental' })).email);
      const { cartId } = await addFirstIssue(page);
      await placeOrder(page, cartId);
      await page.goto(`/billing`);
      const row =
        width >= 768
          ? page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1)
          : page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').first();
      const invoice = /INV-\d{2}-\d{6,}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
      expect(invoice).not.toBe('');
      await row.getByRole('button', { name: /^Pay now/ }).click();
      await onHostedPage(page, /4242/, 'Pay');

      await expect(page).toHaveURL(new RegExp(`/billing/${invoice}`));
      await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoice}` })).toBeVisible();
      await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
      const payment = page.getByRole('region', { name: 'Payment' });
      await expect(payment).toContainText('Visa •••• 4242');
      await expectAccessible(page, `a paid invoice at ${width} px`);
      await shotAt(page, testInfo, 'paid-invoice', width);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: /Receipt/ }).click(),
      ]);
      const text = (await pdfText(new Uint8Array(await readFile(await download.path())))).join('\n');
      expect(text).toContain(invoice);
      expect(text).toContain('4242');
      expectEventsTaken(payments);
    });

    test('saves a card that declines, turns on automatic payment, and sees the failed charge on the invoice', async ({
      page,
      request,
      payments,
    }, testInfo) => {
      test.setTimeout(90_000);
      const account = await createAccount(request, { company: 'Willow Street Bakery' });
      await signIn(page, account.email);
      await page.goto(`/billing`);
      await page.getByRole('button', { name: 'Save a card' }).click();
      await onHostedPage(page, /0341/, 'Save card');
      await expect(page).toHaveURL(/\/billing/);
      await expect(page.getByText(/Visa •••• 0341/)).toBeVisible();
      const auto = page.getByRole('switch', { name: 'Pay invoices automatically' });
      await auto.click();
      await expect(auto).toBeChecked();
      await expectAccessible(page, `the card panel at ${width} px`);

      const { cartId } = await addFirstIssue(page);
      await placeOrder(page, cartId);
      const ran = await request.post(`/api/v1/dev/jobs/payments.autoCharge/run?key=${outboxKey()}`);
      expect(ran.status()).toBe(200);
      const failed = await latestMail(request, account.email, 'payment-failed');
      const invoice = /INV-\d{2}-\d{6,}/.exec(failed.subject)?.[0] ?? '';
      await page.goto(`/billing/${invoice}`);
      await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Automatic payment failed');
      await expectAccessible(page, `an invoice whose automatic payment failed at ${width} px`);
      await shotAt(page, testInfo, 'auto-failed', width);
      expect(payments.stripe.events().map((e) => e.type)).toContain('payment_intent.payment_failed');
      expectEventsTaken(payments);
    });
  });
}
