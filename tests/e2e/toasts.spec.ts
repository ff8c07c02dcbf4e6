import type { Locator, Page } from '@playwright/test';
import { addFirstIssue } from './checkoutSteps';
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
 * Moves the page's paused clock on in steps of 50 ms until `check` holds: its frames and timers run
 * as the page needs them, and the toast's five seconds are counted in that time, not the machine's.
 */
async function runUntil(page: Page, check: () => Promise<boolean>, message: string) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(50);
        return check();
      },
      { message },
    )
    .toBe(true);
}

for (const width of [1280, 390]) {
  test(`at ${width} px the "Added" toast leaves Add to cart and the open mini-cart visible`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    // The toast's five seconds are held while the boxes are measured (a busy machine takes longer).
    await page.clock.install();
    const { title } = await addFirstIssue(page);
    const toast = page.getByRole('status').filter({ hasText: `Added to your cart: ${title}` });
    await expect(toast).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    const item = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').first();
    await expect(item).toContainText(title);
    // From here the page's time moves only when runUntil moves it: the toast stays while it is measured.
    // A moment ahead of the page's own time, which has moved on by the time the pause is made.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
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
