import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, shotAt, signIn } from './support';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules the product answers to. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Runs axe on the page as it is now and fails with each violation, its rule and where it was met. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG)
    // Headless UI's focus guards around an open popover: hidden buttons that hand focus on (to the
    // panel, or past it) the moment they get it, so a keyboard user never lands on them.
    .exclude('[data-headlessui-focus-guard]')
    .analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `accessibility violations on ${what}`).toEqual([]);
}

const PUBLIC_PAGES = [
  '/',
  '/shop',
  '/shop/magazines?zip=60601',
  '/shop/magazines/PM501-02',
  '/shop/direct-mail',
  '/specs',
  '/specs/website-to-mailbox',
  '/info/resources',
  '/info/ad-design-on-adlane/',
  '/login',
  '/register',
  '/password-reset',
  '/no/such/page',
];

for (const width of [1280, 390]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    // Each test checks many pages or states, axe taking a second or two on each.
    test.describe.configure({ timeout: 120_000 });

    test('every public page, as drawn and once the app has it', async ({ page }, testInfo) => {
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} at ${width} px`);
        await shotAt(page, testInfo, path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home', width);
      }
    });

    test('the menus, the search drawer and the mini-cart, open', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      if (width >= 1280) {
        for (const group of ['TV', 'Direct Mail', 'Resources']) {
          await header.getByRole('button', { name: group, exact: true }).click();
          await expect(header.getByRole('button', { name: group, exact: true })).toHaveAttribute(
            'aria-expanded',
            'true',
          );
          await expectAccessible(page, `the ${group} menu`);
          await page.keyboard.press('Escape');
        }
      } else {
        await header.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, 'the navigation drawer');
        await page.getByRole('button', { name: 'Close menu' }).click();
      }
      await header.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('dialog', { name: 'Search Adlane' })).toBeVisible();
      await page.getByRole('dialog', { name: 'Search Adlane' }).getByRole('combobox').fill('chic');
      await expect(
        page.getByRole('dialog', { name: 'Search Adlane' }).getByRole('option').first(),
      ).toBeVisible();
      await expectAccessible(page, 'the search drawer with results');
      await page.getByRole('button', { name: 'Close search' }).click();
      await expect(page.getByRole('dialog', { name: 'Search Adlane' })).toBeHidden();
      await header.getByRole('button', { name: /^Cart, / }).click();
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      await expectAccessible(page, 'the mini-cart');
    });

    test('the every-door map page', async ({ page }) => {
      await page.goto('/ads/direct-mail/?m=eddm&zip=60614');
      await expect(page.locator('section[data-map-state="idle"]')).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'the every-door map');
    });

    test('the dashboard, signed in', async ({ page, request }) => {
      const account = await createAccount(request);
      await signIn(page, account.email);
      await expectAccessible(page, '/dashboard');
      for (const path of [
        '/orders/upcoming',
        '/orders/past',
        '/files',
        '/billing',
        '/account/profile',
        '/team',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} at ${width} px`);
      }
      if (width >= 1280) {
        await page
          .getByRole('banner')
          .getByRole('button', { name: /^Account menu for / })
          .click();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expectAccessible(page, 'the account menu');
      } else {
        await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, 'the navigation drawer, signed in');
      }
    });
  });
}

/** The longest shake of a field in error, and the longest transition in the open search drawer, in seconds. */
async function motionOf(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const shake = await email.evaluate((field) => Number.parseFloat(getComputedStyle(field).animationDuration));
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const drawer = page.getByRole('dialog', { name: 'Search Adlane' });
  await expect(drawer).toBeVisible();
  const slide = await drawer.evaluate((dialog) =>
    Math.max(
      ...[dialog, ...dialog.querySelectorAll('*')].map((element) =>
        Number.parseFloat(getComputedStyle(element).transitionDuration),
      ),
    ),
  );
  return { shake, slide };
}

test.describe('motion', () => {
  test.use({ viewport: { width: 1280, height: 844 } });

  test('a field in error shakes and the search drawer slides in', async ({ page }) => {
    const { shake, slide } = await motionOf(page);
    expect(shake).toBeGreaterThan(0.1);
    expect(slide).toBeGreaterThan(0.1);
  });

  test.describe('with reduced motion asked for', () => {
    test.use({ reducedMotion: 'reduce' });

    test('nothing shakes or slides', async ({ page }) => {
      const { shake, slide } = await motionOf(page);
      expect(shake).toBeLessThan(0.001);
      expect(slide).toBeLessThan(0.001);
    });
  });
});
