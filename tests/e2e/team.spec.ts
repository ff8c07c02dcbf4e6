import { expect, test } from './fixtures';
import { createAccount, latestMail, PASSWORD, pathOfLink, shotAt, signIn, uniqueEmail } from './support';

for (const width of [1280, 390]) {
  test(`at ${width} px: invite an admin, make them a member who cannot open billing, remove them: their next request signs them out with the reason, and they stay a former member`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = (target: typeof page, name: string) => shotAt(target, testInfo, name, width);
    const owner = await createAccount(request, {
      company: 'Harbor Dental',
      firstname: 'Rosa',
      lastname: 'Diaz',
    });
    await signIn(page, owner.email);
    await page.goto('/team');
    const members = page.getByRole('list', { name: 'Members', exact: true });
    await expect(members.getByRole('listitem')).toHaveCount(1);
    await expect(members).toContainText('Owner');

    // Invited as an admin.
    const colleague = uniqueEmail('colleague');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Their work e-mail').fill(colleague);
    await page.getByRole('radio', { name: /^Admin/ }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const invitations = page.getByRole('list', { name: 'Open invitations' });
    await expect(invitations).toContainText(colleague);
    await expect(invitations).toContainText('Admin');
    await shot(page, 'team-invited');

    // Accepted in a second browser.
    const mail = await latestMail(request, colleague, 'colleague-invite');
    const other = await browser.newContext({ viewport: { width, height: 900 } });
    const joiner = await other.newPage();
    await joiner.goto(pathOfLink(mail.link));
    await joiner.getByLabel('Last name').fill('Okafor');
    await joiner.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await joiner.getByRole('button', { name: 'Join Harbor Dental' }).click();
    await expect(joiner).toHaveURL(/\/dashboard$/);
    // Their first visit: welcomed, not welcomed back.
    await expect(joiner.getByRole('heading', { level: 1, name: 'Welcome, Sam' })).toBeVisible();
    await shot(joiner, 'dashboard-first-visit');

    // The owner makes them a member (the list shows it after reading the team again).
    await page.reload();
    await expect(invitations).toHaveCount(0);
    const role = page.getByLabel('Role of Sam Okafor');
    await expect(role).toHaveValue('admin');
    await role.selectOption('member');
    await expect(page.getByRole('status').filter({ hasText: 'Sam Okafor is now a member.' })).toBeVisible();
    await expect(role).toHaveValue('member');
    await shot(page, 'team-member');

    // The member sees the team, manages nothing, and has no billing.
    await joiner.goto('/team');
    await expect(joiner.getByRole('list', { name: 'Members', exact: true })).toContainText('Rosa Diaz');
    await expect(joiner.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(joiner.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    await expect(
      joiner.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Billing' }),
    ).toHaveCount(0);
    // The Billing page asks the API nothing the member may not read (no 403 in the console).
    const billingCalls: string[] = [];
    const consoleErrors: string[] = [];
    joiner.on('request', (request) => {
      if (/\/api\/v1\/(billing|invoices)/.test(request.url())) billingCalls.push(request.url());
    });
    joiner.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await joiner.goto('/billing');
    await expect(joiner.getByRole('heading', { name: 'Billing is for owners and admins' })).toBeVisible();
    await shot(joiner, 'billing-member');
    expect(billingCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const refused = await joiner.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('adlaneStorefrontStore') ?? '{}') as { token?: string })
        .token;
      const response = await fetch('/api/v1/invoices', { headers: { Authorization: `Bearer ${token}` } });
      return response.status;
    });
    expect(refused).toBe(403);

    // Removed after a confirmation; the removed person's next request signs them out.
    await page.getByRole('button', { name: 'Remove Sam Okafor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Sam Okafor from the team?' });
    await expect(dialog.getByRole('button', { name: 'Keep them' })).toBeFocused();
    await shot(page, 'team-remove-dialog');
    await dialog.getByRole('button', { name: 'Yes, remove them' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sam Okafor is removed' })).toBeVisible();
    await expect(members.getByRole('listitem')).toHaveCount(1);
    // Kept as a former member, apart from the team.
    const former = page.getByRole('list', { name: 'Former members' });
    await expect(former.getByRole('listitem')).toHaveCount(1);
    await expect(former).toContainText('Sam Okafor');
    await expect(former).toContainText(colleague);
    await shot(page, 'team-former-member');

    // Their next request signs them out, and the sign-in page says why.
    await joiner.goto('/orders/upcoming');
    await expect(joiner).toHaveURL(/\/login/);
    await expect(joiner.getByRole('alert')).toHaveText(
      'Your access to Harbor Dental was removed, so you were signed out. If you still need it, ask its owner or an admin to invite you again.',
    );
    await shot(joiner, 'login-access-removed');
    // Their password no longer signs them in to the company, and says why.
    await joiner.getByLabel('E-mail').fill(colleague);
    await joiner.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await joiner.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      joiner.getByRole('alert').filter({ hasText: 'To get it back, ask its owner or an admin' }),
    ).toBeVisible();
    await expect(joiner).toHaveURL(/\/login/);
    await other.close();
  });
}
