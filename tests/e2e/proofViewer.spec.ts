import type { Page } from '@playwright/test';
import { magazinePdf, rgbPng } from '../support/magazineArtwork';
import { expectAccessible } from './axe';
import { reportShot } from './backOfficeSupport';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';

/*
 * The proof viewer (issue 33, point 2): a magazine PDF of two pages, its image too small for print,
 * opens large from the order's run: the sheet's trim, bleed and safe area are drawn and described,
 * the low-resolution image is framed and numbered beside its check; pages turn, the zoom changes. An
 * image opens from the library the same way. Screenshots go to reports/screenshots/i33.
 */

const DESCRIPTION =
  'Trim 8.375 × 10.875 in, bleed 0.125 in on every side, safe area 0.125 in inside the trim.';

/** The run's ad on the order's page, once checked: its name links to its proof. */
async function sendToRun(
  page: Page,
  number: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.goto(`/orders/${number}`);
  const runs = page.getByRole('list', { name: 'Runs' });
  await runs.getByLabel(/^Upload the ad for /).setInputFiles(file);
  await expect(runs.getByText('Needs attention').first()).toBeVisible({ timeout: 30_000 });
  await expect(runs.getByRole('link', { name: file.name })).toBeVisible();
  return runs;
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a PDF and an image open large, with the print boxes and the failed check marked`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(request);
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    const pdf = Buffer.from(await magazinePdf({ pixels: [300, 200], frame: [1, 2, 3, 2] }, 2));
    const runs = await sendToRun(page, number, {
      name: 'proof.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await runs.getByRole('link', { name: 'proof.pdf' }).click();
    await expect(page).toHaveURL(/\/files\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'proof.pdf' })).toBeVisible();

    const proof = page.getByRole('region', { name: 'Proof of proof.pdf' });
    await expect(proof).toBeVisible();
    await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(DESCRIPTION)).toBeVisible();
    await expect(proof).toHaveAccessibleDescription(
      new RegExp(DESCRIPTION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    const legend = page.getByRole('list', { name: 'What the lines show' });
    await expect(legend.getByText('Trim: where the page is cut')).toBeVisible();
    await expect(legend.getByText(/^Safe area: 0\.125 in inside the trim/)).toBeVisible();
    await expect(page.getByTestId('proof-boxes')).toBeVisible();
    // The low-resolution image is framed (1) and its check says so.
    const checks = page.getByRole('region', { name: 'What the checks found' });
    await expect(checks.getByText(/^An image is 100 ppi where it is placed/)).toBeVisible();
    await expect(checks.getByText('on page 1')).toBeVisible();
    // The runs it serves: its order linked, the run's own verdict, and why it cannot be approved yet.
    const served = page.getByRole('region', { name: 'Runs' });
    const run = served.getByRole('listitem', { name: new RegExp(`^${number}, `) });
    await expect(run.getByRole('link', { name: number })).toHaveAttribute('href', `/orders/${number}`);
    await expect(run.getByText('Needs attention')).toBeVisible();
    await expect(run.getByText(/^Fix what the checks found/)).toBeVisible();
    await expect(run.getByRole('button', { name: /^Remove from this run \(proof\.pdf, / })).toBeVisible();
    await reportShot(page, testInfo, 'proof-pdf', width, 'i33');
    await expectAccessible(page, `the proof of a PDF at ${width} px`);

    // Pages turn; the zoom changes with the buttons and the keys, and is said.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const zoomSaid = page.locator('[aria-live="polite"]').filter({ hasText: /Zoom \d+ %/ });
    const before = await zoomSaid.textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoomSaid).not.toHaveText(before ?? '');
    const zoomed = await zoomSaid.textContent();
    await proof.focus();
    await page.keyboard.press('-');
    await expect(zoomSaid).toHaveText(before ?? '');
    await page.keyboard.press('+');
    await expect(zoomSaid).toHaveText(zoomed ?? '');
    await page.getByRole('button', { name: 'Actual size, 100 %' }).click();
    await expect(zoomSaid).toContainText('Zoom 100 %.');
    await page.getByRole('button', { name: 'Fit to the proof' }).click();
    await expect(zoomSaid).toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText('Page 1 of 2', { exact: true })).toBeVisible();
    await page.getByRole('switch', { name: 'Show boxes' }).click();
    await expect(page.getByTestId('proof-boxes')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show boxes' }).click();
    await expect(page.getByTestId('proof-boxes')).toBeVisible();

    // An image: opened from the library.
    await sendToRun(page, number, { name: 'cover.png', mimeType: 'image/png', buffer: await rgbPng() });
    await page.goto('/files');
    await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: 'cover.png' }).click();
    const image = page.getByRole('region', { name: 'Proof of cover.png' });
    await expect(image).toBeVisible();
    await expect(page.getByText(DESCRIPTION)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('proof-boxes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: /Zoom \d+ %/ })).not.toHaveText(
      'Zoom 100 %.',
    );
    await page.getByRole('button', { name: 'Fit to the proof' }).click();
    await reportShot(page, testInfo, 'proof-image', width, 'i33');
    await expectAccessible(page, `the proof of an image at ${width} px`);
  });
}
