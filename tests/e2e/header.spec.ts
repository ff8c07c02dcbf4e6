import { expect, type Page, test } from '@playwright/test';
import { DROPDOWNS, HEADER_ORDER, TOP_LINKS } from './spec';

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
        await button.click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem')).toHaveText(items.map(([text]) => text));
        await menu.getByRole('menuitem', { name: label, exact: true }).click();
        await expect.poll(() => pathOf(page)).toBe(path);
        await expect(page.getByRole('menu')).toBeHidden();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    }
  }

  test('dropdowns work from the keyboard', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'TV', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    // Headless UI keeps focus on the menu and points at the active item with aria-activedescendant.
    const menu = page.getByRole('menu');
    const active = async (name: string) =>
      expect(menu).toHaveAttribute(
        'aria-activedescendant',
        (await menu.getByRole('menuitem', { name }).getAttribute('id')) ?? '',
      );
    await expect(menu).toBeFocused();
    await active('Linear TV');
    await page.keyboard.press('ArrowDown');
    await active('CTV');
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
