import type { Page } from '@playwright/test';
import type { CarrierRoute, EddmZip } from '../../contract/directMail';
import { chromiumLaunchOptions } from '../browser';
import { placeOrder } from './checkoutSteps';
import { inRouteList, isPhone } from './eddmRouteList';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';

// SwiftShader gives headless Chromium WebGL, so the map (MapLibre) renders, as in directMail.spec.ts.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });
const mailing = (page: Page) => page.getByRole('region', { name: 'Your mailing', exact: true });
const summaryBar = (page: Page) => page.getByRole('region', { name: 'Mailing summary' });
const savedAreas = (page: Page) => page.getByRole('region', { name: 'Saved areas' });
const total = (page: Page, term: 'Routes' | 'Pieces') =>
  mailing(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
const count = (n: number) => n.toLocaleString('en-US');
const sum = (routes: readonly CarrierRoute[]) => routes.reduce((all, r) => all + r.total, 0);

/** A route of the mailing as the page lists it under "Chosen routes". */
type Chosen = { routecode: string; zip: string; pieces: string };

/** The income step of the form ($20,000 to $200,000 by $10,000) that keeps some routes and not others. */
function splittingIncome(routes: readonly CarrierRoute[]): number {
  for (let step = 20_000; step <= 200_000; step += 10_000) {
    const above = routes.filter((r) => (r.median_income ?? -1) >= step).length;
    if (above > 0 && above < routes.length) return step;
  }
  throw new Error('The routes of 60614 all earn alike: no income filter can split them.');
}

/** The routes under "Chosen routes" ("60614C001 387 pieces Remove"), read off the page. */
async function chosenRoutes(page: Page): Promise<Chosen[]> {
  const items = mailing(page).getByRole('list', { name: 'Chosen routes' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const texts = await items.allTextContents();
  return texts.map((text) => {
    const match = /^\s*((\d{5})\S+)\s+([\d,]+) pieces/.exec(text);
    if (!match?.[1] || !match[2] || !match[3]) throw new Error(`A chosen route reads "${text}"`);
    return { routecode: match[1], zip: match[2], pieces: match[3] };
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a customer picks routes by income and within a mile of the shop, saves the area, orders the mailing and finds its routes on the order`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(request, { company: `Journey ${width} Bakery` });
    await signIn(page, account.email);

    await page.goto(`/ads/direct-mail/?m=eddm&zip=${ZIP}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Every Door Direct Mail' })).toBeVisible();
    await expect(routeMap(page)).toHaveAttribute('data-areas', /^[1-9]\d*$/, { timeout: 30_000 });
    const answer = await page.request.get(`/api/v1/eddm/zip?zip=${ZIP}`);
    const area = ((await answer.json()) as { data: EddmZip }).data;

    // On a phone the targeting tools are folded under the map: opened first.
    if (width < 769) await page.getByText('Target routes', { exact: true }).click();

    // By filter: a floor on household income, then every route that meets it; the totals follow at once.
    const floor = splittingIncome(area.routes);
    const kept = area.routes.filter((r) => (r.median_income ?? -1) >= floor);
    await page.getByRole('combobox', { name: 'Household income from' }).selectOption(String(floor));
    await inRouteList(page, width, (list) =>
      list.getByRole('button', { name: `Select all ${kept.length} matching routes of ${ZIP}` }).click(),
    );
    await expect(total(page, 'Routes')).toHaveText(String(kept.length));
    await expect(total(page, 'Pieces')).toHaveText(count(sum(kept)));
    if (isPhone(width))
      await expect(summaryBar(page)).toContainText(
        `${kept.length} route${kept.length === 1 ? '' : 's'} · ${count(sum(kept))} pieces`,
      );
    // The filter cleared, the routes it picked stay picked.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(total(page, 'Pieces')).toHaveText(count(sum(kept)));

    // By radius: the pin at the business's address, then every route within a mile of it.
    await page.getByRole('combobox', { name: 'Your business address' }).fill(ZIP);
    await page
      .getByRole('option', { name: new RegExp(ZIP) })
      .first()
      .click();
    await expect(routeMap(page)).toHaveAttribute('data-pin', /^-87\.\d+,41\.\d+$/);
    await page.getByRole('combobox', { name: 'Radius' }).selectOption('1');
    await page.getByRole('button', { name: 'Select every route within 1 mile' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Selected \d+ routes? within 1 mile of your pin/ }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(routeMap(page)).toHaveAttribute('data-circle', /,1$/);
    const picked = await chosenRoutes(page);
    expect(new Set(picked.map((r) => r.zip)).size).toBeGreaterThan(1);
    await expect(total(page, 'Routes')).toHaveText(String(picked.length));
    const pieces = picked.reduce((all, r) => all + Number(r.pieces.replaceAll(',', '')), 0);
    await expect(total(page, 'Pieces')).toHaveText(count(pieces));

    // Saved as an area of the company, for the next mailing.
    await savedAreas(page).getByRole('textbox', { name: 'Name this selection' }).fill('Around the shop');
    await savedAreas(page).getByRole('button', { name: 'Save as area' }).click();
    await expect(savedAreas(page).getByRole('status')).toHaveText(
      '“Around the shop” is saved for your team.',
    );
    await expect(savedAreas(page).getByRole('listitem', { name: 'Around the shop' })).toContainText(
      `${picked.length} routes in`,
    );

    // Into the cart: the page says so and links to the cart (on a phone, from the summary bar).
    await expect(mailing(page).getByRole('status')).toHaveText('Saved');
    const viewCart = isPhone(width)
      ? summaryBar(page).getByRole('link', { name: 'View cart (1 item)' })
      : mailing(page).getByRole('link', { name: 'View cart (1 item)' });
    if (isPhone(width)) {
      await summaryBar(page).getByRole('button', { name: 'Add to cart' }).click();
      await expect(summaryBar(page)).toContainText('Added');
    } else {
      await mailing(page).getByRole('button', { name: 'Add mailing to cart' }).click();
      await expect(mailing(page).getByRole('button', { name: /^Added to cart/ })).toBeVisible();
    }
    await expect(viewCart).toBeVisible();
    const cartId = /\/checkout\/([0-9a-f-]{36})$/.exec((await viewCart.getAttribute('href')) ?? '')?.[1];
    if (!cartId) throw new Error('The cart link names no cart.');

    const number = await placeOrder(page, cartId);

    // The order lists the routes bought: route, zip code and pieces, as they were in the mailing.
    await page.goto(`/orders/${number}`);
    const bought = page.getByRole('region', { name: 'Carrier routes' });
    await expect(bought).toContainText(`${picked.length} routes bought for this mailing.`);
    const unfold = bought.getByRole('button', { name: `Show all ${picked.length} routes` });
    if (picked.length > 10) await unfold.click();
    const table = bought.getByRole('table', { name: 'Carrier routes bought' });
    await expect(table.getByRole('row')).toHaveCount(picked.length + 1);
    for (const route of picked)
      await expect(
        table.getByRole('row', { name: `${route.routecode} ${route.zip} ${route.pieces}`, exact: true }),
      ).toBeVisible();
  });
}
