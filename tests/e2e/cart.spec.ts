import type { Page, Request } from '@playwright/test';
import { expect, test, untilReady } from './fixtures';
import { startOwnServer } from './ownServer';
import { createAccount, PASSWORD, signIn } from './support';

const miniCartItems = (page: Page) =>
  page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');

/** Opens the n-th placement listed at a shop address (a section and a zip). */
async function openPlacement(page: Page, listing: string, n = 0) {
  await page.goto(listing);
  // A tab opened by the test itself (not the fixture's page) waits here as a person would.
  await untilReady(page);
  await page
    .getByRole('region', { name: 'Placements' })
    .getByRole('heading', { level: 3 })
    .nth(n)
    .getByRole('link')
    .click();
}

/** Completes the billing contact (name, company and e-mail come from the account). */
async function fillBilling(page: Page) {
  await expect(page.getByRole('heading', { name: 'Billing contact' })).toBeVisible();
  await page.getByLabel('Phone').fill('(312) 555-0100');
  await page.getByLabel('Street address').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('Zip code').fill('60606');
}

/** On a magazine's page: chooses the n-th open issue and adds it to the cart. */
async function addIssue(page: Page, n: number) {
  const issues = page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false });
  await issues.nth(n).click();
  await expect(page.getByText(/^Total$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  const adds = page.waitForResponse((r) => r.url().includes('/checkout/item/create') && r.status() === 200);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await adds;
  await issues.nth(n).click();
}

test.describe
  .serial('from a magazine to a placed order, across a reload and a server restart', () => {
    let server: Awaited<ReturnType<typeof startOwnServer>>;
    test.beforeAll(async () => {
      // A database copied from the template and a server started from scratch: slow on a busy machine.
      test.setTimeout(120_000);
      server = await startOwnServer();
    });
    test.afterAll(async () => {
      await server.close();
    });

    test('find, quote, add 7, see 6 and "+ 1 more items", remove one, reload, restart, sign in, check out, see the order', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const base = server.baseURL;
      await page.goto(`${base}/shop/magazines?zip=60601`);
      const first = page
        .getByRole('region', { name: 'Placements' })
        .getByRole('heading', { level: 3 })
        .first();
      const title = (await first.textContent()) ?? '';
      await first.getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Audience' }).getByRole('table', { name: 'Adults by age' }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Market' })).toContainText('households');

      for (let n = 0; n < 7; n++) await addIssue(page, n);

      const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart, 7 items' });
      await expect(cartButton).toBeVisible();
      await cartButton.click();
      await expect(miniCartItems(page)).toHaveCount(6);
      await expect(page.getByText('+ 1 more items')).toBeVisible();
      // Newest first: the last issue added is at the top.
      await expect(miniCartItems(page).first()).toContainText(title);

      // Removed with the keyboard: the focus moves on to the next item's remove button.
      await miniCartItems(page)
        .first()
        .getByRole('button', { name: /^Remove / })
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 6 items' })).toBeVisible();
      await expect(page.getByText('+ 1 more items')).toHaveCount(0);
      await expect(
        miniCartItems(page)
          .first()
          .getByRole('button', { name: /^Remove / }),
      ).toBeFocused();

      await page.reload();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 6 items' })).toBeVisible();

      await server.restart();
      await page.reload();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 6 items' })).toBeVisible();

      // The account is created on this test's own server.
      const email = `buyer.${Date.now()}@bakery.example`;
      const registered = await request.post(`${base}/api/v1/register`, {
        data: { email, password: PASSWORD, firstname: 'Ada', lastname: 'Moss', company: 'Moss Realty' },
      });
      expect(registered.status()).toBe(200);

      await page.getByRole('banner').getByRole('button', { name: 'Cart, 6 items' }).click();
      await page.getByRole('link', { name: 'Shopping Cart' }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(6);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in and continue' }).click();

      await fillBilling(page);
      const sent: Request[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/place')) sent.push(r);
      });
      // A double click sends the order once...
      await page.getByRole('button', { name: /^Place order/ }).dblclick();
      await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
      const numbers = (
        await page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').allTextContents()
      ).map((text) => /AD-\d{2}-\d{6,}/.exec(text)?.[0]);
      expect(numbers).toHaveLength(6);
      expect(sent).toHaveLength(1);
      // ...and the same request arriving again (a retry after a lost answer) makes no second order.
      const [order] = sent;
      if (!order) throw new Error('No order request');
      const repeat = await request.post(order.url(), {
        headers: await order.allHeaders(),
        data: order.postData() ?? '',
      });
      expect(repeat.status()).toBe(200);
      const repeated = (await repeat.json()) as { data: { orders: Array<{ number: string }> } };
      expect(repeated.data.orders.map((o) => o.number)).toEqual(numbers);

      await page.getByRole('link', { name: 'See your orders' }).click();
      await expect(page.getByRole('list', { name: 'Upcoming orders' }).getByRole('listitem')).toHaveCount(6);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
    });
  });

test('when adding to the cart fails, an error toast says so and the cart is unchanged', async ({ page }) => {
  await openPlacement(page, '/shop/magazines?zip=10001');
  await addIssue(page, 0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  await page.route('**/api/v1/checkout/item/create', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        data: null,
        meta: { drop_cookies: [] },
        message: 'Server error',
      }),
    }),
  );
  await page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false }).nth(1).click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toContainText(
    'Error adding new item',
  );
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the mini-cart of an empty cart says so, and its Shopping Cart button is disabled', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shopping Cart' })).toBeDisabled();
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: 'Cart, 0 items' })
      .locator('span')
      .filter({ hasText: /^\d/ }),
  ).toHaveCount(0);
});

test('an anonymous cart follows the visitor into their account', async ({ page, request }) => {
  const account = await createAccount(request);
  await openPlacement(page, '/shop/tv?zip=60601');
  const weeks = page.getByRole('group', { name: /Weeks/ }).getByRole('button', { disabled: false });
  await weeks.first().click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await page.context().clearCookies({ name: 'adlane_cart_id' });
  await page.reload();
  // The cart is the account's now: it comes back with the account, not with the cookie.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('signing in at checkout merges the visitor’s cart into the account’s own, and shows both at checkout', async ({
  page,
  request,
}) => {
  // The account already has a cart from another visit, with one TV week in it.
  const account = await createAccount(request);
  const found = await request.post('/api/v1/media/search?media_types[]=tv&zip[]=60601&per_page=1');
  const tv = (await found.json()) as { data: { items: Array<{ mediacode: string }> } };
  const code = tv.data.items[0]?.mediacode ?? '';
  const weeks = (await (await request.get(`/api/v1/media/${code}/availability`)).json()) as {
    data: { options: Array<{ value: string; available: boolean }>; quantities: Array<{ value: number }> };
  };
  const week = weeks.data.options.find((o) => o.available)?.value ?? '';
  const quantity = weeks.data.quantities[0]?.value;
  const saved = await request.post('/api/v1/checkout/item/create', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { mediacode: code, dates: [week], quantity },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // Today, not signed in, the visitor adds a magazine issue and goes to checkout.
  await openPlacement(page, '/shop/magazines?zip=60601');
  await addIssue(page, 0);
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Shopping Cart' }).click();
  const anonymousUrl = page.url();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in and continue' }).click();

  // Both items are in the cart being checked out (the account's, now holding the visitor's issue).
  await expect(page.getByRole('heading', { name: 'Billing contact' })).toBeFocused();
  await expect(page).not.toHaveURL(anonymousUrl);
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
});

test('an order is not placed when the cart changed in another tab: the page says so and shows the cart now', async ({
  page,
  request,
}) => {
  // Two tabs' worth of pages: a sign-in, two placements, a checkout placed twice.
  test.setTimeout(60_000);
  const account = await createAccount(request);
  await signIn(page, account.email);
  await openPlacement(page, '/shop/magazines?zip=60601');
  await addIssue(page, 0);
  await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Shopping Cart' }).click();
  await fillBilling(page);

  // Another tab adds to the same (the account's) cart.
  const other = await page.context().newPage();
  await openPlacement(other, '/shop/magazines?zip=60601', 1);
  await addIssue(other, 0);
  await other.close();

  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByRole('alert')).toContainText('Your cart changed since this page was opened');
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(2);
  // Nothing typed is lost; placing it now orders what is shown.
  await expect(page.getByLabel('Street address')).toHaveValue('233 S Wacker Dr');
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('listitem')).toHaveCount(2);
});

test('a section of the detail page that fails to load says so and can be retried; the rest works', async ({
  page,
}) => {
  await page.route('**/api/v1/market/demographics**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"success":false,"data":null,"meta":{"drop_cookies":[]},"message":"down"}',
    }),
  );
  await openPlacement(page, '/shop/out-of-home?zip=60601');
  const audience = page.getByRole('region', { name: 'Audience' });
  await expect(audience.getByRole('alert')).toContainText('Error fetching demographics');
  await expect(page.getByRole('region', { name: 'Market' }).getByRole('table')).toBeVisible();
  await page.unroute('**/api/v1/market/demographics**');
  await audience.getByRole('button', { name: 'Try again' }).click();
  await expect(audience.getByRole('table', { name: 'Adults by age' })).toBeVisible();
});
