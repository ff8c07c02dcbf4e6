import { readFile } from 'node:fs/promises';
import { pdfText } from '../support/pdfText';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { E2E_COMPANY } from './serverEnv';
import { createAccount, shotAt, signIn } from './support';

for (const width of [1280, 390]) {
  test(`at ${width} px: an order's invoice on /billing, its PDF's total, and the credit once the order is cancelled`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) => shotAt(page, testInfo, name, width);
    const account = await createAccount(request, { company: 'Lakeview Dental' });
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    // The order names its invoice and links it.
    await page.goto(`/orders/${number}`);
    const invoiceLink = page.getByRole('link', { name: /^invoice INV-\d{2}-\d{6,}$/ });
    await expect(invoiceLink).toBeVisible();
    const invoiceNumber = ((await invoiceLink.textContent()) ?? '').replace('invoice ', '').trim();

    await page.goto('/billing');
    const invoices =
      width >= 768
        ? page.getByRole('table', { name: 'Invoices' })
        : page.getByRole('list', { name: 'Invoices' });
    await expect(invoices).toContainText(invoiceNumber);
    await expect(invoices).toContainText(number);
    await expect(invoices).toContainText('Open');
    const total =
      (await page.getByText('Outstanding').locator('..').getByRole('definition').textContent())?.trim() ?? '';
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByRole('form', { name: 'Billing contact' })).toBeVisible();
    await expect(page.getByLabel('Street address')).toHaveValue('233 S Wacker Dr');
    await shot('billing');

    // The PDF says the same total, to the cent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${invoiceNumber} as PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const text = (await pdfText(new Uint8Array(await readFile(await download.path())))).join('\n');
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(total);
    expect(text).toContain(number);
    // Issued by the company the server is configured with, as the footer says (issue 28, point 11).
    expect(text).toContain(E2E_COMPANY.legalName);
    const year = new Date().getFullYear();
    await expect(page.getByRole('contentinfo')).toContainText(
      `Adlane is a division of ${E2E_COMPANY.legalName}, an ad-tech company`,
    );
    await expect(page.getByRole('contentinfo')).toContainText(
      `© ${year} ${[E2E_COMPANY.legalName, ...E2E_COMPANY.address].join(', ')}. All rights reserved.`,
    );

    // The invoice's own page: its line, then the filter by status.
    await page.getByRole('link', { name: invoiceNumber }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'What this invoice charges' })).toContainText(number);
    // How to pay it, on the page as in the PDF (issue 28, point 12).
    const howToPay = page.getByRole('region', { name: 'How to pay' });
    await expect(howToPay).toContainText(`Pay ${total} by`);
    await expect(howToPay).toContainText(`Check: payable to ${E2E_COMPANY.legalName}, at the address above`);
    await expect(howToPay).toContainText(`Please quote ${invoiceNumber} with your payment.`);
    await expect(page.getByText('From', { exact: true }).locator('..')).toContainText(E2E_COMPANY.address[0]);
    await shot('invoice');

    // Cancelled, the order is credited and its invoice is void.
    await page.goto(`/orders/${number}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${number} is cancelled.` })).toBeVisible();
    await page.goto('/billing?status=void');
    await expect(page.getByRole('link', { name: 'Void' })).toHaveAttribute('aria-current', 'page');
    await expect(invoices).toContainText(invoiceNumber);
    await expect(invoices).toContainText(`Credited: -${total}`);
    await expect(invoices).toContainText('balance $0.00');
    await expect(page.getByText('Outstanding').locator('..').getByRole('definition')).toHaveText('$0.00');
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await expect(page.getByText('No open invoices')).toBeVisible();
    await page.goto(`/billing/${invoiceNumber}`);
    await expect(page.getByRole('table', { name: 'What this invoice charges' })).toContainText(
      `Credit: order ${number} cancelled`,
    );
    await shot('invoice-void');
  });
}
