import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { cmykJpeg, rgbPng } from '../support/magazineArtwork';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, shotAt, signIn } from './support';

/*
 * Ad files in the browser (issue 16): an order's run takes an RGB 72 ppi PNG and says what is wrong
 * with it, then a CMYK file that passes and is approved; on /files a large upload is paused, resumed,
 * and after a reload continues from where the server got to.
 */

/** The browser sends at most `bytesPerSecond`, so a test can act while a file is on its way. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const progressOf = async (page: Page, name: string) =>
  Number(await page.getByRole('progressbar', { name: `${name} upload` }).getAttribute('aria-valuenow'));

for (const width of [1280, 390]) {
  test(`at ${width} px: an order's run takes a file, says what is wrong, then takes one that passes and is approved`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const account = await createAccount(request);
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    await page.goto(`/orders/${number}`);
    const runs = page.getByRole('list', { name: 'Runs' });
    await expect(runs).toContainText('No file yet');
    const upload = runs.getByLabel(/^Upload the ad for /);
    await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await rgbPng() });
    await expect(runs.getByText('Needs attention').first()).toBeVisible({ timeout: 30_000 });
    await expect(
      runs
        .getByText('72 ppi at 8.625 × 11.125 in; print needs 300 ppi: export at least 2,588 × 3,338 px.')
        .first(),
    ).toBeVisible();
    await expect(
      runs.getByText('RGB colour; print needs CMYK: convert the artwork to CMYK before you export.').first(),
    ).toBeVisible();
    await shot('run-needs-attention');

    await upload.setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: await cmykJpeg() });
    await expect(runs.getByText('Passed: approve it to use it')).toBeVisible({ timeout: 30_000 });
    await runs.getByRole('button', { name: 'Approve march-issue.jpg' }).click();
    await expect(runs.getByText('Approved', { exact: true })).toBeVisible();
    await expect(runs.getByLabel(/^Upload the ad for /)).toHaveCount(0);
    await shot('run-approved');

    // The library lists both; the failed one, replaced by the approved ad, needs nothing more.
    await page.goto('/files');
    const files = page.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem', { name: 'march-issue.jpg' })).toContainText('Approved');
    const replaced = files.getByRole('listitem', { name: 'cover.png' });
    await expect(replaced).toContainText('Replaced');
    await expect(replaced).toContainText('Replaced: march-issue.jpg is the approved ad of');
    await shot('files-library');
    await page.getByRole('link', { name: 'Needs attention' }).click();
    await expect(page.getByRole('heading', { name: 'Nothing needs attention' })).toBeVisible();
    await expect(files).toHaveCount(0);
    await shot('files-nothing-needs-attention');
  });

  test(`at ${width} px: a file sent against a spec sheet is attached to an order's run from the library, checked again and approved`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) => shotAt(page, testInfo, name, width);
    const account = await createAccount(request);
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    await page.goto('/files');
    await page.getByLabel('Check against').selectOption({ label: 'Magazine print ads' });
    await page
      .getByLabel('Choose files to upload')
      .setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: await cmykJpeg() });
    const card = page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: 'march-issue.jpg' });
    await expect(card).toContainText('Checked against Magazine print ads', { timeout: 30_000 });
    await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 30_000 });
    // Issue 33: the open runs of the file's sheet, by order, in a dialog with a checkbox each.
    await card.getByRole('button', { name: 'Attach to runs march-issue.jpg' }).click();
    const attach = page.getByRole('dialog', { name: 'Attach march-issue.jpg to runs' });
    await expect(attach).toContainText(number);
    await shot('files-attach');

    // The order's one run is the only one offered: "Select all" picks it.
    await attach.getByRole('checkbox', { name: 'Select all' }).check();
    await attach.getByRole('button', { name: 'Attach to 1 run' }).click();
    await expect(card).toContainText(`For ${number}`, { timeout: 30_000 });
    await card.getByRole('button', { name: 'Approve march-issue.jpg' }).click({ timeout: 30_000 });
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await shot('files-attached-approved');

    await page.goto(`/orders/${number}`);
    await expect(
      page.getByRole('list', { name: 'Runs' }).getByText('Approved', { exact: true }),
    ).toBeVisible();
  });
}

test('a large upload pauses, resumes, and after a reload continues where the server got to', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const account = await createAccount(request);
  await signIn(page, account.email);
  // A file on disk keeps its name, size and date across pickings: the tus client knows it again.
  const path = testInfo.outputPath('spot.mp4');
  await writeFile(path, randomBytes(24 * 1024 * 1024));
  await page.goto('/files');
  await page.getByLabel('Check against').selectOption({ label: 'Linear TV spots' });
  await slowUploads(page, 2 * 1024 * 1024);
  await page.getByLabel('Choose files to upload').setInputFiles(path);
  await expect.poll(() => progressOf(page, 'spot.mp4'), { timeout: 30_000 }).toBeGreaterThan(5);

  await page.getByRole('button', { name: 'Pause spot.mp4' }).click();
  await expect(page.getByText(/^Paused at \d+%$/)).toBeVisible();
  const paused = await progressOf(page, 'spot.mp4');
  await page.screenshot({ path: testInfo.outputPath('upload-paused.png'), fullPage: true });
  await page.getByRole('button', { name: 'Resume spot.mp4' }).click();
  await expect.poll(() => progressOf(page, 'spot.mp4'), { timeout: 30_000 }).toBeGreaterThan(paused);

  // A reload mid-way: the file picked again continues from the server's offset, not from 0.
  await page.reload();
  await page.getByLabel('Check against').selectOption({ label: 'Linear TV spots' });
  const firstPatch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().includes('/api/v1/uploads/'),
  );
  await page.getByLabel('Choose files to upload').setInputFiles(path);
  const offset = Number((await firstPatch).headers()['upload-offset']);
  expect(offset).toBeGreaterThan(0);
  await slowUploads(page, -1);
  // Random bytes are no video: the checks say so, which shows the whole file arrived and was read.
  await expect(page.getByRole('list', { name: 'Uploads' })).toContainText('Rejected', { timeout: 60_000 });
  await expect(
    page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: 'spot.mp4' }),
  ).toHaveCount(1);
});
