import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DROPDOWNS, HEADER_ORDER, TOP_LINKS } from './spec';
import { createAccount, signIn } from './support';

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

test.describe('header at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is fixed, 72 px high, and lists the navigation in SPEC order with a divider before Resources', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('position', 'fixed');
    expect((await header.boundingBox())?.height).toBe(72);

    const nav = header.getByRole('navigation', { name: 'Main' });
    const items = nav.locator(':scope > ul > li');
    const labels = (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    expect(labels).toEqual(HEADER_ORDER);
    const resourcesIndex = await items.evaluateAll((lis) =>
      lis.findIndex((li) => li.textContent?.trim() === 'Resources'),
    );
    await expect(items.nth(resourcesIndex - 1)).toHaveAttribute('aria-hidden', 'true');
    await expect(items.nth(resourcesIndex - 2)).toHaveText('Email');

    await page.mouse.wheel(0, 1500);
    expect((await header.boundingBox())?.y).toBe(0);
  });

  for (const [label, path] of TOP_LINKS) {
    test(`${label} goes to ${path}`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  for (const [group, items] of Object.entries(DROPDOWNS)) {
    for (const [label, path] of items) {
      test(`${group} dropdown: ${label} goes to ${path}`, async ({ page }) => {
        await page.goto('/');
        const button = page.getByRole('banner').getByRole('button', { name: group, exact: true });
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await button.click();
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        const list = page.getByRole('list', { name: group });
        await expect(list.getByRole('link')).toHaveText(items.map(([text]) => text));
        await list.getByRole('link', { name: label, exact: true }).click();
        await expect.poll(() => pathOf(page)).toBe(path);
        await expect(page.getByRole('list', { name: group })).toBeHidden();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    }
  }

  test('dropdowns work from the keyboard: Enter opens, Tab walks the links, Escape closes', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'TV', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'TV' });
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'Linear TV' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: 'CTV' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/shop/ctv');
  });

  test('the logo goes home and Sign in goes to /login when nobody is signed in', async ({ page }) => {
    await page.goto('/shop/tv');
    await page.getByRole('banner').getByRole('link', { name: 'Adlane home' }).click();
    await expect.poll(() => pathOf(page)).toBe('/');
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', '/login');
  });
});

/** Where each control of the header is: named controls only, so both moments can be matched. */
function headerBoxes(page: Page) {
  return page.getByRole('banner').evaluate((banner) => {
    const boxes: Record<string, string> = {};
    for (const control of banner.querySelectorAll('a[href], button')) {
      const box = control.getBoundingClientRect();
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim();
      // "Sign in" gives its place to the account: both are the header's last control.
      const key = name === 'Sign in' || name.startsWith('Account menu for ') ? 'account' : name;
      if (box.width > 0) boxes[key] = `${Math.round(box.right)},${Math.round(box.top)}`;
    }
    return boxes;
  });
}

/*
 * Issue 28, point 17: a page drawn from HTML showed a grey box where "Sign in" belongs for its first
 * second. The HTML draws the signed-out header; once the session is known, a signed-in customer's
 * account takes the place of "Sign in", and no control of the header moves.
 */
for (const width of [1280, 390]) {
  test.describe(`the header of a drawn page at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows Sign in before the app runs, then the account in its place, with no layout shift', async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      const account = await createAccount(request);
      await signIn(page, account.email);
      // Every layout shift of the header, from the first paint of the next page on.
      await page.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { headerShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            sources: Array<{ node: Node | null }>;
          }>) {
            const header = document.querySelector('header');
            if (entry.sources.some((source) => source.node && header?.contains(source.node)))
              shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });

      // The page as the server draws it, before any script has run: the same cookies, no JavaScript.
      const drawn = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        viewport: { width, height: 800 },
        storageState: await page.context().storageState(),
      });
      const html = await drawn.newPage();
      await html.goto('/shop/magazines');
      await html.evaluate(() => document.fonts.ready);
      if (width >= 1280) {
        await expect(html.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
      }
      const before = await headerBoxes(html);
      await drawn.close();

      await page.goto('/shop/magazines');
      if (width >= 1280) {
        await expect(
          page.getByRole('banner').getByRole('button', { name: 'Account menu for Dana Reyes' }),
        ).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
      }
      await page.evaluate(() => document.fonts.ready);
      expect(await headerBoxes(page)).toEqual(before);
      expect(
        await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts),
      ).toEqual([]);
    });
  });
}
