import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../browser';
import { inRouteList, isPhone } from './eddmRouteList';
import { expect, test } from './fixtures';
import { createAccount, motionSettled, signIn } from './support';
import { addTeammate } from './teammate';

// The page draws its routes on a map: SwiftShader gives headless Chromium the WebGL it needs.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const PAGE = '/ads/direct-mail/?m=eddm&zip=60614';
const savedAreas = (page: Page) => page.getByRole('region', { name: 'Saved areas' });
const routeBox = (within: Page | Locator, crid: string) =>
  within.getByRole('checkbox', { name: new RegExp(`^Route ${crid} `) });

/** The page on 60614, its routes listed (on a phone, behind the "Routes (n)" button of the sheet). */
async function openPage(page: Page, width: number) {
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Every Door Direct Mail' })).toBeVisible();
  await routesListed(page, width);
}

async function routesListed(page: Page, width: number) {
  const listed = isPhone(width)
    ? page.getByRole('button', { name: /^Routes \(\d+\)/ })
    : routeBox(page, 'C001');
  await expect(listed).toBeVisible({ timeout: 20_000 });
}

/** axe on the saved areas' section alone (WCAG 2.x A and AA). */
async function expectSectionAccessible(page: Page, what: string) {
  await motionSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="saved-areas-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    what,
  ).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`saved areas at ${width} px: saved, used again after a reload, shared with a teammate`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });

    // Signed out: a link to sign in that comes back to this page.
    await openPage(page, width);
    const signInLink = savedAreas(page).getByRole('link', { name: 'Sign in to save this selection' });
    await expect(signInLink).toHaveAttribute(
      'href',
      /^\/login\?redirect=%2Fads%2Fdirect-mail(%2F)?%3Fm%3Deddm%26zip%3D60614$/,
    );

    const owner = await createAccount(request, { company: `Areas ${width} Bakery` });
    await signIn(page, owner.email);
    await openPage(page, width);
    await inRouteList(page, width, async (list) => {
      await routeBox(list, 'C001').check();
      await routeBox(list, 'C002').check();
    });

    const areas = savedAreas(page);
    await areas.getByRole('textbox', { name: 'Name this selection' }).fill('Around the shop');
    await areas.getByRole('button', { name: 'Save as area' }).click();
    await expect(areas.getByRole('status')).toHaveText('“Around the shop” is saved for your team.');
    const listed = areas.getByRole('listitem', { name: 'Around the shop' });
    await expect(listed).toContainText('2 routes in 60614');
    await expect(listed).toContainText('saved by Dana Reyes');
    await expectSectionAccessible(page, 'saved areas, one saved');

    // After a reload the area is still there; cleared routes come back when it is used.
    await page.reload();
    await routesListed(page, width);
    // The selection comes back first (saved a second after the last change), then it is cleared.
    await inRouteList(page, width, async (list) => {
      await expect(routeBox(list, 'C001')).toBeChecked();
      await routeBox(list, 'C001').uncheck();
      await routeBox(list, 'C002').uncheck();
      await routeBox(list, 'C003').check();
      await expect(routeBox(list, 'C001')).not.toBeChecked();
    });
    await savedAreas(page).getByRole('button', { name: 'Use Around the shop' }).click();
    await inRouteList(page, width, async (list) => {
      await expect(routeBox(list, 'C001')).toBeChecked();
      await expect(routeBox(list, 'C002')).toBeChecked();
      // The area replaces the selection: the route ticked since is no longer in it.
      await expect(routeBox(list, 'C003')).not.toBeChecked();
    });

    // A teammate sees it and may use it; renaming and deleting are for whoever saved it and the admins.
    const teammateEmail = await addTeammate(request, owner.token);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const teammate = await context.newPage();
    await signIn(teammate, teammateEmail);
    await openPage(teammate, width);
    const shared = savedAreas(teammate).getByRole('listitem', { name: 'Around the shop' });
    await expect(shared).toContainText('saved by Dana Reyes');
    await expect(shared.getByRole('button', { name: 'Use Around the shop' })).toBeVisible();
    await expect(shared.getByRole('button', { name: 'Delete Around the shop' })).toHaveCount(0);
    await expectSectionAccessible(teammate, 'saved areas, a teammate’s view');
    await context.close();

    // Rename, then delete after confirming.
    await savedAreas(page).getByRole('button', { name: 'Rename Around the shop' }).click();
    await savedAreas(page)
      .getByRole('textbox', { name: 'New name for Around the shop' })
      .fill('Near the shop');
    await savedAreas(page).getByRole('button', { name: 'Save name' }).click();
    await expect(savedAreas(page).getByRole('status')).toHaveText('Renamed “Near the shop”.');
    await savedAreas(page).getByRole('button', { name: 'Delete Near the shop' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Near the shop”?' })
      .getByRole('button', { name: 'Delete Near the shop' })
      .click();
    await expect(savedAreas(page).getByText('Your team has no saved areas yet.')).toBeVisible();
  });
}
