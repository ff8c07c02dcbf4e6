import type { Page } from '@playwright/test';
import type { CarrierRoute, EddmZip } from '../../contract/directMail';
import { chromiumLaunchOptions } from '../browser';
import { inRouteList } from './eddmRouteList';
import { expect, test } from './fixtures';

// SwiftShader gives headless Chromium WebGL, so the map (MapLibre) renders, as in directMail.spec.ts.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });
const mailing = (page: Page) => page.getByRole('region', { name: 'Your mailing', exact: true });
const pieces = (page: Page) =>
  mailing(page).locator('dt', { hasText: 'Pieces' }).locator('xpath=following-sibling::dd');
const count = (n: number) => n.toLocaleString('en-US');
const sum = (routes: readonly CarrierRoute[]) => routes.reduce((total, r) => total + r.total, 0);

/** The income step of the form ($20,000 to $200,000 by $10,000) that leaves some routes in and some out. */
function splittingIncome(routes: readonly CarrierRoute[]): number {
  for (let step = 20_000; step <= 200_000; step += 10_000) {
    const above = routes.filter((r) => (r.median_income ?? -1) >= step).length;
    if (above > 0 && above < routes.length) return step;
  }
  throw new Error('The routes of 60614 all earn alike: no income filter can split them.');
}

for (const width of [1280, 390]) {
  test(`at ${width} px: routes filtered by income change the totals at once, and every route within a mile of the business's pin spans zip codes`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/ads/direct-mail/?m=eddm');
    await page.getByRole('combobox', { name: /Zip code or place/ }).fill(ZIP);
    await page
      .getByRole('option', { name: new RegExp(ZIP) })
      .first()
      .click();
    await expect(routeMap(page)).toHaveAttribute('data-areas', /^[1-9]\d*$/, { timeout: 20_000 });
    const area = ((await (await page.request.get(`/api/v1/eddm/zip?zip=${ZIP}`)).json()) as { data: EddmZip })
      .data;

    // The targeting panel starts open on a desktop and folded on a phone (the map is not pushed a
    // screen down); its summary unfolds it.
    const incomeFloor = page.getByRole('combobox', { name: /^Household income/ }).first();
    if (width < 769) {
      await expect(incomeFloor).toBeHidden();
      await page.getByText('Target routes', { exact: true }).click();
    }
    await expect(incomeFloor).toBeVisible();
    // Every route of 60614, then a floor on household income: the totals follow at once.
    await inRouteList(page, width, (list) =>
      list.getByRole('button', { name: 'Select all', exact: true }).click(),
    );
    await expect(pieces(page)).toHaveText(count(sum(area.routes)));
    const floor = splittingIncome(area.routes);
    const kept = area.routes.filter((r) => (r.median_income ?? -1) >= floor);
    await page.getByRole('combobox', { name: 'Household income from' }).selectOption(String(floor));
    await expect(pieces(page)).toHaveText(count(sum(kept)));
    const hiddenCount = area.routes.length - kept.length;
    await expect(
      mailing(page).getByText(
        `${hiddenCount} ${hiddenCount === 1 ? 'route' : 'routes'} hidden by your filters`,
      ),
    ).toBeVisible();
    await expect(routeMap(page)).toHaveAttribute('data-dimmed', String(hiddenCount));
    // Cleared, the hidden routes come back: nothing was lost.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(pieces(page)).toHaveText(count(sum(area.routes)));
    await inRouteList(page, width, (list) =>
      list.getByRole('button', { name: `Clear the routes of ${ZIP}` }).click(),
    );
    await expect(pieces(page)).toHaveText('0');

    // The pin at the business's address (offline, the embedded geocoder knows places and zip codes).
    await page.getByRole('combobox', { name: 'Your business address' }).fill('60614');
    await page.getByRole('option', { name: /60614/ }).first().click();
    await expect(page.getByText(/^Pin: .*60614/)).toBeVisible();
    await expect(routeMap(page)).toHaveAttribute('data-pin', /^-87\.\d+,41\.\d+$/);

    // Every route within a mile of it: routes of more than one zip code join the mailing.
    await page.getByRole('combobox', { name: 'Radius' }).selectOption('1');
    await page.getByRole('button', { name: 'Select every route within 1 mile' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Selected \d+ routes? within 1 mile of your pin/ }),
    ).toBeVisible({
      timeout: 15_000,
    });
    const chosen = mailing(page).getByRole('list', { name: 'Chosen routes' }).getByRole('button');
    await expect(chosen.first()).toBeVisible();
    const names = await chosen.evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute('aria-label') ?? ''),
    );
    const zips = new Set(names.map((name) => name.replace('Remove route ', '').slice(0, 5)));
    expect(zips.has(ZIP)).toBe(true);
    expect(zips.size).toBeGreaterThan(1);
    await expect(routeMap(page)).toHaveAttribute('data-circle', /,1$/);
  });
}
