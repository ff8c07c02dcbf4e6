import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedStore } from './support';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Search Adlane' });
const searchBox = (page: Page) => drawer(page).getByRole('combobox', { name: 'Search Adlane' });
const hits = (page: Page) =>
  drawer(page).getByRole('listbox', { name: 'Search results' }).getByRole('option');

async function openDrawer(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(drawer(page)).toBeVisible();
}

test('the drawer says what search is for, and opens and closes with the keyboard', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await expect(button).toBeVisible();
  // The shortcut opens it with the focus in the box...
  await page.keyboard.press('/');
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole('heading', { name: 'Search Adlane' })).toBeVisible();
  await expect(drawer(page)).toContainText('Where do you want to advertise?');
  await expect(drawer(page)).toContainText(
    'Search for titles (eg. Architectural Digest) or places (eg. Chicago).',
  );
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search');
  // ...Escape closes it, and the header's button opens it again from the keyboard.
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(button).toBeFocused();
});

test('typing “chic” shows Chicago; choosing it opens the shop with the zip stored', async ({ page }) => {
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).pressSequentially('chic');
  const chicago = hits(page)
    .filter({ hasText: /^Chicago, IL/ })
    .first();
  await expect(chicago).toBeVisible();
  await expect(drawer(page).getByRole('status').first()).toContainText(/\d+ results? for “chic”/);
  // The matched part is highlighted.
  await expect(chicago.locator('mark').first()).toHaveText(/chic/i);
  // Keyboard: down until the Chicago hit is the active option, then Enter opens it.
  for (let presses = 0; presses < 20 && (await chicago.getAttribute('data-focus')) === null; presses++)
    await page.keyboard.press('ArrowDown');
  await expect(chicago).toHaveAttribute('data-focus');
  await expect(searchBox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await chicago.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?zip=606\d\d/);
  await expect(drawer(page)).toBeHidden();
  const zip = new URL(page.url()).searchParams.get('zip');
  expect(((await storedStore(page)).shopSearch as { zip: string }).zip).toBe(zip);
  await expect(page.getByRole('region', { name: 'Placements' })).toContainText('Chicago');
});

test('a title hit opens the placement’s page, typos and all', async ({ page }) => {
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).fill('architectural dig');
  const title = hits(page)
    .filter({ hasText: /^Architectural Digest/ })
    .first();
  await expect(title).toBeVisible();
  const name = ((await title.locator('span.font-semibold').textContent()) ?? '').trim();
  await title.click();
  await expect(page).toHaveURL(/\/shop\/magazines\/[A-Z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await openDrawer(page);
  await searchBox(page).fill('chicgo');
  await expect(
    hits(page)
      .filter({ hasText: /^Chicago, IL/ })
      .first(),
  ).toBeVisible();
});

test('“Places only” hides media hits', async ({ page }) => {
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).fill('chicago');
  await expect(
    hits(page)
      .filter({ hasText: /Magazine|TV|Online|Out of Home/ })
      .first(),
  ).toBeVisible();
  await drawer(page).getByRole('switch', { name: 'Places only' }).click();
  await expect(hits(page).first()).toBeVisible();
  await expect(hits(page).filter({ hasText: /Magazine|TV|Online|Out of Home|Direct Mail/ })).toHaveCount(0);
  for (const text of await hits(page).allTextContents()) expect(text).toMatch(/City|Zip code|Market|State/);
});

test('clearing the text clears the stored zip, and an empty box searches nothing', async ({ page }) => {
  // Every query the page sends to the search API, in order.
  const searched: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/1/indexes/')) return;
    const body = (r.postDataJSON() ?? {}) as {
      requests?: Array<{ query?: string; params?: { query?: string } }>;
    };
    for (const request of body.requests ?? []) searched.push(request.query ?? request.params?.query ?? '');
  });
  await page.goto('/shop?zip=60601');
  await expect(page.getByRole('region', { name: 'Placements' })).toBeVisible();
  expect(((await storedStore(page)).shopSearch as { zip: string }).zip).toBe('60601');
  await openDrawer(page);
  await searchBox(page).fill('chic');
  await expect(hits(page).first()).toBeVisible();
  expect(searched).toContain('chic');
  const beforeClearing = searched.length;
  await drawer(page).getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(hits(page)).toHaveCount(0);
  expect(((await storedStore(page)).shopSearch as { zip: string }).zip).toBe('');
  // InstantSearch still searches for the empty text, and is answered without a request. The next
  // search leaves after that one (searches go out in the order they are typed), so once its answer
  // is in, the log holds every request the clearing could have sent: there must be none.
  const next = page.waitForResponse(
    (r) =>
      r.url().includes('/1/indexes/') &&
      JSON.stringify(r.request().postDataJSON() ?? {}).includes('"query":"springfield"'),
  );
  await searchBox(page).fill('springfield');
  await next;
  await expect(hits(page).first()).toBeVisible();
  expect(searched.slice(beforeClearing)).toEqual(['springfield']);
});

test('turning “Places only” on shows the places found at once, and says it is searching while the filtered answer is late', async ({
  page,
}) => {
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).fill('chicago');
  const media = hits(page).filter({ hasText: /Magazine|TV|Online|Out of Home|Direct Mail/ });
  await expect(media.first()).toBeVisible();
  const status = drawer(page).getByRole('status');
  await expect(status).toHaveText(/results? for “chicago”/);
  // The filtered search is held until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/1/indexes/*/queries**', async (route) => {
    if (JSON.stringify(route.request().postDataJSON()).includes('type:location')) await held;
    await route.continue();
  });
  await drawer(page).getByRole('switch', { name: 'Places only' }).click();
  // The last answer's places stay; its media go at once, and its count (of everything) with them.
  await expect(media).toHaveCount(0);
  await expect(
    hits(page)
      .filter({ hasText: /City|Zip code|Market|State/ })
      .first(),
  ).toBeVisible();
  await expect(status).toHaveText('Searching…');
  release();
  await expect(status).toHaveText(/results? for “chicago”/);
  await expect(media).toHaveCount(0);
  for (const text of await hits(page).allTextContents()) expect(text).toMatch(/City|Zip code|Market|State/);
});

test('after a failed “Places only” search, Try again and the next keystroke still search with the filter', async ({
  page,
}) => {
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).fill('chicago');
  const status = drawer(page).getByRole('status');
  await expect(status).toHaveText(/results? for “chicago”/);
  const sent: Array<{ query: string; placesOnly: boolean }> = [];
  // The first filtered search fails, and later the one for this text.
  let failNext = true;
  let failQuery = '';
  await page.route('**/1/indexes/*/queries**', async (route) => {
    const body = route.request().postDataJSON() as { requests: Array<{ query?: string }> };
    const placesOnly = JSON.stringify(body).includes('type:location');
    const query = body.requests[0]?.query ?? '';
    sent.push({ query, placesOnly });
    if ((placesOnly && failNext) || query === failQuery) {
      failNext = false;
      failQuery = '';
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
    } else await route.continue();
  });
  await drawer(page).getByRole('switch', { name: 'Places only' }).click();
  await expect(status).toHaveText('Search is unavailable right now.');
  await drawer(page).getByRole('button', { name: 'Try again' }).click();
  await expect(status).toHaveText(/results? for “chicago”/);
  expect(sent.at(-1)).toEqual({ query: 'chicago', placesOnly: true });
  for (const text of await hits(page).allTextContents()) expect(text).toMatch(/City|Zip code|Market|State/);

  // A failure, then a keystroke (no Try again): the text and the filter go out as they are.
  failQuery = 'new yor';
  await searchBox(page).fill('new yor');
  await expect(status).toHaveText('Search is unavailable right now.');
  await searchBox(page).press('End');
  await searchBox(page).press('k');
  await expect(status).toHaveText(/results? for “new york”/);
  expect(sent.at(-1)).toEqual({ query: 'new york', placesOnly: true });
  for (const text of await hits(page).allTextContents()) expect(text).toMatch(/City|Zip code|Market|State/);
});

test('markup in a search record is shown as text, never run', async ({ page }) => {
  const evil = '<img src=x onerror="window.__pwned=1">';
  await page.route('**/1/indexes/*/queries**', async (route) => {
    const body = route.request().postDataJSON() as { requests: Array<{ query?: string }> };
    const query = body.requests[0]?.query ?? '';
    const hit = {
      objectID: 'media-XSS-1',
      text: `${evil} Chicago Weekly`,
      type: 'printmag',
      partner: null,
      url: '/shop/magazines/XSS-1',
      zip: null,
      place_kind: null,
      state: 'IL',
      popularity: 1,
      _highlightResult: {
        text: {
          value: `${evil} __ais-highlight__Chicago__/ais-highlight__ Weekly`,
          matchLevel: 'full',
          matchedWords: ['chicago'],
        },
      },
    };
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        results: [
          {
            hits: [hit],
            nbHits: 1,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            processingTimeMS: 1,
            query,
            params: '',
          },
        ],
      }),
    });
  });
  await page.goto('/');
  await openDrawer(page);
  await searchBox(page).fill('chicago');
  await expect(hits(page).first()).toContainText(`${evil} Chicago Weekly`);
  await expect(hits(page).first().locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('on wide screens', () => {
  test.use({ viewport: { width: 1500, height: 900 } });

  test('the header’s own search drops its hits down and closes on choosing one', async ({ page }) => {
    // The app's machines arrive late (a slow network): typing before they do must not be lost.
    await page.route('**/assets/system-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto('/');
    const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search Adlane' });
    await field.click();
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search Adlane' });
    // Typed while the search code loads: nothing is lost.
    await page.keyboard.type('chic');
    await expect(box).toHaveValue('chic');
    const list = page.getByRole('banner').getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('chic');
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await list
      .getByRole('option')
      .filter({ hasText: /^Chicago, IL/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shop\?zip=606\d\d/);
    await expect(list).toBeHidden();
  });
});

/*
 * Issue 28: the search put a Philadelphia edition first for a Chicago visitor. Once the visitor shops
 * in a zip code, that zip code's market comes first among equally good hits.
 */
for (const width of [1280, 390]) {
  test(`at ${width} px, a visitor who shops in Chicago finds Chicago's edition first`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/1/indexes/')) asked.push(JSON.stringify(r.postDataJSON() ?? {}));
    });
    await page.goto('/');
    await openDrawer(page);
    await searchBox(page).fill('house beautiful');
    await expect(hits(page).first()).toContainText('House Beautiful: New York edition');
    await page.getByRole('button', { name: 'Close search' }).click();

    await page.goto('/shop?zip=60601');
    await expect(page.getByRole('region', { name: 'Placements' })).toBeVisible();
    await openDrawer(page);
    await searchBox(page).fill('house beautiful');
    await expect(hits(page).first()).toContainText('House Beautiful: Chicago edition');
    await expect(hits(page).nth(1)).toContainText('House Beautiful: New York edition');
    expect(asked.at(-1)).toContain('optionalFilters');
  });
}
