import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Adds the first `count` open issues of the first magazine at a Chicago zip code to the cart. */
export async function addIssues(page: Page, count: number) {
  await page.goto('/shop/magazines?zip=60601');
  const first = page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 }).first();
  const title = (await first.textContent()) ?? '';
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const open = page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false });
  for (let i = 0; i < count; i += 1) await open.nth(i).click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  const added = page.waitForResponse((r) => r.url().includes('/checkout/item/create') && r.status() === 200);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const answer = (await (await added).json()) as { data: { uuid: string } };
  return { title: title.trim(), cartId: answer.data.uuid };
}

/** Adds the first open issue of the first magazine at a Chicago zip code to the cart. */
export const addFirstIssue = (page: Page) => addIssues(page, 1);

/** The checkout's billing form filled in (name, e-mail and company come from the account). */
export async function fillBilling(page: Page) {
  await expect(page.getByRole('heading', { name: 'Billing contact' })).toBeVisible();
  await page.getByLabel('Phone').fill('(312) 555-0100');
  await page.getByLabel('Street address').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('Zip code').fill('60606');
}

/** Checks out the cart with a billing contact; answers the order number shown on the confirmation. */
export async function placeOrder(page: Page, cartId: string) {
  await page.goto(`/checkout/${cartId}`);
  await fillBilling(page);
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  const text = await page
    .getByRole('list', { name: 'Your orders' })
    .getByRole('listitem')
    .first()
    .textContent();
  const number = /AD-\d{2}-\d{6,}/.exec(text ?? '')?.[0];
  if (!number) throw new Error(`No order number in "${text}"`);
  return number;
}
