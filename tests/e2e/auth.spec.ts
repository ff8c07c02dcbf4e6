import { expect, test } from './fixtures';
import {
  createAccount,
  dashboardCookie,
  latestMail,
  PASSWORD,
  pathOfLink,
  signIn,
  storedStore,
  uniqueEmail,
} from './support';

test.describe('registration', () => {
  test('a visitor registers, lands in the dashboard and sees the account menu', async ({ page }) => {
    const email = uniqueEmail('new');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Company').fill('Reyes Bakery');
    await page.getByLabel('Work e-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    // A first visit is greeted as one (issue 28, point 8).
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Dana' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Account menu for Dana Reyes' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await menu.click();
    await expect(page.getByText('Reyes Bakery').first()).toBeVisible();
    const links = page.getByRole('list', { name: 'Account' }).getByRole('link');
    await expect(links).toHaveText(['Orders', 'Billing', 'Team Members', 'Ad Files', 'Account']);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/orders/upcoming',
      '/billing',
      '/team',
      '/files',
      '/account/profile',
    ]);

    const store = await storedStore(page);
    expect(store.token).toEqual(expect.any(String));
    expect(store.tokenCreatedAt).toEqual(expect.any(Number));
    expect((await dashboardCookie(page))?.path).toBe('/');
  });

  test('shows each problem next to its field, in the error style, and keeps what was typed', async ({
    page,
    request,
  }) => {
    const existing = await createAccount(request);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveClass(/field-error/);
    await expect(firstName).toHaveCSS('border-top-color', 'rgb(242, 102, 75)');
    await expect(firstName).toHaveCSS('animation-name', 'shake');
    await expect(page.getByText('Enter your first name.')).toBeVisible();
    await expect(firstName).toBeFocused();

    await firstName.fill('Ari');
    await page.getByLabel('Last name').fill('Lo');
    await page.getByLabel('Company').fill('Lo & Co');
    await page.getByLabel('Work e-mail').fill(existing.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 10 characters.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this e-mail already exists.')).toBeVisible();
    await expect(page.getByLabel('Company')).toHaveValue('Lo & Co');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('sends the rep code cookie as rep_name', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'adlane_rep_code', value: 'Jordan', url: baseURL ?? '' }]);
    await page.goto('/register');
    await expect(page.getByText('Your Adlane representative, Jordan')).toBeVisible();
    await page.getByLabel('First name').fill('Rae');
    await page.getByLabel('Last name').fill('Kim');
    await page.getByLabel('Company').fill('Kim Dental');
    await page.getByLabel('Work e-mail').fill(uniqueEmail('rep'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/register')),
      page.getByRole('button', { name: 'Create account' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ rep_name: 'Jordan' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('signing in and out', () => {
  test('signs in, signs out to /login, and the dashboard then asks to sign in again', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account.email);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await storedStore(page)).token).toBeUndefined();
    expect(await dashboardCookie(page)).toBeUndefined();

    await page.goto('/team');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fteam$/);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('list', { name: 'Members' })).toContainText(account.email);
  });

  test('a wrong password is said next to the field; the typed e-mail stays', async ({ page, request }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That e-mail and password do not match an account.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveClass(/field-error/);
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);

    // The typed e-mail follows the visitor to the other way of signing in.
    await page.getByRole('button', { name: 'With an e-mailed link' }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  });

  test('signed-in customers are sent on from /login/, /register/, /password-reset/ and /reset-password/', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account.email);
    for (const path of [
      '/login/',
      '/register/',
      '/password-reset/',
      '/reset-password/',
      '/login',
      '/register',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });

  test('visitors on /go/ are sent to /login/; customers go to the dashboard', async ({ page, request }) => {
    await page.goto('/go/');
    await expect(page).toHaveURL(/\/login\/?$/);
    const account = await createAccount(request);
    await signIn(page, account.email);
    await page.goto('/go');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an API answer of 401 Unauthenticated. signs the visitor out and goes to /login', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await signIn(page, account.email);
    // The dashboard's own requests must be answered first: any of them answered 401 would sign
    // the visitor out before the click this test makes.
    await expect(page.getByText('Nothing is due')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your orders' })).not.toContainText('–');
    const token = String((await storedStore(page)).token);
    await request.post('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Team Members' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect((await storedStore(page)).token).toBeUndefined();
  });
});

test.describe('e-mailed links', () => {
  test('password reset: ask, open the link, choose a new password, sign in with it', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    // The address changes before the new page replaces the sign-in form (whose field is also
    // "E-mail"): wait for the page itself, or the address goes into the old form.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail');

    const mail = await latestMail(request, account.email, 'password-reset');
    await page.goto(pathOfLink(mail.link));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For ${account.email}`)).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('New password again').fill('a different one');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await page.getByLabel('New password again').fill('a brand new password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    await page.getByLabel('Password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signed out first: a page opened while the sign-out is under way still finds the session.
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(pathOfLink(mail.link));
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('already used');
  });

  test('a one-time sign-in link: m switches the mode without reloading, and the link signs in once', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await page.goto('/login');
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole('button', { name: 'With an e-mailed link' }).click();
    await expect(page).toHaveURL(/\/login\?m=link$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');

    const mail = await latestMail(request, account.email, 'sign-in-link');
    const link = pathOfLink(mail.link);
    expect(link).toMatch(/^\/\?hydrate=1&code=/);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('button', { name: 'Account menu for Dana Reyes' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await dashboardCookie(page)).toBeDefined();
  });

  test('a colleague invited from the team page joins the same company', async ({
    page,
    browser,
    request,
  }) => {
    const owner = await createAccount(request, { company: 'Harbor Dental' });
    await signIn(page, owner.email);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('list', { name: 'Account' }).getByRole('link', { name: 'Team Members' }).click();
    const colleague = uniqueEmail('colleague');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Their work e-mail').fill(colleague);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status')).toContainText(`Invitation sent to ${colleague}`);
    await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(colleague);

    const mail = await latestMail(request, colleague, 'colleague-invite');
    const other = await browser.newContext();
    const joiner = await other.newPage();
    await joiner.goto(pathOfLink(mail.link));
    await expect(joiner.getByRole('heading', { name: 'Join Harbor Dental' })).toBeVisible();
    await expect(joiner.getByLabel('First name')).toHaveValue('Sam');
    await expect(joiner.getByLabel('Work e-mail')).toHaveValue(colleague);
    await joiner.getByLabel('Last name').fill('Okafor');
    await joiner.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await joiner.getByRole('button', { name: 'Join Harbor Dental' }).click();
    await expect(joiner).toHaveURL(/\/dashboard$/);
    await expect(joiner.getByRole('button', { name: 'Account menu for Sam Okafor' })).toBeVisible();
    await other.close();

    await page.reload();
    await expect(page.getByRole('list', { name: 'Members' })).toContainText(colleague);
    await expect(page.getByRole('list', { name: 'Open invitations' })).toHaveCount(0);
  });

  test('an invitation link that is not valid says so', async ({ page }) => {
    await page.goto(
      '/join?uuid=00000000-0000-4000-8000-000000000000&coid=00000000-0000-4000-8000-000000000000',
    );
    await expect(page.getByRole('heading', { name: 'This invitation does not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('not valid');
  });
});

test.describe('account in the drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed in, the drawer shows the avatar, name, company, the account links and Sign out', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, {
      firstname: 'Lee',
      lastname: 'Park',
      company: 'Park Cycles',
    });
    await signIn(page, account.email);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Account' });
    await expect(section).toContainText('Lee Park');
    await expect(section).toContainText('Park Cycles');
    await expect(section.getByRole('link')).toHaveText([
      'Orders',
      'Billing',
      'Team Members',
      'Ad Files',
      'Account',
    ]);
    await expect(section.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('region', { name: 'Account' })
        .getByRole('link', { name: 'Sign in' }),
    ).toBeVisible();
  });
});
