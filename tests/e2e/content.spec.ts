import { expect, test } from './fixtures';

/** Issue 8: the spec sheets, the resource hub and the design-help offer, read over /graphql. */

const description = (page: import('@playwright/test').Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

test.describe('/specs', () => {
  test('lists every media type’s sheets under its heading, and searches them with the words in the URL', async ({
    page,
  }) => {
    await page.goto('/specs');
    await expect(page.getByRole('heading', { level: 1, name: 'Ad specifications' })).toBeVisible();
    await expect(page).toHaveTitle('Ad specifications · Adlane');
    expect(await description(page)).toMatch(/file formats/);
    const groups = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(groups).toHaveText([
      'Magazines',
      'Linear TV',
      'CTV',
      'Digital Out of Home',
      'Online',
      'Every Door Direct Mail',
      'Audience-based Direct Mail',
      'Email',
      'Ad design',
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'spec sheets' })).toHaveText('13 spec sheets');
    const online = page.getByRole('region', { name: 'Online' });
    await expect(online.getByRole('heading', { level: 3 })).toHaveText([
      'Online display ads',
      'Google search ads',
      'Geofencing ads (GroundTruth)',
    ]);

    const box = page.getByRole('searchbox', { name: 'Search the specs' });
    await box.fill('postcard');
    await expect(page.getByRole('heading', { level: 3, name: 'Linear TV spots' })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 3, name: 'Every Door Direct Mail postcards' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('“postcard”');
    // The words reach the address after a pause in typing, so the search can be shared.
    await expect(page).toHaveURL(/\/specs\?q=postcard$/);

    // The search survives a reload, and the box shows it.
    await page.reload();
    await expect(box).toHaveValue('postcard');
    await expect(page.getByRole('heading', { level: 3, name: 'Linear TV spots' })).toHaveCount(0);

    await box.fill('zzzz nothing like this');
    await expect(page.getByRole('heading', { level: 2, name: /No spec sheet mentions/ })).toBeVisible();
    await page.getByRole('button', { name: 'Show all spec sheets' }).click();
    await expect(box).toHaveValue('');
    await expect(page).toHaveURL(/\/specs$/);
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(13);
  });

  for (const [slug, title, shop, shopPath, shopHeading] of [
    ['dedicated-email-blasts', 'Dedicated e-mail blasts', 'Shop Email', '/shop/email', 'Email'],
    [
      'direct-mail-daily-mailers',
      'Daily Mailers',
      'Shop Audience Based Direct Mail',
      '/shop/direct-mail',
      'Audience Based Direct Mail',
    ],
    [
      'website-to-mailbox',
      'Website to Mailbox',
      'Shop Audience Based Direct Mail',
      '/shop/direct-mail',
      'Audience Based Direct Mail',
    ],
  ] as const) {
    test(`/specs/${slug} says what to deliver and by when, and links to its shop`, async ({ page }) => {
      await page.goto(`/specs/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} · Adlane`);
      expect((await description(page))?.length).toBeGreaterThan(40);
      const glance = page.getByRole('region', { name: 'Specs at a glance' });
      expect(await glance.getByRole('term').count()).toBeGreaterThanOrEqual(4);
      const deadlines = page.getByRole('region', { name: 'Deadlines' });
      await expect(deadlines.getByRole('listitem').first()).toContainText(/before|Friday|days/);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
        'Ad specifications',
      ]);
      await page.getByRole('link', { name: shop }).first().click();
      await expect(page).toHaveURL(new RegExp(`${shopPath}$`));
      await expect(page.getByRole('heading', { level: 1, name: shopHeading })).toBeVisible();
    });
  }

  test('an unknown sheet shows the not-found page', async ({ page }) => {
    await page.goto('/specs/no-such-sheet');
    await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
  });

  test('when the content API cannot be reached, the page says so and Try again recovers', async ({
    page,
  }) => {
    await page.goto('/');
    await page.route('**/graphql', (route) => route.abort('connectionrefused'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Ad specs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page didn’t load' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Check your connection');
    await page.unroute('**/graphql');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ad specifications' })).toBeVisible();
  });
});

test.describe('/info/resources', () => {
  test('lists the newest articles, shows more on request and filters by category', async ({ page }) => {
    await page.goto('/info/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Resource hub' })).toBeVisible();
    await expect(page).toHaveTitle('Resource hub · Adlane');
    const articles = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(articles).toHaveCount(9);
    await expect(articles.first()).toHaveText('Tracking calls and visits from offline ads');
    await expect(page.getByText('Showing 9 of 14 articles')).toBeVisible();

    await page.getByRole('button', { name: 'Show more articles' }).click();
    await expect(articles).toHaveCount(14);
    await expect(page.getByText('Showing 14 of 14 articles')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more articles' })).toHaveCount(0);
    // Keyboard users carry on from the first new article.
    await expect(
      page.getByRole('link', { name: /Frequency: how often people need to see your ad/ }),
    ).toBeFocused();

    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: /Creative/ }).click();
    await expect(page).toHaveURL(/\/info\/resources\?category=creative$/);
    await expect(categories.getByRole('link', { name: /Creative/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Creative' })).toBeVisible();
    await expect(articles).toHaveCount(4);
    await expect(page).toHaveTitle('Creative · Resource hub · Adlane');
  });

  test('an article reads in full, with its specs and more from its category', async ({ page }) => {
    await page.goto('/info/resources?category=creative');
    await page.getByRole('link', { name: /What makes a postcard get read/ }).click();
    await expect(page).toHaveURL(/\/info\/resources\/what-makes-a-postcard-get-read$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'What makes a postcard get read' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('What makes a postcard get read · Adlane');
    const related = page.getByRole('region', { name: 'Specs for these placements' });
    await expect(related.getByRole('link').first()).toBeVisible();
    const more = page.getByRole('region', { name: 'More in Creative' });
    await expect(more.getByRole('link', { name: /What makes a postcard/ })).toHaveCount(0);
    await related.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/specs\/[a-z-]+$/);
    await expect(page.getByRole('region', { name: 'Specs at a glance' })).toBeVisible();
  });

  test('an unknown article or category shows the not-found page', async ({ page }) => {
    for (const path of ['/info/resources/no-such-article', '/info/resources?category=no-such-category']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
    }
  });
});

test.describe('/info/ad-design-on-adlane/', () => {
  test('shows what design costs and orders a package into the cart as a custom item', async ({ page }) => {
    await page.goto('/info/ad-design-on-adlane/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ad design on Adlane' })).toBeVisible();
    await expect(page).toHaveTitle('Ad design on Adlane · Adlane');
    expect(await description(page)).toMatch(/^Adlane's studio designs .+\.$/);
    const postcard = page.getByRole('article', { name: 'Ad design: postcard (6.25 × 9 in)' });
    await expect(postcard).toContainText('$199');
    await expect(postcard).toContainText('Ready in 4 business days');
    await expect(page.getByRole('article')).toHaveCount(8);

    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    const add = postcard.getByRole('button', { name: 'Add to cart' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(postcard.getByText('In your cart')).toBeVisible();
    // The keyboard stays where it was, ready for the next package.
    await expect(add).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Added to your cart' })).toBeVisible();

    // It is a real cart line: still there after a reload, priced by the catalogue.
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
    const line = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Ad design: postcard (6.25 × 9 in)');
    await expect(line).toContainText('$199');
  });

  test('the questions open and close from the keyboard', async ({ page }) => {
    await page.goto('/info/ad-design-on-adlane/');
    const question = page.getByText('Who owns the finished ad?');
    const answer = page.getByText('You do, and you can run it anywhere.', { exact: false });
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });

  test('another product’s design page is not this one', async ({ page }) => {
    await page.goto('/info/ad-design-on-someoneelse/');
    await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
  });
});
