import type { APIRequestContext } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import {
  createAccount,
  latestMail,
  outboxKey,
  PASSWORD,
  pathOfLink,
  shotAt,
  signIn,
  uniqueEmail,
} from './support';

interface OrderRuns {
  data: { runs: { label: string; ad_due: { date: string } | null }[] };
}

/** The runs of an order as its page reads them, with the account's token. */
async function runsOf(request: APIRequestContext, token: string, number: string) {
  const answer = await request.get(`/api/v1/orders/${number}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as OrderRuns).data.runs;
}

test('placing an order on invoice e-mails its confirmation with the ad-due dates, and cancelling it e-mails the cancellation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(request, { company: 'Maple Street Florist', firstname: 'Ines' });
  await signIn(page, account.email);
  const { cartId } = await addFirstIssue(page);
  const number = await placeOrder(page, cartId);

  const placed = await latestMail(request, account.email, 'order-placed');
  expect(placed.body).toContain(number);
  const runs = await runsOf(request, account.token, number);
  expect(runs.filter((run) => run.ad_due !== null).length).toBeGreaterThan(0);
  for (const run of runs) {
    // The day each ad is due, as a person reads it ("Friday, January 29"), beside its run.
    const due = run.ad_due ? format(parseISO(run.ad_due.date), 'EEEE, MMMM d') : null;
    if (due) expect(placed.body).toContain(`${run.label}: ad due ${due}`);
  }
  expect(placed.body).toContain(`/orders/${number}`);
  expect(placed.body).toContain('/specs/');
  // The billing contact (the placer here) gets the invoice, its PDF attached.
  const invoice = await latestMail(request, account.email, 'invoice-issued');
  expect(invoice.attachments.map((a) => a.filename)).toEqual([
    expect.stringMatching(/^INV-\d{2}-\d{6,}\.pdf$/),
  ]);

  await page.goto(`/orders/${number}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${number} is cancelled.` })).toBeVisible();
  const cancelled = await latestMail(request, account.email, 'order-cancelled');
  expect(cancelled.body).toContain(number);
});

test('when an invitation is accepted, the owner is told who joined', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const owner = await createAccount(request, {
    company: 'Harbor Optics',
    firstname: 'Mara',
    lastname: 'Lind',
  });
  await signIn(page, owner.email);
  await page.goto('/team');
  const colleague = uniqueEmail('joiner');
  await page.getByLabel('First name').fill('Theo');
  await page.getByLabel('Their work e-mail').fill(colleague);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(colleague);

  const invitation = await latestMail(request, colleague, 'colleague-invite');
  const other = await browser.newContext();
  const joiner = await other.newPage();
  await joiner.goto(pathOfLink(invitation.link));
  await joiner.getByLabel('Last name').fill('Brandt');
  await joiner.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await joiner.getByRole('button', { name: 'Join Harbor Optics' }).click();
  await expect(joiner).toHaveURL(/\/dashboard$/);
  await other.close();

  const joined = await latestMail(request, owner.email, 'colleague-joined');
  expect(joined.body).toContain('Theo Brandt');
});

for (const width of [1280, 390]) {
  test(`at ${width} px: /dev/emails shows every e-mail rendered, its HTML beside its text`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const listed = await request.get(`/api/v1/dev/emails?key=${outboxKey()}`);
    expect(listed.status()).toBe(200);
    const samples = ((await listed.json()) as { data: { kind: string; subject: string }[] }).data;
    expect(samples.length).toBeGreaterThan(10);

    await page.goto(`/dev/emails?key=${outboxKey()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(samples.length);
    for (const sample of samples) {
      const item = items.filter({
        has: page.getByRole('heading', { level: 2, name: sample.subject, exact: true }),
      });
      // The frame loads the HTML part the API rendered (its own policy keeps the inline styles).
      const frame = item.frameLocator('iframe');
      await expect(frame.locator('body')).toContainText(PRODUCT_NAME);
      await expect(item.locator('pre')).not.toBeEmpty();
    }
    // One e-mail alone, as a mail program shows it at this width.
    await page.goto(`/api/v1/dev/emails/order-placed.html?key=${outboxKey()}`);
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    await shotAt(page, testInfo, 'email', width);
  });
}

const PRODUCT_NAME = 'Adlane';
