import { expect, test } from './fixtures';
import { DROPDOWNS, TOP_LINKS } from './spec';

test.describe('navigation drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the desktop navigation is hidden and a menu button opens a left drawer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const panel = await drawer.locator('nav').boundingBox();
    expect(panel?.x).toBeLessThan(20);
  });

  test('groups expand in place, Resources is flat, and there is a Shop button and an Account section', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });

    for (const [label, path] of TOP_LINKS) {
      await expect(drawer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
    }
    for (const group of ['TV', 'Direct Mail'] as const) {
      const toggle = drawer.getByRole('button', { name: group, exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      for (const [label] of DROPDOWNS[group])
        await expect(drawer.getByRole('link', { name: label, exact: true })).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const [label, path] of DROPDOWNS[group]) {
        await expect(drawer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
      }
    }

    const resources = drawer.getByRole('region', { name: 'Resources' });
    await expect(drawer.getByRole('button', { name: 'Resources' })).toHaveCount(0);
    for (const [label, path] of DROPDOWNS.Resources) {
      await expect(resources.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
    }
    await expect(drawer.getByRole('link', { name: 'Shop', exact: true })).toHaveAttribute('href', '/shop');
    await expect(
      drawer.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Sign in' }),
    ).toHaveAttribute('href', '/login');
  });

  test('closes after navigating, whichever link was used', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Magazines' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/magazines$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'TV', exact: true }).click();
    await drawer.getByRole('link', { name: 'CTV' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/ctv$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('closes when its link is the page already shown', async ({ page }) => {
    await page.goto('/shop/magazines');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Magazines' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/magazines$/);
  });

  test('closes with Escape and with its close button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
