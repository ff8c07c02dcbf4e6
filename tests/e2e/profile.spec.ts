import sharp from 'sharp';
import { expect, test } from './fixtures';
import { createAccount, latestMail, PASSWORD, pathOfLink, shotAt, signIn, uniqueEmail } from './support';

for (const width of [1280, 390]) {
  test(`at ${width} px: the profile's phone survives a reload, a picture shows in the header, and an e-mail change waits for its link`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (name: string) => shotAt(page, testInfo, name, width);
    const account = await createAccount(request, { firstname: 'Ada', lastname: 'Byrne' });
    await signIn(page, account.email);
    await page.goto('/account/profile');

    // Phone and name: saved, in the header at once, and still there after a reload.
    await page.getByLabel('Phone').fill('(312) 555-0187');
    await page.getByLabel('Last name').fill('Byrne-Cole');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
    if (width >= 1024)
      await expect(page.getByRole('button', { name: 'Account menu for Ada Byrne-Cole' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone')).toHaveValue('(312) 555-0187');
    await expect(page.getByLabel('Last name')).toHaveValue('Byrne-Cole');

    // A name with a link is refused on its field; what was typed stays.
    await page.getByLabel('First name').fill('www.example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('www.example.com');
    await page.getByLabel('First name').fill('Ada');

    // A picture: the 256 px WebP the API keeps shows beside the name.
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6330d6' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Add a picture')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(page.getByRole('status').filter({ hasText: 'Your picture is saved.' })).toBeVisible();
    const shown = page.locator('main img[src*="/api/v1/avatars/"]').first();
    await expect(shown).toBeVisible();
    // Shown as soon as it is in the page; its pixels arrive a moment later.
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await shot('profile');

    // The e-mail changes only when the link sent to the new address is opened.
    const next = uniqueEmail('moved');
    const emailChange = page.getByRole('region', { name: 'Sign-in e-mail' });
    await emailChange.getByLabel('New e-mail').fill(next);
    await emailChange.getByLabel('Current password').fill(PASSWORD);
    await emailChange.getByRole('button', { name: 'Send a confirmation link' }).click();
    await expect(page.getByText(`We sent a link to ${next}`)).toBeVisible();
    await expect(page.getByText(`You sign in with ${account.email}`)).toBeVisible();
    const mail = await latestMail(request, next, 'email-change');
    await latestMail(request, account.email, 'email-change-notice');
    await page.goto(pathOfLink(mail.link));
    await expect(page.getByText(`From now on you sign in with ${next}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Back to your account' }).click();
    await expect(page.getByText(`You sign in with ${next}`)).toBeVisible();
  });
}
