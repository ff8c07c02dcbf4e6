import type { Page } from '@playwright/test';
import { failWith, openMiniCart } from './cartBrowserWorld';
import { expect, test } from './fixtures';

const REFUSAL = 'The June 2027 issue is sold out. Choose another issue.';

/**
 * Opens the first magazine listed at a Chicago zip code and adds its first open issue, then (for
 * `items` > 1) the next ones, one item each; answers its name.
 */
async function magazineInCart(page: Page, items = 1): Promise<string> {
  await page.goto('/shop/magazines?zip=60601');
  const first = page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 }).first();
  const title = ((await first.textContent()) ?? '').trim();
  await first.getByRole('link').click();
  const issues = page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false });
  for (let n = 1; n <= items; n++) {
    // The issue added before stays chosen: it is unticked, so each item has one issue.
    if (n > 1) await issues.nth(n - 2).click();
    await issues.nth(n - 1).click();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: `Cart, ${n} item${n === 1 ? '' : 's'}` }),
    ).toBeVisible();
  }
  return title;
}

/** In the open dialog: ticks the first issue not chosen yet, and answers its name. */
async function tickAnotherIssue(dialog: ReturnType<Page['getByRole']>): Promise<string> {
  const issue = dialog
    .getByRole('group', { name: 'Issues' })
    .getByRole('button', { pressed: false, disabled: false })
    .first();
  const name = ((await issue.textContent()) ?? '').trim();
  await issue.click();
  return name;
}

for (const width of [1280, 390]) {
  test.describe(`changing the cart at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('the mini-cart changes an item’s issues and quantity; a refused change keeps the choice with the reason', async ({
      page,
    }) => {
      const title = await magazineInCart(page);
      const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' });
      await openMiniCart(page, cartButton);
      const item = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').first();
      await expect(item).toContainText('1 full-page ad per issue · 1 issue');
      await item.getByRole('button', { name: `Change ${title}` }).click();

      const dialog = page.getByRole('dialog', { name: `Change ${title}` });
      await expect(dialog).toBeVisible();
      // The item's issue is chosen, as it is in the cart.
      await expect(
        dialog.getByRole('group', { name: 'Issues' }).getByRole('button', { pressed: true }),
      ).toHaveCount(1);
      const ticked = await tickAnotherIssue(dialog);
      await dialog.getByRole('button', { name: /full-page ads? per issue/i }).click();
      await page.getByRole('option', { name: '2', exact: true }).click();
      await expect(dialog.getByText('New price')).toBeVisible();

      // The server refuses (the issue sold out meanwhile): nothing chosen is lost, and the reason shows.
      const updates = '**/api/v1/checkout/*/item/*/update';
      await page.route(updates, (route) => failWith(route, 422, REFUSAL));
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(`Your change was not saved: ${REFUSAL}`);
      await expect(dialog.getByRole('button', { name: ticked, exact: true, pressed: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: /full-page ads? per issue/i })).toContainText('2');
      await page.screenshot({ path: test.info().outputPath(`cart-refused-${width}.png`) });
      await page.unroute(updates);

      // Saved again as it is: the item shows its new issues, quantity and price in its place.
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('status')
          .filter({ hasText: `Changed: ${title}.` }),
      ).toBeVisible();
      await openMiniCart(page, cartButton);
      await expect(item).toContainText('2 full-page ads per issue · 2 issues');
      await page.screenshot({ path: test.info().outputPath(`cart-changed-${width}.png`) });

      // Escape leaves a change unsaved: the item stays as it is.
      await item.getByRole('button', { name: `Change ${title}` }).click();
      await tickAnotherIssue(dialog);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await cartButton.click();
      await expect(item).toContainText('2 full-page ads per issue · 2 issues');
    });

    test('the cart page changes an item, and a removal is undone from its toast, the item back in its place', async ({
      page,
    }) => {
      const title = await magazineInCart(page, 2);
      const cartButton = (count: number) =>
        page
          .getByRole('banner')
          .getByRole('button', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` });
      await openMiniCart(page, cartButton(2));
      await page.getByRole('link', { name: 'Shopping Cart' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
      const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      // The older item, below the newer one, gets a second issue.
      const older = items.nth(1);
      await older.getByRole('button', { name: `Change ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Change ${title}` });
      await tickAnotherIssue(dialog);
      await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath(`cart-dialog-${width}.png`) });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(dialog).toHaveCount(0);
      // The focus is back on the button that opened the dialog, not lost on the page (found by review).
      await expect(older.getByRole('button', { name: `Change ${title}` })).toBeFocused();
      await expect(older).toContainText('1 full-page ad per issue · 2 issues');
      await expect(items.first()).toContainText('1 full-page ad per issue · 1 issue');
      const total =
        (await page
          .getByText(/^\$[\d,]+$/)
          .last()
          .textContent()) ?? '';

      await older.getByRole('button', { name: `Remove ${title}` }).click();
      await expect(items).toHaveCount(1);
      await expect(cartButton(1)).toBeVisible();
      await expect(items.first()).toContainText('· 1 issue');
      const toast = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('status')
        .filter({
          hasText: `Removed ${title}.`,
        });
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
      // Its Undo says which removal it undoes (two removals, two Undo buttons).
      await expect(toast.getByRole('button', { name: 'Undo' })).toHaveAccessibleDescription(
        `Removed ${title}.`,
      );
      await page.screenshot({ path: test.info().outputPath(`cart-undo-${width}.png`) });
      const restored = page.waitForResponse((r) => r.url().endsWith('/restore'));
      await toast.getByRole('button', { name: 'Undo' }).click();
      expect((await restored).status()).toBe(200);
      await expect(
        page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('status')
          .filter({
            hasText: `Put back in your cart: ${title}.`,
          }),
      ).toBeVisible();
      // The same item, in its place below the newer one, with its issues and quantity, at the same price.
      await expect(items).toHaveCount(2);
      await expect(items.nth(1)).toContainText('1 full-page ad per issue · 2 issues');
      await expect(items.first()).toContainText('1 full-page ad per issue · 1 issue');
      await expect(page.getByText(total, { exact: true }).last()).toBeVisible();
      await expect(cartButton(2)).toBeVisible();
      // The pressed Undo went with its toast: the focus is on the item put back, not lost on the page.
      await expect(items.nth(1).getByRole('button', { name: `Remove ${title}` })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`cart-undone-${width}.png`) });
    });
  });
}
