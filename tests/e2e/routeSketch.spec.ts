import type { Page } from '@playwright/test';
import type { EddmZip } from '../../contract/directMail';
import { chromiumLaunchOptions } from '../browser';
import { expect, test } from './fixtures';

// SwiftShader gives headless Chromium WebGL, so the map (MapLibre) renders once its code is let through.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const MAP_CODE = '**/assets/maplibreEngine-*.js';
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });
const sketch = (page: Page) => page.getByTestId('route-sketch');
const routesShown = (page: Page) =>
  page
    .getByRole('region', { name: 'Your mailing', exact: true })
    .locator('dt', { hasText: 'Routes' })
    .locator('xpath=following-sibling::dd');

async function zipRoutes(page: Page): Promise<EddmZip> {
  const answer = await page.request.get(`/api/v1/eddm/zip?zip=${ZIP}`);
  return ((await answer.json()) as { data: EddmZip }).data;
}

test('a deep link sketches the routes, clickable, before the map has drawn them; the map takes over', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { routes } = await zipRoutes(page);
  const [first] = routes;
  if (!first) throw new Error(`${ZIP} has routes`);
  // The map's code held back until the test lets it through: the page has only the sketch till then.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(MAP_CODE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/ads/direct-mail/?m=eddm&zip=${ZIP}`);
  await expect(sketch(page)).toBeVisible();
  await expect(sketch(page).locator('path[data-route]')).toHaveCount(routes.length);
  await expect(routeMap(page)).toHaveAttribute('data-sketch', String(routes.length));
  await expect(routeMap(page)).not.toHaveAttribute('data-map-state', 'idle');

  // A route clicked on the sketch is chosen, as on the map.
  await sketch(page).locator(`path[data-route="${first.routecode}"]`).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Route ${first.crid} `) })).toBeChecked();
  await expect(routesShown(page)).toHaveText('1');

  // The pointer on it says which route it is, as the map does.
  const tooltip = routeMap(page).getByText(new RegExp(`^${first.routecode}: [\\d,]+ pieces · chosen$`));
  await sketch(page).locator(`path[data-route="${first.routecode}"]`).hover();
  await expect(tooltip).toBeVisible();

  // The map arrives: at rest with the routes drawn, the sketch is gone (with what the pointer lit on
  // it, though the pointer never left) and the choice kept.
  release();
  await expect(routeMap(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 30_000 });
  await expect(sketch(page)).toBeHidden();
  await expect(tooltip).toBeHidden();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Route ${first.crid} `) })).toBeChecked();
});

test('where the map cannot be drawn, the sketch stays and its routes can be picked', async ({ page }) => {
  const { routes } = await zipRoutes(page);
  const second = routes[1];
  if (!second) throw new Error(`${ZIP} has routes`);
  await page.route(MAP_CODE, (route) => route.abort());
  await page.goto(`/ads/direct-mail/?m=eddm&zip=${ZIP}`);
  await expect(routeMap(page)).toHaveAttribute('data-map-state', 'failed');
  await expect(routeMap(page)).toContainText('cannot show the full map: the routes are sketched');
  await expect(sketch(page).locator('path[data-route]')).toHaveCount(routes.length);
  await sketch(page).locator(`path[data-route="${second.routecode}"]`).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Route ${second.crid} `) })).toBeChecked();
  await expect(routesShown(page)).toHaveText('1');
});
