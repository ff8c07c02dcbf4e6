import { cmykJpeg } from '../support/magazineArtwork';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, latestMail, PASSWORD, pathOfLink, shotAt, signIn, uniqueEmail } from './support';

/*
 * Issue 33: the owner makes approvals need an admin; a member's approval of a file becomes a request
 * the owner sees at the top of /files and accepts, and the file is then the run's approved ad.
 */

for (const width of [1280, 390]) {
  test(`at ${width} px: with approvals needing an admin, a member's approval is a request the owner accepts`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (target: typeof page, name: string) => shotAt(target, testInfo, name, width);
    const owner = await createAccount(request, {
      company: 'Harbor Dental',
      firstname: 'Ana',
      lastname: 'Reyes',
    });
    await signIn(page, owner.email);

    // The owner turns the setting on.
    await page.goto('/team');
    const setting = page.getByRole('switch', { name: 'Approvals need an admin' });
    await expect(setting).not.toBeChecked();
    await setting.click();
    await expect(page.getByRole('status').filter({ hasText: 'Approvals now need an admin' })).toBeVisible();
    await expect(setting).toBeChecked();

    // A member joins.
    const colleague = uniqueEmail('member');
    await page.getByLabel('First name').fill('Ben');
    await page.getByLabel('Their work e-mail').fill(colleague);
    await page.getByRole('radio', { name: /^Member/ }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(colleague);
    await shot(page, 'team-approvals-setting');
    const mail = await latestMail(request, colleague, 'colleague-invite');
    const other = await browser.newContext({ viewport: { width, height: 900 } });
    const member = await other.newPage();
    await member.goto(pathOfLink(mail.link));
    await member.getByLabel('Last name').fill('Okafor');
    await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Join Harbor Dental' }).click();
    await expect(member).toHaveURL(/\/dashboard$/);
    await member.goto('/team');
    await expect(
      member.getByText('A member’s approval of an ad file is sent to the owner and admins', { exact: false }),
    ).toBeVisible();
    await expect(member.getByRole('switch', { name: 'Approvals need an admin' })).toHaveCount(0);
    await shot(member, 'team-approvals-rule-member');

    // The owner orders and sends a file that passes.
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);
    await page.goto(`/orders/${number}`);
    const runs = page.getByRole('list', { name: 'Runs' });
    await runs
      .getByLabel(/^Upload the ad for /)
      .setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: await cmykJpeg() });
    await expect(runs.getByText('Passed: approve it to use it')).toBeVisible({ timeout: 30_000 });

    // The member's approval is a request.
    await member.goto('/files');
    const memberCard = member
      .getByRole('list', { name: 'Files' })
      .getByRole('listitem', { name: 'march-issue.jpg' });
    await expect(memberCard.getByRole('button', { name: /^Approve march-issue\.jpg/ })).toHaveCount(0);
    await memberCard.getByRole('button', { name: /^Ask for approval march-issue\.jpg/ }).click();
    await expect(memberCard.getByRole('status')).toHaveText('Sent to your admins for approval.');
    // Wait for the request itself (the list read again) before counting what is not there.
    await expect(
      memberCard.getByText(/^Requested by Ben Okafor on .* — waiting for an admin$/),
    ).toBeVisible();
    await expect(memberCard.getByRole('button', { name: /^Ask for approval march-issue\.jpg/ })).toHaveCount(
      0,
    );
    await expect(
      memberCard.getByRole('button', { name: /^Withdraw request march-issue\.jpg/ }),
    ).toBeVisible();
    await expect(memberCard.getByText('Approved', { exact: true })).toHaveCount(0);
    await expect(member.getByRole('region', { name: /^Approval requests/ })).toHaveCount(0);

    // The order's page says the same of the run (the order's view knows nothing of requests).
    await member.goto(`/orders/${number}`);
    const memberRuns = member.getByRole('list', { name: 'Runs' });
    await expect(
      memberRuns.getByText(/^Requested by Ben Okafor on .* — waiting for an admin$/),
    ).toBeVisible();
    await expect(
      memberRuns.getByRole('button', { name: /^Withdraw request march-issue\.jpg/ }),
    ).toBeVisible();

    // The owner sees it at the top of /files and accepts it.
    await page.goto('/files');
    const requests = page.getByRole('list', { name: 'Approval requests' });
    const asked = requests.getByRole('listitem', { name: /^Request for march-issue\.jpg/ });
    await expect(asked).toContainText('Requested by Ben Okafor');
    await expect(asked).toContainText(number);
    await shot(page, 'files-approval-requests');
    await asked.getByRole('button', { name: /^Accept march-issue\.jpg/ }).click();
    await expect(requests).toHaveCount(0);
    const card = page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: 'march-issue.jpg' });
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
    await shot(page, 'files-request-accepted');

    await member.goto('/files');
    await expect(memberCard.getByText('Approved', { exact: true })).toBeVisible();
    await other.close();
  });
}
