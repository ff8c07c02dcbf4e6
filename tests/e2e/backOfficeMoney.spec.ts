import type { APIRequestContext } from '@playwright/test';
import { firstOnSale, orderOne } from '../support/httpShop';
import { expectAccessible } from './axe';
import {
  type BackOffice,
  codeFor,
  customerWindow,
  expect,
  firstAdmin,
  openSection,
  reportShot,
  staffSignIn,
  test,
} from './backOfficeSupport';
import { createAccount, signIn } from './support';

/*
 * Money in (issue 32, part 2) end to end, on a back office of its own: an admin records a check that
 * pays two invoices of a company, and the company's customer signs in and sees both paid on /billing.
 * At 1280 and 390 px, the money page and its dialog checked with axe and driven by the keyboard where
 * it counts, screenshots kept in reports/screenshots/i32.
 */
test.describe.configure({ mode: 'serial' });

const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 844 : 800 });
const MONEY_ADMIN = { email: 'money@adlane.example', name: 'Morgan Money' };

/** The admin's token for the API, signed in once per server. */
async function apiToken(request: APIRequestContext, office: BackOffice) {
  if (office.adminToken) return office.adminToken;
  const admin = await firstAdmin(request, office, MONEY_ADMIN);
  const login = await request.post('/api/v1/admin/login', {
    data: { email: admin.email, password: admin.password, code: await codeFor(office, admin) },
  });
  expect(login.status(), await login.text()).toBe(200);
  office.adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  return office.adminToken;
}

/** A company with two invoices (a magazine issue each), and the admin's view of it. */
async function companyWithTwoInvoices(request: APIRequestContext, office: BackOffice, company: string) {
  const base = office.server.baseURL;
  const customer = await createAccount(request, { company });
  const item = await firstOnSale(base, 'printmag', '60601');
  const orders = [
    (await orderOne(base, customer.token, item)).orders[0]?.number ?? '',
    (await orderOne(base, customer.token, item)).orders[0]?.number ?? '',
  ];
  const listed = await request.get('/api/v1/invoices', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const { invoices } = (
    (await listed.json()) as {
      data: { invoices: { number: string; balance: number; status: string }[] };
    }
  ).data;
  expect(invoices.map((i) => i.status)).toEqual(['open', 'open']);
  return { customer, orders, invoices };
}

for (const width of WIDTHS) {
  test(`an admin records a check that pays two invoices, and the customer sees both paid (${width} px)`, async ({
    page,
    request,
    browser,
    backOffice,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport(width));
    const admin = await firstAdmin(request, backOffice, MONEY_ADMIN);
    const { customer, orders, invoices } = await companyWithTwoInvoices(
      request,
      backOffice,
      `Harbor Bakery ${width}`,
    );
    // The company's id, as its customer page would link here with it.
    const adminToken = await apiToken(request, backOffice);
    const order = await request.get(`/api/v1/admin/orders/${orders[0]}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const coid = ((await order.json()) as { data: { company: { coid: string } } }).data.company.coid;

    await staffSignIn(page, backOffice, admin);
    await openSection(page, 'Money');
    await expect(page.getByRole('heading', { name: 'Money', exact: true })).toBeVisible();
    await expectAccessible(page, `the money page without a company at ${width} px`);
    await page.getByLabel('Company id').fill(coid);
    await page.getByLabel('Company id').press('Enter');
    await expect(page.getByRole('heading', { name: `Money: Harbor Bakery ${width}` })).toBeVisible();
    const openInvoices = page.getByRole('table', { name: 'Open invoices' });
    for (const invoice of invoices) await expect(openInvoices.getByText(invoice.number)).toBeVisible();
    await expectAccessible(page, `the money page of a company at ${width} px`);
    await reportShot(page, testInfo, 'money-company', width, 'i32');

    // The dialog, by keyboard: its first field takes focus, and Escape would close it.
    await page.getByRole('button', { name: 'Record a payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Method')).toBeFocused();
    await dialog.getByLabel('Method').selectOption({ label: 'Check' });
    const total = invoices.reduce((sum, i) => sum + i.balance, 0);
    await dialog.getByLabel('Amount received ($)').fill(String(total + 25));
    await dialog.getByLabel('Check number or reference').fill('10442');
    for (const invoice of invoices) {
      await dialog.getByRole('checkbox', { name: invoice.number }).focus();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('checkbox', { name: invoice.number })).toBeChecked();
    }
    await expect(dialog.getByText('$25.00 left over becomes a credit on the company.')).toBeVisible();
    await expectAccessible(page, `the payment dialog at ${width} px`);
    await reportShot(page, testInfo, 'money-record-payment', width, 'i32');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect(dialog.getByText(/Record a \$[\d,.]+ check \(10442\) received/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /payment is recorded/ })).toBeVisible();
    await expect(page.getByText('Nothing is owed: every invoice is paid or void.')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Credits' }).getByText('Overpayment of check 10442'),
    ).toBeVisible();
    await expectAccessible(page, `the money page after the payment at ${width} px`);
    await reportShot(page, testInfo, 'money-recorded', width, 'i32');

    // A credit, by keyboard: Escape closes the dialog unsent, and the form sends with Enter.
    await page.getByRole('button', { name: 'Issue a credit' }).click();
    const credit = page.getByRole('dialog', { name: 'Issue a credit' });
    await expect(credit.getByLabel('Amount ($)')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(credit).toBeHidden();
    await page.getByRole('button', { name: 'Issue a credit' }).click();
    await credit.getByRole('button', { name: 'Issue credit' }).click();
    await expect(credit.getByText('Say why the company gets this credit.')).toBeVisible();
    await expectAccessible(page, `the credit dialog with its problems at ${width} px`);
    await credit.getByLabel('Amount ($)').fill('40');
    await credit.getByLabel('Reason').fill('Goodwill for the late proof');
    await credit.getByLabel('Amount ($)').press('Enter');
    await expect(credit).toBeHidden();
    await expect(page.getByText('Credit available: $65.00')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Credits' }).getByText('Goodwill for the late proof'),
    ).toBeVisible();

    const shop = await customerWindow(browser, backOffice, width);
    await signIn(shop.page, customer.email);
    await shop.open('/billing');
    // A table on a wide screen, a card each on a phone.
    const entries = width < 769 ? shop.page.getByRole('listitem') : shop.page.getByRole('row');
    for (const invoice of invoices) {
      const entry = entries.filter({ hasText: invoice.number });
      await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
    }
    await reportShot(shop.page, testInfo, 'billing-paid-by-check', width, 'i32');
    await shop.open(`/billing/${invoices[0]?.number}`);
    await expect(shop.page.getByRole('list', { name: 'Payments received' })).toContainText('Check 10442');
    await expectAccessible(shop.page, `the customer's invoice paid by check at ${width} px`);
    await reportShot(shop.page, testInfo, 'invoice-paid-by-check', width, 'i32');
    await shop.close();
  });
}
