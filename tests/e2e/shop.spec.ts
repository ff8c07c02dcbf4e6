import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface SearchAnswer {
  data: { items: Array<{ name: string; market: string; unit_price: number }> };
  meta: { total: number };
}

async function apiSearch(page: Page, query: string): Promise<SearchAnswer> {
  const response = await page.request.post(`/api/v1/media/search?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchAnswer;
}

const cardTitles = (page: Page) =>
  page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 });

test('a visitor picks a zip on /shop/magazines and sees the cards the API returns', async ({ page }) => {
  await page.goto('/shop/magazines');
  const picker = page.getByRole('combobox', { name: 'Zip code or city' });
  await picker.fill('60601');
  await page.getByRole('option', { name: 'Chicago, IL 60601' }).click();
  await expect(page).toHaveURL(/\/shop\/magazines\?zip=60601$/);

  const expected = await apiSearch(page, 'media_types[]=printmag&lifestyle=all&zip[]=60601&per_page=24');
  expect(expected.data.items.length).toBeGreaterThan(0);
  await expect(cardTitles(page)).toHaveText(expected.data.items.map((m) => m.name));
  await expect(page.getByRole('status').filter({ hasText: 'placements' })).toContainText(
    `${expected.meta.total} placements in the Chicago, IL market`,
  );
  const first = expected.data.items[0];
  const firstCard = page.getByRole('article', { name: first?.name });
  await expect(firstCard).toContainText(`$${first?.unit_price.toLocaleString('en-US')}`);
  await expect(firstCard).toContainText('Chicago, IL');
});

test('the chosen zip is stored: it survives a reload and follows the visitor to other shop pages', async ({
  page,
}) => {
  await page.goto('/shop/magazines?zip=10001');
  await expect(cardTitles(page).first()).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/zip=10001/);

  await page.getByRole('banner').getByRole('button', { name: 'TV', exact: true }).click();
  await page.getByRole('list', { name: 'TV' }).getByRole('link', { name: 'Linear TV' }).click();
  await expect(page).toHaveURL(/\/shop\/tv\?zip=10001$/);
  const expected = await apiSearch(page, 'media_types[]=tv&zip[]=10001&per_page=24');
  await expect(cardTitles(page)).toHaveText(expected.data.items.map((m) => m.name));
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('adlaneStorefrontStore') ?? '{}'));
  expect(stored.shopSearch).toMatchObject({ zip: '10001', lifestyle: { value: 'all', label: 'Everything' } });
});

test('filters by lifestyle, media type and name, and pages through results', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('button', { name: /Media type/ }).click();
  await page.getByRole('option', { name: 'CTV' }).click();
  await expect(page).toHaveURL(/type=ctv/);
  await page.getByRole('button', { name: /Lifestyle/ }).click();
  await page.getByRole('option', { name: 'Sports & Outdoors' }).click();
  await expect(page).toHaveURL(/lifestyle=sports-outdoors/);

  const expected = await apiSearch(page, 'media_types[]=ctv&lifestyle=sports-outdoors&per_page=24');
  await expect(cardTitles(page)).toHaveText(expected.data.items.map((m) => m.name));
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  const second = await apiSearch(page, 'media_types[]=ctv&lifestyle=sports-outdoors&per_page=24&page=2');
  await expect(cardTitles(page)).toHaveText(second.data.items.map((m) => m.name));

  await page.getByRole('searchbox', { name: 'Name contains' }).fill('sports fans');
  await page.getByRole('button', { name: 'Filter by name' }).click();
  await expect(page).toHaveURL(/q=sports\+fans/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(cardTitles(page).first()).toHaveText('Streaming TV: Sports fans');
});

test('an empty result says so and offers to clear the filters', async ({ page }) => {
  await page.goto('/shop/out-of-home?q=zzqqxx');
  await expect(page.getByRole('heading', { name: 'No placements match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/shop\/out-of-home$/);
  await expect(cardTitles(page).first()).toBeVisible();
});

test('a failed search shows an error that keeps the filters, and Try again recovers', async ({ page }) => {
  // The first page comes drawn by the server: the search that fails is the next one, in the browser.
  await page.goto('/shop/tv?zip=60601');
  await expect(cardTitles(page).first()).toBeVisible();
  await page.route('**/api/v1/media/search**', (route) => route.abort());
  await page.getByRole('button', { name: /Lifestyle/ }).click();
  await page.getByRole('option', { name: 'Arts & Culture' }).click();
  await expect(page.getByRole('alert')).toContainText('We couldn’t load placements');
  await expect(page.getByRole('button', { name: /Lifestyle/ })).toContainText('Arts & Culture');
  await expect(page.getByRole('combobox', { name: 'Zip code or city' })).toHaveValue('Zip code 60601');
  await page.unroute('**/api/v1/media/search**');
  await page.getByRole('button', { name: 'Try again' }).click();
  const expected = await apiSearch(page, 'media_types[]=tv&lifestyle=arts-culture&zip[]=60601&per_page=24');
  expect(expected.data.items.length).toBeGreaterThan(0);
  await expect(cardTitles(page)).toHaveText(expected.data.items.map((m) => m.name));
  await expect(page).toHaveURL(/zip=60601&lifestyle=arts-culture/);
});

test('an unknown shop section is a not-found page', async ({ page }) => {
  await page.goto('/shop/radio');
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
});

test('a page past the last one says so and leads back to the first', async ({ page }) => {
  await page.goto('/shop/magazines?zip=60601&page=40');
  await expect(page.getByRole('heading', { name: 'This page is past the last one' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/\/shop\/magazines\?zip=60601$/);
  await expect(cardTitles(page).first()).toBeVisible();
});
