import type { Locator, Page } from '@playwright/test';
import type { EddmZip } from '../../contract/directMail';
import { chromiumLaunchOptions } from '../browser';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

// SwiftShader gives headless Chromium WebGL, so the map (MapLibre) renders, as in directMail.spec.ts.
test.use({
  launchOptions: chromiumLaunchOptions(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']),
});

const ZIP = '60614';
const SCREENS = '/work/notes/i34/screens';
const routeMap = (page: Page) => page.getByRole('region', { name: `Map of the carrier routes of ${ZIP}` });
const panel = (page: Page) => page.getByRole('region', { name: 'Your mailing', exact: true });
const bar = (page: Page) => page.getByRole('region', { name: 'Mailing summary' });
const weekMenu = (page: Page) => panel(page).getByRole('button', { name: /Mail goes out the week of/ });
const cartButton = (page: Page, items: number) =>
  page.getByRole('banner').getByRole('button', { name: `Cart, ${items} item${items === 1 ? '' : 's'}` });
const duplicateQuestion = (page: Page) => page.getByRole('dialog', { name: 'Already in your cart' });

/**
 * Every layout shift no input caused, from the page's first paint on: how much, and whether it moved
 * the summary bar or the map (or what holds them).
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; barOrMap: boolean; inMain: boolean }> = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      const watched = [
        document.querySelector('[aria-label="Mailing summary"]'),
        document.querySelector('[aria-label^="Map of the carrier routes"]'),
      ];
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node: Node | null }>;
      }>) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.flatMap((s) => (s.node ? [s.node] : []));
        shifts.push({
          value: entry.value,
          barOrMap: nodes.some((n) => watched.some((w) => w && (w.contains(n) || n.contains(w)))),
          inMain: nodes.some((n) => document.querySelector('main')?.contains(n)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { layoutShifts: Array<{ value: number; barOrMap: boolean; inMain: boolean }> })
        .layoutShifts,
  );

/** Closes the toasts, so a screenshot shows the page under them. */
async function dismissToasts(page: Page) {
  const dismiss = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** The page on a deep link to the zip code, its routes drawn and the map at rest. */
async function openZip(page: Page): Promise<EddmZip> {
  await page.goto(`/ads/direct-mail/?m=eddm&zip=${ZIP}`);
  await expect(routeMap(page)).toHaveAttribute('data-map-state', 'idle', { timeout: 30_000 });
  await expect(routeMap(page)).toHaveAttribute('data-areas', /^[1-9]\d*$/);
  const answer = await page.request.get(`/api/v1/eddm/zip?zip=${ZIP}`);
  return ((await answer.json()) as { data: EddmZip }).data;
}

async function tick(within: Page | Locator, area: EddmZip, count: number) {
  for (const route of area.routes.slice(0, count))
    await within.getByRole('checkbox', { name: new RegExp(`^Route ${route.crid} `) }).check();
}

/** Picks the second open drop week and answers its label. */
async function chooseSecondWeek(page: Page): Promise<string> {
  await weekMenu(page).click();
  const option = page.getByRole('option').nth(1);
  const label = (await option.textContent())?.trim() ?? '';
  await option.click();
  await expect(weekMenu(page)).toContainText(label);
  return label;
}

test.describe('every-door mail, added to the cart (1280 px)', () => {
  test('says it was added and links to the cart, keeps the week, and asks before the same mailing goes in twice', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const area = await openZip(page);
    await tick(page, area, 3);
    await expect(panel(page).getByRole('status')).toHaveText('Saved');
    const week = await chooseSecondWeek(page);

    const add = panel(page).getByRole('button', { name: 'Add mailing to cart' });
    await add.click();
    const added = panel(page).getByRole('button', { name: /^Added to cart/ });
    await expect(added).toBeVisible();
    await expect(added).toBeFocused();
    const viewCart = panel(page).getByRole('link', { name: 'View cart (1 item)' });
    await expect(viewCart).toHaveAttribute('href', /^\/checkout\/[0-9a-f-]{36}$/);
    await expect(cartButton(page, 1)).toBeVisible();
    // The selection and the week stay, and the page says they are in the cart.
    await expect(weekMenu(page)).toContainText(week);
    await expect(panel(page).getByRole('list', { name: 'Chosen routes' }).getByRole('listitem')).toHaveCount(
      3,
    );
    await expect(panel(page)).toContainText(`In your cart for the ${week.replace(/^Week/, 'week')}`);
    await dismissToasts(page);
    await page.screenshot({ path: `${SCREENS}/flow-added-1280.png` });
    await expectAccessible(page, 'the every-door page after an add (1280 px)');

    // Again: asked first. Cancel adds nothing, and the focus comes back to the button.
    await added.click();
    await expect(duplicateQuestion(page)).toContainText(
      `already in your cart for the ${week.replace(/^Week/, 'week')}. Add it again?`,
    );
    await expectAccessible(page, 'the question before a second add');
    await page.screenshot({ path: `${SCREENS}/flow-ask-1280.png` });
    await duplicateQuestion(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(duplicateQuestion(page)).toBeHidden();
    await expect(added).toBeFocused();
    await expect(cartButton(page, 1)).toBeVisible();

    // Add again: a second item.
    await added.click();
    await duplicateQuestion(page).getByRole('button', { name: 'Add again' }).click();
    await expect(cartButton(page, 2)).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'View cart (2 items)' })).toBeVisible();

    // Another week is another mailing: the plain button, no question.
    await weekMenu(page).click();
    await page.getByRole('option').nth(2).click();
    await expect(panel(page).getByRole('button', { name: 'Add mailing to cart' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: /^View cart/ })).toHaveCount(0);

    // After a reload the week chosen last is still chosen, and the cart's items still ask.
    await weekMenu(page).click();
    await page.getByRole('option', { name: week }).click();
    await page.reload();
    await expect(panel(page).getByRole('status')).toHaveText('Saved');
    await expect(weekMenu(page)).toContainText(week);
    await panel(page).getByRole('button', { name: 'Add mailing to cart' }).click();
    await expect(duplicateQuestion(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(duplicateQuestion(page)).toBeHidden();
    await expect(cartButton(page, 2)).toBeVisible();
  });
});

test.describe('every-door mail on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a summary bar stays above the map, the routes open as a sheet, and the mailing goes into the cart from the bar', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await recordLayoutShifts(page);
    const area = await openZip(page);
    await expect(bar(page)).toContainText('Tap routes on the map');
    // The list is a sheet here, not 26 rows above the cost.
    await expect(page.getByRole('table')).toBeHidden();

    const opener = page.getByRole('button', { name: new RegExp(`^Routes \\(${area.routes.length}\\)`) });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: new RegExp(`^Routes in ${ZIP}`) });
    await expect(sheet).toBeVisible();
    await tick(sheet, area, 3);
    await expectAccessible(page, 'the route sheet (390 px)');
    await page.screenshot({ path: `${SCREENS}/flow-sheet-390.png` });
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toContainText('3 chosen');
    // Escape closes it too, the focus back on its button.
    await opener.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();

    const pieces = area.routes.slice(0, 3).reduce((sum, r) => sum + r.total, 0);
    await expect(bar(page)).toContainText(`3 routes · ${pieces.toLocaleString('en-US')} pieces`);
    await expect(panel(page).getByRole('status')).toHaveText('Saved');

    // Scrolling the map: the bar stays in view, just under the header.
    // The map's top 120 px scrolled under the bar.
    const mapTop = (await routeMap(page).boundingBox())?.y ?? 0;
    await page.evaluate((by) => window.scrollBy(0, by), mapTop - 72 + 120);
    await expect(bar(page)).toBeInViewport();
    const box = await bar(page).boundingBox();
    expect(box?.y).toBe(72);
    await page.screenshot({ path: `${SCREENS}/flow-bar-over-map-390.png` });

    await bar(page).getByRole('button', { name: 'Add to cart' }).click();
    await expect(bar(page).getByRole('link', { name: 'View cart (1 item)' })).toBeVisible();
    await expect(bar(page)).toContainText('Added');
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(bar(page)).toBeInViewport();
    await dismissToasts(page);
    await page.screenshot({ path: `${SCREENS}/flow-added-390.png` });
    await expectAccessible(page, 'the every-door page after an add (390 px)');

    // Nothing moved the bar or the map on its own (it is there, as tall, from the map's first paint);
    // the page's own content hardly moved at all (the chat launcher, outside it, is not this page's).
    const shifts = await layoutShifts(page);
    expect(shifts.filter((s) => s.barOrMap)).toEqual([]);
    expect(shifts.filter((s) => s.inMain).reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.01);
  });
});
