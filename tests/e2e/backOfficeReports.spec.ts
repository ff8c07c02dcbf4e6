import type { APIRequestContext, Page } from '@playwright/test';
import type { ReceivablesReport } from '../../contract/adminReceivables';
import type { Invoice } from '../../contract/billing';
import { formatCentsExact } from '../../contract/money';
import { BILLING, call, firstOnSale, orderOne, signUp } from '../support/httpShop';
import { expectAccessible } from './axe';
import {
  type BackOffice,
  firstAdmin,
  newStaffMember,
  openSection,
  reportShot,
  staffSignIn,
} from './backOfficeSupport';
import { test as base, expect } from './fixtures';
import { startOwnServer } from './ownServer';

/*
 * The reports page end to end (issue 32, acceptance 6, 7 and 9), on a server of its own (a fresh
 * database, so the month's sales are exactly this file's orders): a customer orders twice and cancels
 * one; an admin opens /admin/reports at 1280 and 390 px and the month's booked sales shown equal the
 * customer's invoices' total as the invoices answer it, and the receivables' buckets equal what the
 * receivables API answers; the charts draw, axe finds nothing, and a screenshot of each width is kept
 * in reports/screenshots/i32.
 */

const test = base.extend<object, { backOffice: BackOffice }>({
  backOffice: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern: none.
    async ({}, use) => {
      const server = await startOwnServer();
      await use({ server, admin: null, adminToken: null, steps: new Map() });
      await server.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ backOffice }, use) => use(backOffice.server.baseURL),
});
test.describe.configure({ mode: 'serial' });

const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 844 : 800 });

/** This month as the reports name it (a UTC month, as the server counts it): "Nov 2026". */
const thisMonth = () => {
  const now = new Date();
  return {
    key: now.toISOString().slice(0, 7),
    words: now.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
};

/** The receivables as the API answers them to the first admin: the figures the page must show. */
async function receivablesAsAnswered(request: APIRequestContext, office: BackOffice) {
  const answer = await request.get('/api/v1/admin/reports/receivables', {
    headers: { authorization: `Bearer ${office.adminToken}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: ReceivablesReport }).data;
}

/** The receivables section: each bucket's total and the total as answered, drawn, and linked to every company's. */
async function expectReceivables(page: Page, report: ReceivablesReport) {
  const section = page.getByRole('region', { name: 'Receivables' });
  const table = section.getByRole('table', { name: /^Receivables by days past due/ });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  // A cell's text is its column's header (shown beside it in the narrow layout) and its amount.
  const amount = (formatted: string) => new RegExp(`^(Owed)?${formatted.replace(/[$.]/g, '\\$&')}$`);
  const owed = (label: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
      .getByRole('cell')
      .nth(1);
  for (const bucket of report.buckets) {
    await expect(owed(bucket.label)).toHaveText(amount(report.totals.buckets[bucket.key].formatted));
  }
  await expect(owed('Total')).toHaveText(amount(report.totals.total.formatted));
  // Something is owed here (the magazine issue's invoice is open), so there is a chart to draw.
  expect(report.totals.total.cents).toBeGreaterThan(0);
  await expect(section.locator('.recharts-wrapper')).toBeVisible();
  await expect(section.getByRole('link', { name: "All companies' receivables" })).toHaveAttribute(
    'href',
    '/admin/receivables',
  );
}

let customerEmail = '';
let customerToken = '';

test('a customer orders a magazine issue and a TV week, then cancels the week', async ({
  request,
  backOffice,
}) => {
  test.setTimeout(120_000);
  const site = backOffice.server.baseURL;
  await firstAdmin(request, backOffice, { email: 'reports.owner@adlane.example', name: 'Robin Owner' });
  const customer = await signUp(site, 'reports');
  customerEmail = customer.email;
  customerToken = customer.token;
  const magazine = await firstOnSale(site, 'printmag', '60601');
  const tv = await firstOnSale(site, 'tv', '60601');
  await orderOne(site, customer.token, magazine);
  const week = await call<{ uuid: string; contents: { items: { id: number }[] } }>(
    site,
    'POST',
    '/checkout/item/create',
    { token: customer.token, body: { mediacode: tv.mediacode, dates: [tv.date], quantity: 5 } },
  );
  const placed = await call<{ orders: { number: string }[] }>(site, 'POST', `/checkout/${week.uuid}/place`, {
    token: customer.token,
    body: {
      billing: BILLING,
      idempotency_key: `reports-e2e-${Date.now().toString(36)}`.padEnd(20, 'x'),
      item_ids: week.contents.items.map((i) => i.id),
    },
  });
  await call(site, 'POST', `/orders/${placed.orders[0]?.number}/cancel`, { token: customer.token });
  expect(customerEmail).not.toBe('');
});

for (const width of WIDTHS) {
  test(`at ${width} px the month's booked sales equal the invoices' total`, async ({
    page,
    request,
    backOffice,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport(width));
    const month = thisMonth();
    // The figure to find, from the invoices as the customer's Billing page reads them.
    const { invoices } = await call<{ invoices: Invoice[] }>(backOffice.server.baseURL, 'GET', '/invoices', {
      token: customerToken,
    });
    const issued = invoices.filter((invoice) => invoice.issued_at.startsWith(month.key));
    expect(issued.length).toBe(2);
    const booked = issued.reduce((sum, invoice) => sum + Math.round(invoice.total * 100), 0);
    const credited = issued.reduce(
      (sum, invoice) => sum - invoice.credits.reduce((c, credit) => c + Math.round(credit.amount * 100), 0),
      0,
    );

    const me = await newStaffMember(request, backOffice, 'admin');
    await staffSignIn(page, backOffice, me);
    await openSection(page, 'Reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const sales = page.getByRole('table', { name: /^Sales by month/ });
    await expect(sales).toHaveAttribute('aria-busy', 'false');
    const row = sales.getByRole('row').filter({ hasText: month.words });
    await expect(row.getByRole('cell').nth(2)).toContainText(formatCentsExact(booked));
    await expect(row.getByRole('cell').nth(3)).toContainText(formatCentsExact(credited));
    await expect(row.getByRole('cell').nth(4)).toContainText(formatCentsExact(booked - credited));
    // The chart is drawn (its library loaded with it) and hidden from screen readers: the table says it.
    await expect(page.locator('section[aria-labelledby="sales-heading"] .recharts-wrapper')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ad files at risk' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Conversion from cart to order' })).toBeVisible();
    await expectReceivables(page, await receivablesAsAnswered(request, backOffice));
    await expectAccessible(page, `the reports at ${width} px`);
    await reportShot(page, testInfo, 'reports', width, 'i32');

    // Grouped by channel, the magazine and the TV week each have their row; the address keeps the choice.
    await page
      .getByRole('navigation', { name: 'Group sales by' })
      .getByRole('link', { name: 'By channel' })
      .click();
    await expect(page).toHaveURL(/by=channel/);
    const byChannel = page.getByRole('table', { name: /^Sales by channel/ });
    await expect(byChannel.getByRole('row').filter({ hasText: 'Magazine' })).toBeVisible();
    await expect(byChannel.getByRole('row').filter({ hasText: 'TV' })).toBeVisible();
    await expectAccessible(page, `the sales by channel at ${width} px`);

    // A period the report cannot cover is refused with the server's sentence, and the page stays usable.
    await page.getByLabel('From month').fill('2027-05');
    await page.getByLabel('To month').fill('2027-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText(/comes after the last/).first()).toBeVisible();
  });
}
