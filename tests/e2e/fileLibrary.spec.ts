import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, shotAt, signIn } from './support';

/*
 * Issue 33, point 5: the library filtered by spec sheet and by who sent a file, kept in the address
 * (a reload shows the same files), cleared; and an order's approved files downloaded from its page
 * as one zip, with runs.txt.
 */

/** Picks a choice of one of the library's filters (a Headless UI list); on a phone, opens them first. */
async function pick(page: Page, width: number, filter: string, choice: string) {
  const opener = page.getByRole('button', { name: /^Filters/ });
  if (width < 769 && (await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  await page.getByRole('button', { name: new RegExp(`^${filter}`) }).click();
  await page.getByRole('option', { name: choice }).click();
}

for (const width of [1280, 390]) {
  test(`at ${width} px: an order's approved files download as a zip; the library filters by sheet and by who sent a file`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) => shotAt(page, testInfo, name, width);
    const account = await createAccount(request);
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    // The run takes a file that passes and is approved: then, and only then, the order offers the zip.
    await page.goto(`/orders/${number}`);
    const runs = page.getByRole('list', { name: 'Runs' });
    const zip = page.getByRole('button', { name: 'Download approved files (.zip)' });
    await expect(runs).toContainText('No file yet');
    await expect(zip).toHaveCount(0);
    const jpeg = await cmykJpeg();
    await runs
      .getByLabel(/^Upload the ad for /)
      .setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await runs.getByRole('button', { name: /^Approve march-issue\.jpg/ }).click({ timeout: 30_000 });
    await expect(runs.getByText('Approved', { exact: true })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await zip.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number}-approved-files.zip`);
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(entries).sort()).toEqual(['march-issue.jpg', 'runs.txt']);
    expect(Buffer.from(entries['march-issue.jpg'] ?? []).equals(jpeg)).toBe(true);
    expect(new TextDecoder().decode(entries['runs.txt'])).toMatch(/ issue: march-issue\.jpg\r\n/);
    await shot('order-approved-files-zip');

    // A display ad, checked against its own sheet, joins the library.
    await page.goto('/files');
    await page.getByLabel('Check against').selectOption({ label: 'Online display ads' });
    await page
      .getByLabel('Choose files to upload')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await rgbPng() });
    const files = page.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem', { name: 'banner.png' })).toBeVisible({ timeout: 30_000 });
    await expect(files.getByRole('listitem', { name: 'march-issue.jpg' })).toBeVisible();
    await expect(page.getByText('2 files shown')).toBeVisible();
    await shot('library-unfiltered');

    await pick(page, width, 'Spec sheet', 'Online display ads');
    await expect(page).toHaveURL(/[?&]sheet=online-display-ads/);
    await expect(files.getByRole('listitem', { name: 'march-issue.jpg' })).toHaveCount(0);
    await expect(files.getByRole('listitem', { name: 'banner.png' })).toBeVisible();
    await expect(page.getByText('1 file shown')).toBeVisible();
    await shot('library-by-sheet');

    // The address keeps the filter: a reload shows the same files.
    await page.reload();
    await expect(files.getByRole('listitem', { name: 'banner.png' })).toBeVisible();
    await expect(files.getByRole('listitem', { name: 'march-issue.jpg' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/files$/);
    await expect(page.getByText('2 files shown')).toBeVisible();

    await pick(page, width, 'Sent by', 'Dana Reyes');
    await expect(page).toHaveURL(/[?&]person=[0-9a-f-]{36}/);
    await expect(page.getByText('2 files shown')).toBeVisible();
    await pick(page, width, 'Spec sheet', 'Magazine print ads');
    await expect(files.getByRole('listitem', { name: 'march-issue.jpg' })).toBeVisible();
    await expect(files.getByRole('listitem', { name: 'banner.png' })).toHaveCount(0);
    await shot('library-by-person-and-sheet');

    // A sheet no file is checked against: nothing matches, and one click shows every file again.
    await page.goto('/files?sheet=linear-tv-spots');
    await expect(page.getByRole('heading', { name: 'No files match these filters.' })).toBeVisible();
    await shot('library-nothing-matches');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page.getByText('2 files shown')).toBeVisible();
  });
}
