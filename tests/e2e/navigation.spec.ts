import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DROPDOWNS, TOP_LINKS } from './spec';

/**
 * Issue 8, acceptance 5: every header, drawer and footer link of SPEC section 2 reaches a real page
 * (a heading, no not-found or error page, nothing wider than the screen), at 1280 and 390 px. Each
 * link is followed the way a visitor would: from the page the previous link led to, through the
 * header's dropdowns on a wide screen or the drawer on a phone.
 */

type Step = { group: keyof typeof DROPDOWNS | null; label: string; path: string };

const HEADER_STEPS: Step[] = [
  ...TOP_LINKS.map(([label, path]) => ({ group: null, label, path })),
  ...Object.entries(DROPDOWNS).flatMap(([group, items]) =>
    items.map(([label, path]) => ({ group: group as keyof typeof DROPDOWNS, label, path })),
  ),
];

const FOOTER_LINKS = [
  ['Resource Hub', '/info/resources'],
  ['Ad specs', '/specs'],
] as const;

/**
 * The heading each link's page opens with. The router changes the address before the page has
 * loaded, so the test waits for this heading, not the address, before it looks at the page.
 */
const HEADINGS: Record<string, string | RegExp> = {
  '/shop/magazines': 'Magazines',
  '/shop/websites': 'Online',
  '/shop/tv': 'Linear TV',
  '/shop/ctv': 'CTV',
  '/shop/out-of-home': 'Out of Home',
  '/ads/direct-mail/?m=eddm': 'Every Door Direct Mail',
  '/shop/direct-mail': 'Audience Based Direct Mail',
  '/specs/direct-mail-daily-mailers': 'Daily Mailers',
  '/specs/website-to-mailbox': 'Website to Mailbox',
  '/shop/email': 'Email',
  '/specs': 'Ad specifications',
  '/info/resources': 'Resource hub',
  '/info/ad-design-on-adlane/': 'Ad design on Adlane',
  '/login': 'Sign in to Adlane',
  '/shop': 'Shop all media',
  '/': /^Advertise where your customers are/,
};

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function expectRealPage(page: Page, path: string, width: number) {
  const expected = HEADINGS[path];
  if (expected === undefined) throw new Error(`No heading is written down for ${path}.`);
  await expect.poll(() => pathOf(page)).toBe(path);
  // A not-found or error page has a heading too, but not this one.
  await expect(page.getByRole('heading', { level: 1 }), `${path} opens with its heading`).toHaveText(
    expected,
  );
  await expect(page).not.toHaveTitle(/Page not found/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} fits ${width} px without scrolling sideways`).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  const wide = width >= 1200;
  test.describe(`navigation at ${width} px`, () => {
    test.use({ viewport: { width, height: wide ? 800 : 844 } });

    test('every header link reaches a page with a heading and no error', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      const steps: Step[] = [
        ...HEADER_STEPS,
        { group: null, label: 'Sign in', path: '/login' },
        ...(wide ? [] : [{ group: null, label: 'Shop', path: '/shop' }]),
        { group: null, label: 'Adlane home', path: '/' },
      ];
      for (const step of steps) {
        await test.step(`${step.group ? `${step.group} › ` : ''}${step.label}`, async () => {
          if (wide) {
            const banner = page.getByRole('banner');
            if (step.group) {
              await banner.getByRole('button', { name: step.group, exact: true }).click();
              await page
                .getByRole('list', { name: step.group })
                .getByRole('link', { name: step.label, exact: true })
                .click();
            } else {
              await banner.getByRole('link', { name: step.label, exact: true }).click();
            }
          } else if (step.label === 'Adlane home') {
            await page.getByRole('banner').getByRole('link', { name: step.label }).click();
          } else {
            await page.getByRole('button', { name: 'Open menu' }).click();
            const drawer = page.getByRole('dialog', { name: 'Menu' });
            // Resources is shown flat in the drawer; the other groups expand in place.
            if (step.group && step.group !== 'Resources') {
              await drawer.getByRole('button', { name: step.group, exact: true }).click();
            }
            await drawer.getByRole('link', { name: step.label, exact: true }).click();
            await expect(drawer).toBeHidden();
          }
          await expectRealPage(page, step.path, width);
        });
      }
    });

    test('every footer link reaches its page or document', async ({ page, request }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      for (const [name, path] of FOOTER_LINKS) {
        await footer.getByRole('link', { name }).click();
        await expectRealPage(page, path, width);
      }
      for (const name of [/Terms of service/, /Privacy policy/, /Adchoices/]) {
        const link = footer.getByRole('link', { name });
        await expect(link).toHaveAttribute('target', '_blank');
        const href = (await link.getAttribute('href')) ?? '';
        const response = await request.get(href.replace(/#.*$/, ''));
        expect(response.status(), href).toBe(200);
        expect(response.headers()['content-type']).toBe('application/pdf');
      }
      await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:\S+@\S+$/);
    });
  });
}
