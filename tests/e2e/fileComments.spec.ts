import { cmykJpeg } from '../support/magazineArtwork';
import { expectAccessible } from './axe';
import { addFirstIssue, placeOrder } from './checkoutSteps';
import { expect, test } from './fixtures';
import { createAccount, latestMail, pathOfLink, shotAt, signIn } from './support';
import { addTeammate } from './teammate';

/*
 * Comments on an order's files (issue 33, part 3): on the order page a customer comments on the file
 * sent for its run, names a teammate with @, sees the comment in the thread, and the teammate gets an
 * e-mail quoting it with a link to the file's page.
 */

for (const width of [1280, 390]) {
  test(`at ${width} px: a comment on an order's file names a teammate, who is e-mailed`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(request);
    const teammate = await addTeammate(request, account.token);
    await signIn(page, account.email);
    const { cartId } = await addFirstIssue(page);
    const number = await placeOrder(page, cartId);

    await page.goto(`/orders/${number}`);
    const section = page.getByRole('region', { name: 'Comments on this order’s files' });
    await expect(section).toContainText('Comments can be written once a file is sent for this order.');
    const runs = page.getByRole('list', { name: 'Runs' });
    await runs
      .getByLabel(/^Upload the ad for /)
      .setInputFiles({ name: 'march-issue.jpg', mimeType: 'image/jpeg', buffer: await cmykJpeg() });
    await expect(runs.getByText('Passed: approve it to use it')).toBeVisible({ timeout: 30_000 });

    const comment = section.getByLabel('Comment', { exact: true });
    await expect(comment).toBeVisible();
    await expect(section).toContainText('No comments yet.');
    await comment.fill('Can you check the bleed before we approve it, @Sa');
    const people = section.getByRole('listbox', { name: 'People to mention' });
    await expect(people.getByRole('option', { name: 'Sam Okafor' })).toBeVisible();
    await expect(people.getByRole('option', { name: 'Dana Reyes' })).toHaveCount(0);
    await expect(comment).toHaveAttribute('aria-activedescendant', /.+/);
    await shotAt(page, testInfo, 'comment-mention-list', width);
    await comment.press('Enter');
    await expect(people).toHaveCount(0);
    await expect(comment).toHaveValue('Can you check the bleed before we approve it, @Sam Okafor ');
    const chips = section.getByRole('list', { name: 'Mentioned' });
    await expect(chips.getByRole('button', { name: 'Remove Sam Okafor' })).toBeVisible();
    await expectAccessible(page, 'the order page with a comment written');
    await shotAt(page, testInfo, 'comment-draft', width);

    await section.getByRole('button', { name: 'Post' }).click();
    const posted = section.getByRole('article', { name: 'Comment by Dana Reyes' });
    await expect(posted).toContainText('Can you check the bleed before we approve it, @Sam Okafor');
    await expect(posted).toContainText('on march-issue.jpg');
    await expect(posted).toContainText('Mentions Sam Okafor');
    await expect(comment).toHaveValue('');
    await expect(chips).toHaveCount(0);
    await expectAccessible(page, 'the order page with its comment thread');
    await shotAt(page, testInfo, 'comment-posted', width);

    const mail = await latestMail(request, teammate, 'comment-mention');
    expect(mail.body).toContain('Dana Reyes mentioned you in a comment on march-issue.jpg');
    expect(mail.body).toContain('“Can you check the bleed before we approve it, @Sam Okafor”');
    expect(pathOfLink(mail.link)).toMatch(/^\/files\/[0-9a-f-]{36}$/);

    // Its author deletes it after saying so.
    await posted.getByRole('button', { name: 'Delete your comment' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your comment?' })
      .getByRole('button', { name: 'Delete it' })
      .click();
    await expect(section).toContainText('No comments yet.');
  });
}
