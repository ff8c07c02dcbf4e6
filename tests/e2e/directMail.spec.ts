import type { Locator, Page } from '@playwright/test';
import type { EddmZip } from '../../contract/directMail';
import { chromiumLaunchOptions } from '../browser';
import { openMiniCart } from './cartBrowserWorld';
import { expect, test } from './fixtures';

// SwiftShader gives headless Chromium WebGL, so the maps (MapLibre) render. Only here: software
// WebGL slows every page that shows a map, and elsewhere the maps are not what is tested.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const miniCartItems = (page: Page) =>
  page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });
const totals = (page: Page) => page.getByRole('region', { name: 'Your mailing', exact: true });
const total = (page: Page, term: 'Routes' | 'Pieces' | 'Cost') =>
  totals(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');

/** Web Mercator (512 px tiles, as MapLibre draws): where a point is on the map, from its camera. */
async function pointOnMap(map: Locator, lat: number, lng: number) {
  // The targeting panel sits above the map: it is scrolled into view to be pointed at.
  await map.scrollIntoViewIfNeeded();
  const [center, zoom, box] = await Promise.all([
    map.getAttribute('data-center'),
    map.getAttribute('data-zoom'),
    map.boundingBox(),
  ]);
  if (!center || !zoom || !box) throw new Error('The map has no camera yet.');
  const [centerLng = 0, centerLat = 0] = center.split(',').map(Number);
  const scale = 512 * 2 ** Number(zoom);
  const x = (longitude: number) => ((longitude + 180) / 360) * scale;
  const y = (latitude: number) => {
    const phi = (latitude * Math.PI) / 180;
    return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale;
  };
  return {
    x: box.x + box.width / 2 + x(lng) - x(centerLng),
    y: box.y + box.height / 2 + y(lat) - y(centerLat),
  };
}

/** Opens the every-door page on a zip code, with its routes drawn and the map at rest. */
async function openRoutes(page: Page): Promise<EddmZip> {
  await page.goto('/ads/direct-mail/?m=eddm');
  await expect(page.getByRole('heading', { level: 1, name: 'Every Door Direct Mail' })).toBeVisible();
  await page.getByRole('combobox', { name: /Zip code or place/ }).fill(ZIP);
  await page
    .getByRole('option', { name: new RegExp(ZIP) })
    .first()
    .click();
  await expect(routeMap(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 20_000 });
  await expect(routeMap(page)).toHaveAttribute('data-areas', /^[1-9]\d*$/);
  await expect(routeMap(page)).toHaveAttribute('data-map-state', 'idle');
  const answer = await page.request.get(`/api/v1/eddm/zip?zip=${ZIP}`);
  return ((await answer.json()) as { data: EddmZip }).data;
}

test('every-door mail: routes chosen on the map and in the list, priced at once, become a cart item', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const area = await openRoutes(page);
  const picked = area.routes.slice(0, 3);
  expect(picked).toHaveLength(3);

  // Three routes clicked on the map: each is ticked in the list and the totals follow at once.
  let pieces = 0;
  for (const [i, route] of picked.entries()) {
    const { x, y } = await pointOnMap(routeMap(page), route.label.lat, route.label.lng);
    await page.mouse.click(x, y);
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Route ${route.crid} `) })).toBeChecked();
    pieces += route.total;
    await expect(total(page, 'Routes')).toHaveText(String(i + 1));
    await expect(total(page, 'Pieces')).toHaveText(pieces.toLocaleString('en-US'));
  }
  const costOfThree = await total(page, 'Cost').textContent();
  expect(costOfThree).toMatch(/^\$[\d,]+$/);

  // Homes only: businesses drop out of the pieces.
  await page.getByRole('switch', { name: /Homes only/ }).click();
  const homes = picked.reduce((sum, r) => sum + r.residential, 0);
  await expect(total(page, 'Pieces')).toHaveText(homes.toLocaleString('en-US'));
  await page.getByRole('switch', { name: /Homes only/ }).click();

  // One removed from the chosen list: counts and cost change, and the map and list agree.
  const removed = picked[1];
  if (!removed) throw new Error('three routes were picked');
  await totals(page)
    .getByRole('button', { name: `Remove route ${removed.routecode}` })
    .click();
  await expect(total(page, 'Routes')).toHaveText('2');
  await expect(total(page, 'Pieces')).toHaveText((pieces - removed.total).toLocaleString('en-US'));
  await expect(total(page, 'Cost')).not.toHaveText(costOfThree ?? '');
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Route ${removed.crid} `) })).not.toBeChecked();

  // Saved (a second after the last change), then into the cart.
  await expect(totals(page).getByRole('status')).toHaveText('Saved');
  const shownCost = (await total(page, 'Cost').textContent()) ?? '';
  await totals(page).getByRole('button', { name: 'Add mailing to cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Added to your cart: Every Door Direct Mail/ }),
  ).toBeVisible();
  await openMiniCart(page, page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }));
  await expect(miniCartItems(page).first()).toContainText(`Every Door Direct Mail: ${ZIP}`);
  await expect(miniCartItems(page).first()).toContainText('2 carrier routes');
  // The cart charges what the page showed: one pricing for both.
  await expect(miniCartItems(page).first()).toContainText(shownCost);

  // Removed by mistake, and put back from its toast: the same mailing, its routes and its price.
  await miniCartItems(page)
    .first()
    .getByRole('button', { name: /^Remove Every Door Direct Mail/ })
    .click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await page.keyboard.press('Escape');
  const toasts = page.getByRole('region', { name: 'Notifications' });
  const restored = page.waitForResponse((r) => r.url().endsWith('/restore'));
  await toasts
    .getByRole('status')
    .filter({ hasText: `Removed Every Door Direct Mail: ${ZIP}` })
    .getByRole('button', { name: 'Undo' })
    .click();
  expect((await restored).status()).toBe(200);
  await expect(
    toasts.getByRole('status').filter({ hasText: `Put back in your cart: Every Door Direct Mail: ${ZIP}` }),
  ).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(miniCartItems(page).first()).toContainText('2 carrier routes');
  await expect(miniCartItems(page).first()).toContainText(shownCost);
  await expect(page.getByRole('heading', { name: /^Your cart/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaign-undone-1280.png') });

  // The selection survives a reload.
  await page.reload();
  await expect(total(page, 'Routes')).toHaveText('2');
});

test('hovering a route on the map lights it in the list, and the list lights the map, through window events', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const area = await openRoutes(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __routeEvents: string[] }).__routeEvents = seen;
    for (const name of ['adlane:eddm:map-hover-route', 'adlane:eddm:cart-hover-route'])
      window.addEventListener(name, (event) =>
        seen.push(`${name} ${(event as CustomEvent<{ routecode: string | null }>).detail.routecode}`),
      );
  });
  const events = () => page.evaluate(() => (window as unknown as { __routeEvents: string[] }).__routeEvents);
  const [first, second] = area.routes;
  if (!first || !second) throw new Error('the zip code has routes');

  const { x, y } = await pointOnMap(routeMap(page), first.label.lat, first.label.lng);
  await page.mouse.move(x, y);
  await expect(page.locator(`tr[data-routecode="${first.routecode}"]`)).toHaveAttribute(
    'data-highlighted',
    'true',
  );
  expect(await events()).toContain(`adlane:eddm:map-hover-route ${first.routecode}`);

  await page.locator(`tr[data-routecode="${second.routecode}"]`).hover();
  await expect(routeMap(page)).toHaveAttribute('data-highlighted', second.routecode);
  expect(await events()).toContain(`adlane:eddm:cart-hover-route ${second.routecode}`);
});

test('audience mail: a quote for three zip codes goes into the cart', async ({ page }) => {
  await page.goto(`/shop/direct-mail?zip=${ZIP}`);
  const panel = page.getByRole('region', { name: 'Quote an audience mailing' });
  await expect(panel.getByRole('button', { name: 'Get quote' })).toBeVisible();
  // A zip code that does not exist is named, and what was typed stays.
  const zips = panel.getByRole('textbox', { name: 'Zip codes' });
  await zips.fill('60614, 00000');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  await expect(panel.getByRole('alert').first()).toContainText('00000');
  await expect(zips).toHaveValue('60614, 00000');

  await zips.fill('60614, 60657, 60613');
  await panel.getByRole('button', { name: 'Get quote' }).click();
  const rows = panel.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(panel).toContainText(/[\d,]+ postcards · \$[\d,]+/);
  await panel.getByRole('button', { name: 'Add mailing to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Added to your cart/ })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(miniCartItems(page).first()).toContainText('Audience mail');
});

test('a placement page shows its market on the map', async ({ page }) => {
  await page.goto(`/shop/magazines?zip=${ZIP}`);
  await page
    .getByRole('region', { name: 'Placements' })
    .getByRole('heading', { level: 3 })
    .first()
    .getByRole('link')
    .click();
  // The map loads when it comes near the screen.
  await page.getByRole('heading', { name: 'Market', exact: true }).scrollIntoViewIfNeeded();
  const map = page.getByRole('region', { name: /^Map of the .* market$/ });
  await expect(map).toHaveAttribute('data-outline', 'drawn', { timeout: 20_000 });
  await expect(map).toHaveAttribute('data-map-state', 'idle');
});
