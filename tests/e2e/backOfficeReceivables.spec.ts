import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { BILLING, firstOnSale, orderOne } from '../support/httpShop';
import { expectAccessible } from './axe';
import { expect, firstAdmin, newStaffMember, openSection, staffSignIn, test } from './backOfficeSupport';
import { createAccount, outboxKey, shotAt } from './support';

/*
 * Receivables end to end (issue 32, point 4), on the back office's own server: a customer's invoice
 * made 45 days past due (its dates moved in the database while the server is stopped: the server runs
 * on the real clock), the overdue job run, then an admin at 1280 and 390 px sees the balance in the
 * 31–60 days bucket, downloads the CSV and opens the invoice with its reminder.
 */
test.describe.configure({ mode: 'serial' });

const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width < 640 ? 844 : 800 });
const COMPANY = 'Juniper Aging Studio';

const overdue = { number: '', balance: '' };

test('an invoice 45 days past due, reminded by the overdue job', async ({ request, backOffice }) => {
  test.setTimeout(150_000);
  await firstAdmin(request, backOffice, { email: 'owner@adlane.example', name: 'Robin Owner' });
  const base = backOffice.server.baseURL;
  const customer = await createAccount(request, { company: COMPANY });
  await orderOne(base, customer.token, await firstOnSale(base, 'printmag', '60601'));
  const list = await request.get('/api/v1/invoices', {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const [invoice] = (
    (await list.json()) as { data: { invoices: { number: string; balance_formatted: string }[] } }
  ).data.invoices;
  if (!invoice) throw new Error('No invoice was issued.');
  overdue.number = invoice.number;
  overdue.balance = invoice.balance_formatted;

  await backOffice.server.restart(async (dataDir) => {
    const db = await PGlite.create({ dataDir });
    await db.query(
      `update invoices set issued_at = now() - interval '75 days', due_at = now() - interval '45 days' where number = $1`,
      [invoice.number],
    );
    await db.close();
  });
  // The daily job now rather than at 14:00 UTC: 45 days past due is the 30-day step's.
  const ran = await request.post('/api/v1/dev/jobs/invoices.overdue/run', {
    headers: { 'x-outbox-key': outboxKey() },
  });
  expect(ran.status(), await ran.text()).toBe(200);
});

for (const width of WIDTHS) {
  test(`at ${width} px: the balance in its bucket, the CSV, and the invoice with its reminder`, async ({
    page,
    request,
    backOffice,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport(width));
    const me = await newStaffMember(request, backOffice, 'admin');
    await staffSignIn(page, backOffice, me);
    await openSection(page, 'Receivables');
    await expect(page.getByRole('heading', { name: 'Receivables' })).toBeVisible();
    const table = page.getByRole('table', { name: /Receivables by age/ });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(COMPANY) }) });
    // Rep, then Current, 1–30, 31–60.
    await expect(row.getByRole('cell').nth(3)).toHaveText(overdue.balance);
    await expect(row.getByRole('cell').nth(1)).toHaveText(/—|\$0\.00/);
    await expect(row.getByRole('link', { name: COMPANY })).toHaveAttribute(
      'href',
      /^\/admin\/customers\/[0-9a-f-]{36}$/,
    );
    await expect(table.getByRole('rowheader', { name: 'Total', exact: true })).toBeVisible();
    await expectAccessible(page, `the receivables at ${width} px`);
    await shotAt(page, testInfo, 'receivables', width);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^receivables-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Company,Company ID,Rep,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total,Invoices,Oldest days overdue',
    );
    const plain = overdue.balance.replace(/[$,]/g, '');
    expect(lines.find((line) => line.startsWith(`${COMPANY},`))).toMatch(
      new RegExp(`^${COMPANY},[0-9a-f-]{36},,0\\.00,0\\.00,${plain},0\\.00,0\\.00,${plain},1,45$`),
    );
    expect(lines.at(-1)).toMatch(/^Total,,,/);

    await page.goto(`/admin/invoices/${overdue.number}`);
    await expect(page.getByRole('heading', { name: `Invoice ${overdue.number}` })).toBeVisible();
    await expect(page.getByText(`${COMPANY}`).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText(overdue.balance);
    // The job ran in the background: its reminder is on the invoice once it has.
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByText(new RegExp(`^Reminder sent to ${BILLING.email} on .+ \\(45 days past due\\)$`)),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page, `the invoice at ${width} px`);
    await shotAt(page, testInfo, 'invoice', width);
  });
}
