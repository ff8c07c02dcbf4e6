import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Issue 28, point 16: the "Added" toast covered the mini-cart's newest item and its delete button.
 * Toasts never cover the control that caused them, nor an open mini-cart.
 */

type Box = { x: number; y: number; width: number; height: number };

const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  return box;
}

/** What the toast covers of the things it must leave visible. */
async function coveredBy(toast: Locator, others: Array<[Locator, string]>) {
  const at = await boxOf(toast, 'the toast');
  const covered: string[] = [];
  for (const [other, what] of others) if (!apart(at, await boxOf(other, what))) covered.push(what);
  return covered;
}

/**
 * Moves the page's paused clock on a frame (16 ms) at a time until `check` holds: its frames and
 * timers run as the page needs them, and the toast's five seconds are counted in that time.
 */
async function runUntil(page: Page, check: () => Promise<boolean>, message: string) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(16);
        return check();
      },
      { message },
    )
    .toBe(true);
}

/** From a shop page, adds its first placement's first open issue to the cart: the title it added. */
async function addFirstPlacement(page: Page): Promise<string> {
  const first = page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 }).first();
  const title = ((await first.textContent()) ?? '').trim();
  await first.getByRole('link').click();
  await page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  return title;
}

for (const width of [1280, 390]) {
  test(`at ${width} px the "Added" toast leaves Add to cart and the open mini-cart visible`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.clock.install();
    await page.goto('/shop/magazines?zip=60601');
    // The mini-cart's contents load once, with time flowing: React reveals what it loaded lazily on a
    // timer, which the paused clock below would hold back.
    const cartButton = page.getByRole('banner').getByRole('button', { name: /^Cart, / });
    await cartButton.click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Your cart is empty.')).toBeHidden();

    const title = await addFirstPlacement(page);
    const toast = page.getByRole('status').filter({ hasText: `Added to your cart: ${title}` });
    await expect(toast).toBeVisible();
    // From here the page's time moves only when runUntil moves it, a frame at a time: the toast's five
    // seconds last however busy the machine is. (The pause is set a little ahead: the clock runs on.)
    await page.clock.pauseAt(Date.now() + 1_000);
    await cartButton.click();
    const items = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await runUntil(
      page,
      async () => (await items.allTextContents()).some((text) => text.includes(title)),
      'the mini-cart opens',
    );
    const item = items.first();
    const keptVisible: Array<[Locator, string]> = [
      [page.getByRole('button', { name: 'Add to cart' }), 'Add to cart'],
      [item, 'the newest item'],
      [item.getByRole('button', { name: `Remove ${title}` }), 'its delete button'],
      [page.getByRole('link', { name: 'Shopping Cart' }), 'the way to the cart'],
    ];
    await runUntil(
      page,
      async () => (await coveredBy(toast, keptVisible)).length === 0,
      'nothing is covered',
    );
    await expect(toast).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`toast-and-mini-cart-${width}.png`) });
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px a toast waits while the pointer or the focus is on it (WCAG 2.2.1)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.clock.install();
    await page.goto('/shop/magazines?zip=60601');
    await addFirstPlacement(page);
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').first();
    await expect(toast).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);

    // The pointer rests on it for a minute: it stays.
    await toast.hover();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    // The pointer leaves, and the focus comes to its close button from the keyboard: it stays.
    await page.mouse.move(0, 400);
    await toast.getByRole('button', { name: 'Dismiss' }).focus();
    await page.clock.runFor(60_000);
    await expect(toast).toBeVisible();
    // Both gone: it hides five seconds later, not before.
    await page.getByRole('main').focus();
    await page.clock.runFor(4_900);
    await expect(toast).toBeVisible();
    await runUntil(page, async () => (await toast.count()) === 0, 'the toast hides');
  });
}
