import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';

/*
 * Issue 28, point 15: the "Chat with us" launcher hid headings, buttons and fields ("Every kind of
 * media", "Families with children", team rows). On the twelve main pages, at rest at the top, at the
 * end and at three places between, it covers none of them; while the page scrolls it is a small icon.
 */

const PUBLIC_PAGES = [
  '/',
  '/shop/magazines?zip=60601',
  '/shop/magazines/PM501-02',
  '/shop/direct-mail',
  '/ads/direct-mail/?m=eddm&zip=60614',
  '/specs',
  '/info/resources',
  '/login',
];
const DASHBOARD_PAGES = ['/dashboard', '/orders/upcoming', '/files', '/team', '/billing'];

const launcherOf = (page: Page) => page.getByRole('button', { name: 'Chat with us' });

/**
 * What the launcher hides, described: a heading's lines of text, a link, a button or a field of the
 * page (nothing of the chat widget itself), each where it is on screen.
 */
function hiddenByLauncher(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector('#adlane-chat button[aria-controls]');
    if (!launcher) return ['no launcher on the page'];
    const own = launcher.closest('#adlane-chat');
    const at = launcher.getBoundingClientRect();
    const overlaps = (box: DOMRect) =>
      box.width > 0 &&
      box.left < at.right &&
      at.left < box.right &&
      box.top < at.bottom &&
      at.top < box.bottom;
    const found: string[] = [];
    for (const element of document.querySelectorAll(
      'h1, h2, h3, h4, h5, h6, a[href], button, input, select, textarea, [role="button"], [role="checkbox"]',
    )) {
      // What is not drawn cannot be hidden: the fields of a closed <details> keep a box where they
      // would be (Chromium lays them out under content-visibility: hidden), and nobody sees them.
      if (own?.contains(element) || !element.checkVisibility()) continue;
      let boxes: DOMRect[] = [element.getBoundingClientRect()];
      if (/^H\d$/.test(element.tagName)) {
        const range = document.createRange();
        range.selectNodeContents(element);
        boxes = [...range.getClientRects()];
      }
      const hit = boxes.find(overlaps);
      if (hit) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        found.push(
          `${element.tagName.toLowerCase()} "${name}" at ${Math.round(hit.left)},${Math.round(hit.top)}`,
        );
      }
    }
    return found;
  });
}

/** The launcher's forms from now on (pill or compact), in order: each change is recorded as it happens. */
async function recordForms(page: Page) {
  await page.evaluate(() => {
    const launcher = document.querySelector('#adlane-chat button[aria-controls]');
    const forms: string[] = [];
    (window as unknown as { launcherForms: string[] }).launcherForms = forms;
    if (!launcher) return;
    new MutationObserver(() => forms.push(launcher.getAttribute('data-form') ?? '')).observe(launcher, {
      attributes: true,
      attributeFilter: ['data-form'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { launcherForms: string[] }).launcherForms);
}

async function expectClearOfContent(page: Page, path: string, width: number) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(launcherOf(page)).toBeVisible();
  // The launcher settles once the page has been still a moment: what a person then sees counts.
  await expect
    .poll(() => hiddenByLauncher(page), { message: `${path} at ${width} px, at the top` })
    .toEqual([]);

  if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 600)) {
    const forms = await recordForms(page);
    await page.mouse.move(width / 2, 300);
    await page.mouse.wheel(0, 600);
    await expect
      .poll(forms, { message: `${path}: the launcher is an icon while the page scrolls` })
      .toContain('compact');
  }

  // At rest anywhere in between too: a grid of tiles or a form filling the screen included.
  for (const share of [0.25, 0.5, 0.75]) {
    await page.evaluate((at) => window.scrollTo(0, document.documentElement.scrollHeight * at), share);
    await expect
      .poll(() => hiddenByLauncher(page), { message: `${path} at ${width} px, ${share * 100} % down` })
      .toEqual([]);
  }

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() => hiddenByLauncher(page), { message: `${path} at ${width} px, at the end` })
    .toEqual([]);
  // The room left below the footer is the launcher's: at the end of a page it says what it is.
  await expect(launcherOf(page)).toHaveAttribute('data-form', 'pill');
  await expect(launcherOf(page)).toContainText('Chat with us');
}

for (const width of [1280, 390]) {
  test.describe(`the chat launcher at ${width} px`, () => {
    test.use({ viewport: { width, height: width >= 1280 ? 800 : 844 } });
    test.describe.configure({ timeout: 120_000 });

    test('hides no heading, link, button or field of the public pages', async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expectClearOfContent(page, path, width);
      }
    });

    test('hides none of the dashboard’s, a team with members included', async ({ page, request }) => {
      const account = await createAccount(request);
      for (const name of ['Sam', 'Ana', 'Lee', 'Kim']) {
        const invited = await request.post('/api/v1/team/invite', {
          headers: { authorization: `Bearer ${account.token}` },
          data: {
            email: `${name.toLowerCase()}.${Date.now()}@bakery.example`,
            role: 'member',
            firstname: name,
          },
        });
        expect(invited.status(), await invited.text()).toBe(200);
      }
      await signIn(page, account.email);
      for (const path of DASHBOARD_PAGES) {
        await page.goto(path);
        await expectClearOfContent(page, path, width);
      }
    });
  });
}
