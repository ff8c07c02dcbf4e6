import type { Locator, Page, TestInfo } from '@playwright/test';
import { cmykJpeg, magazinePdf, rgbPng } from '../support/magazineArtwork';
import { expectAccessible } from './axe';
import { reportShot } from './backOfficeSupport';
import { addFirstIssue, addIssues, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, signIn } from './support';
import { addTeammate } from './teammate';

/*
 * Issue 33's flow (acceptance point 7), as a team does it: the owner makes approvals need an admin
 * and orders four issues of a magazine; a member sends one print PDF once and uses it for all four
 * runs, asks for one run's approval; the owner sees who asked and accepts; that run alone is approved
 * and says who asked and who decided; the proof shows the sheet's trim. On the way: a comment typed
 * while a file arrives is kept, and a comment is pinned to a point of the proof. Then a file attached
 * to the runs of two orders, one refusing, says which took it. Screenshots go to reports/screenshots/i33.
 */

const DESCRIPTION =
  'Trim 8.375 × 10.875 in, bleed 0.125 in on every side, safe area 0.125 in inside the trim.';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The trim line is drawn where the sheet says: 0.125 in of bleed inside each edge of the 8.625 in page. */
async function expectTrimDrawn(proof: Locator) {
  await expect(proof).toHaveAccessibleDescription(new RegExp(escaped(DESCRIPTION)));
  const boxes = proof.getByTestId('proof-boxes');
  await expect(boxes).toBeVisible();
  const trim = boxes.locator('rect.stroke-primary-700');
  await expect(trim).toBeVisible();
  const page = await boxes.boundingBox();
  const line = await trim.boundingBox();
  if (!page || !line) throw new Error('The proof’s boxes have no size');
  // In pixels at the scale the page is drawn, on the line's centre (its box includes its 2 px stroke,
  // 1 px each side): a trim on the page's edge (no inset) is off by the whole bleed (about 12 px at
  // 1280, 5 px at 390), well past the 1.5 px allowed for rounding.
  const scaleX = page.width / 8.625;
  const scaleY = page.height / 11.125;
  const HALF_STROKE = 1;
  const near = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1.5);
  near(line.x + HALF_STROKE - page.x, 0.125 * scaleX);
  near(line.y + HALF_STROKE - page.y, 0.125 * scaleY);
  near(line.width - 2 * HALF_STROKE, 8.375 * scaleX);
  near(line.height - 2 * HALF_STROKE, 10.875 * scaleY);
}

/** A screenshot from the page's top: scrolled, the sticky header would be drawn halfway down. */
async function shot(page: Page, testInfo: TestInfo, name: string, width: number) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await reportShot(page, testInfo, name, width, 'i33');
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a member uses one PDF for four runs and asks for one run's approval, the owner accepts, the proof shows the trim`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const owner = await createAccount(request, {
      company: 'Harbor Dental',
      firstname: 'Ana',
      lastname: 'Reyes',
    });
    const memberEmail = await addTeammate(request, owner.token, { firstname: 'Ben', lastname: 'Okafor' });

    // The owner makes approvals need an admin, then orders four issues.
    await signIn(page, owner.email);
    await page.goto('/team');
    await page.getByRole('switch', { name: 'Approvals need an admin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approvals now need an admin' })).toBeVisible();
    const { cartId } = await addIssues(page, 4);
    const number = await placeOrder(page, cartId);

    // The member opens the order: four runs, none with a file.
    const memberContext = await browser.newContext({ viewport: { width, height: 900 } });
    const member = await memberContext.newPage();
    await signIn(member, memberEmail);
    await member.goto(`/orders/${number}`);
    const runs = member.getByRole('list', { name: 'Runs' });
    const run = runs.getByRole('listitem');
    await expect(run).toHaveCount(4);
    await expect(runs.getByText('No file yet')).toHaveCount(4);

    // A first try that fails its checks opens the comments; a comment typed then survives the next
    // upload finishing (the order is read again when it does).
    await run
      .first()
      .getByLabel(/^Upload the ad for /)
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await rgbPng() });
    await expect(run.first().getByText('Needs attention')).toBeVisible({ timeout: 30_000 });
    const comments = member.getByRole('region', { name: 'Comments on this order’s files' });
    const draft = 'The March cover is next: is the trim right on this one?';
    await comments.getByLabel('Comment', { exact: true }).fill(draft);

    // The print PDF, sent once, to the first run; then used for every remaining run.
    const pdf = Buffer.from(await magazinePdf({ pixels: [900, 600], frame: [1, 2, 3, 2] }));
    await run
      .first()
      .getByLabel(/^Upload the ad for /)
      .setInputFiles({ name: 'march-print.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(run.first().getByText('Passed: approve it to use it')).toBeVisible({ timeout: 30_000 });
    await expect(comments.getByLabel('Comment', { exact: true })).toHaveValue(draft);
    await run.first().getByRole('button', { name: 'Use for every remaining run (march-print.pdf)' }).click();
    await expect(
      run.first().getByText('march-print.pdf is now the ad file of 3 runs more: approve it for each.'),
    ).toBeVisible();
    await expect(runs.getByText('Passed: approve it to use it')).toHaveCount(4, { timeout: 30_000 });
    await expect(runs.getByRole('link', { name: 'march-print.pdf' })).toHaveCount(4);
    await expect(runs.getByRole('button', { name: /^Use for every remaining run/ })).toHaveCount(0);
    // The button pressed is gone: the focus is on what happened, not back at the top of the page.
    await expect(
      run.first().getByText('march-print.pdf is now the ad file of 3 runs more: approve it for each.'),
    ).toBeFocused();

    // The member asks for the first run's approval: it is sent to the admins, the others are untouched.
    const asking = /^Ask for approval march-print\.pdf/;
    await expect(runs.getByRole('button', { name: asking })).toHaveCount(4);
    await run.first().getByRole('button', { name: asking }).click();
    await expect(
      run.first().getByRole('status').filter({ hasText: 'Sent to your admins for approval.' }),
    ).toBeVisible();
    await expect(
      run.first().getByText(/^Requested by Ben Okafor on .* — waiting for an admin$/),
    ).toBeVisible();
    await expect(runs.getByRole('button', { name: asking })).toHaveCount(3);
    await expect(runs.getByText('Approved', { exact: true })).toHaveCount(0);
    await expectAccessible(member, `the order page with a request sent, at ${width} px`);
    await shot(member, testInfo, 'flow-order-requested', width);

    // The owner sees who asked, for which order, and accepts.
    await page.goto('/files');
    const asked = page
      .getByRole('list', { name: 'Approval requests' })
      .getByRole('listitem', { name: /^Request for march-print\.pdf/ });
    await expect(asked).toHaveCount(1);
    await expect(asked).toContainText('Requested by Ben Okafor');
    await expect(asked).toContainText(number);
    await asked.getByRole('button', { name: /^Accept march-print\.pdf/ }).click();
    await expect(page.getByRole('list', { name: 'Approval requests' })).toHaveCount(0);

    // That run alone is approved, and says who asked, who decided and when; the other three wait.
    await page.goto(`/orders/${number}`);
    const ownerRuns = page.getByRole('list', { name: 'Runs' });
    const decided =
      /^Approved by Ana Reyes on \w{3} \d{1,2}, \d{4}, asked by Ben Okafor on \w{3} \d{1,2}, \d{4}$/;
    await expect(ownerRuns.getByRole('listitem').first().getByText(decided)).toBeVisible();
    await expect(ownerRuns.getByText('Approved', { exact: true })).toHaveCount(1);
    await expect(ownerRuns.getByText('Passed: approve it to use it')).toHaveCount(3);
    await expect(ownerRuns.getByRole('button', { name: /^Approve march-print\.pdf/ })).toHaveCount(3);
    await expectAccessible(page, `the order page with one run approved, at ${width} px`);
    await shot(page, testInfo, 'flow-order-approved', width);
    await member.reload();
    await expect(run.first().getByText(decided)).toBeVisible();
    await expect(runs.getByRole('button', { name: asking })).toHaveCount(3);

    // The proof of the PDF: the trim is drawn and said.
    await ownerRuns.getByRole('link', { name: 'march-print.pdf' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'march-print.pdf' })).toBeVisible();
    const proof = page.getByRole('region', { name: 'Proof of march-print.pdf' });
    await expect(page.getByText(DESCRIPTION)).toBeVisible({ timeout: 30_000 });
    await expectTrimDrawn(proof);
    await shot(page, testInfo, 'flow-proof-pdf', width);
    await expectAccessible(page, `the proof of a PDF at ${width} px`);

    // A comment pinned to a point picked on the proof: the pin is drawn, then numbered once posted.
    await page.getByRole('button', { name: 'Pin to a point on the proof' }).click();
    await proof.click();
    await expect(page.getByText('Pinned on page 1')).toBeVisible();
    await expect(proof.getByTitle('New', { exact: true })).toBeVisible();
    await page.getByLabel('Comment', { exact: true }).fill('The logo sits close to the trim here.');
    await page.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByRole('article', { name: 'Comment by Ana Reyes' })).toContainText(
      'The logo sits close to the trim here.',
    );
    await expect(proof.getByTitle('1', { exact: true })).toBeVisible();
    await expect(proof.getByTitle('New', { exact: true })).toHaveCount(0);
    await shot(page, testInfo, 'flow-proof-pdf-pinned', width);

    // The image tried first opens the same way, with the same boxes.
    await page.goto('/files');
    await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: 'cover.png' }).click();
    const image = page.getByRole('region', { name: 'Proof of cover.png' });
    await expect(page.getByText(DESCRIPTION)).toBeVisible({ timeout: 30_000 });
    await expectTrimDrawn(image);
    await shot(page, testInfo, 'flow-proof-image', width);
    await expectAccessible(page, `the proof of an image at ${width} px`);
    await memberContext.close();
  });
}

test('a file attached to the runs of two orders, one cancelled meanwhile, says which order took it and why the other did not', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createAccount(request);
  await signIn(page, owner.email);
  const first = await placeOrder(page, (await addFirstIssue(page)).cartId);
  const second = await placeOrder(page, (await addFirstIssue(page)).cartId);

  await page.goto('/files');
  await page.getByLabel('Check against').selectOption({ label: 'Magazine print ads' });
  await page
    .getByLabel('Choose files to upload')
    .setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: await cmykJpeg() });
  const card = page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: 'march-issue.jpg' });
  await expect(card.getByText('Passed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Attach to runs march-issue.jpg' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach march-issue.jpg to runs' });
  await expect(attach.getByRole('group', { name: new RegExp(`^${first}`) })).toBeVisible();
  await expect(attach.getByRole('group', { name: new RegExp(`^${second}`) })).toBeVisible();
  await attach.getByRole('checkbox', { name: 'Select all' }).check();

  // While the dialog is open, the second order is cancelled (from another tab, say).
  const cancelled = await request.post(`/api/v1/orders/${second}/cancel`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await attach.getByRole('button', { name: 'Attach to 2 runs' }).click();

  // The first order took it; the second's refusal is said, by order, with the API's sentence.
  const said = card.getByRole('alert');
  await expect(said).toContainText(`Attached to ${first} (1 run).`, { timeout: 30_000 });
  await expect(said).toContainText(`Not attached to ${second}:`);
  await shot(page, testInfo, 'attach-partial', 1280);
  await expect(card).toContainText(`For ${first}`, { timeout: 30_000 });
  await expect(card).not.toContainText(`For ${second}`);
  await page.goto(`/orders/${second}`);
  await expect(
    page.getByRole('list', { name: 'Runs' }).getByRole('link', { name: 'march-issue.jpg' }),
  ).toHaveCount(0);
  await page.goto(`/orders/${first}`);
  await expect(
    page.getByRole('list', { name: 'Runs' }).getByRole('link', { name: 'march-issue.jpg' }),
  ).toBeVisible();
});
