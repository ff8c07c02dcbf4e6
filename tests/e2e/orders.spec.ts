import { readFile } from 'node:fs/promises';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';

for (const width of [1280, 390]) {
  test(`at ${width} px: place an order, find it in Upcoming, open it, cancel it, find it in Past, book it again`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const account = await createAccount(request);
    await signIn(page, account.email);
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome back, ${account.firstname}` }),
    ).toBeVisible();
    await expect(page.getByText('Nothing is due')).toBeVisible();

    const { title, cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    // The landing page puts its ad first among what is due.
    await page.goto('/dashboard');
    const due = page.getByRole('list', { name: 'Ads due next' }).getByRole('listitem');
    await expect(due).toHaveCount(1);
    await expect(due.first()).toContainText(number);
    await shot('dashboard');

    // /orders opens Upcoming, where the order is, with its count in the tab.
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/orders\/upcoming$/);
    await expect(page.getByRole('link', { name: 'Upcoming 1' })).toHaveAttribute('aria-current', 'page');
    const rows = page.getByRole('list', { name: 'Upcoming orders' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(number);
    await expect(rows.first()).toContainText(/Ad due:/);
    await shot('orders-upcoming');

    // The search finds it by its number, and says so when nothing matches.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill('no such placement');
    await expect(page.getByText('No orders match “no such placement”')).toBeVisible();
    await expect(page).toHaveURL(/q=no\+such\+placement/);
    await search.fill(number.slice(-6));
    await search.press('Enter');
    await expect(rows).toHaveCount(1);

    // The accountant's export holds it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^adlane-orders-upcoming-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('Order number');
    expect(csv).toContain(number);

    await rows.first().getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Runs' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Order placed (done)');
    await expect(page.getByRole('region', { name: 'Billing contact' })).toContainText('233 S Wacker Dr');
    await shot('order-upcoming');

    // Cancelling asks first; keeping the order changes nothing.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep the order' })).toBeFocused();
    await shot('order-cancel-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Order ${number} is cancelled.` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Cancelled (done)');

    // It is in Past now, and Upcoming is empty.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/orders\/upcoming$/);
    await expect(page.getByText('No upcoming orders')).toBeVisible();
    await page.getByRole('link', { name: /^Past/ }).click();
    await expect(page).toHaveURL(/\/orders\/past$/);
    const past = page.getByRole('list', { name: 'Past orders' }).getByRole('listitem');
    await expect(past).toHaveCount(1);
    await expect(past.first()).toContainText('Cancelled');
    await shot('orders-past');

    // Booked again: one click, then the usual cart with the same placement.
    await past.first().getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Book again' }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(title);
  });
}

test('another company’s order number shows “Order not found”, with a way back to the orders', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await signIn(page, account.email);
  await page.goto('/orders/AD-26-999999');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/orders\/upcoming$/);
});
