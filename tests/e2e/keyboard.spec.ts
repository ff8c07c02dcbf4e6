import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, PASSWORD } from './support';

/*
 * Issue 18, point 5: a person who never touches the mouse finds a placement by zip code, chooses an
 * issue, adds it to the cart, signs in at checkout, fills the billing contact, places the order and
 * finds it in the dashboard. Only the keyboard moves the focus and acts; at each stop the focused
 * element is the one expected and shows a focus indicator.
 */

/**
 * What the focused element draws to show it has the focus: an outline or a ring (a box shadow), on
 * the element itself or on its ::after or ::before (a card-wide link draws its outline around the
 * card, on its ::after).
 */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing has the focus';
    const transparent = (color: string) =>
      color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color) || /\/\s*0\)$/.test(color);
    const shows = (style: CSSStyleDeclaration) => {
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      const outline =
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        !transparent(style.outlineColor);
      // A Tailwind ring is a box shadow drawn from these variables; a resting shadow (shadow-sm) is no ring.
      const ring =
        style.boxShadow !== 'none' &&
        ['--tw-ring-shadow', '--tw-inset-ring-shadow'].some((name) => {
          const value = style.getPropertyValue(name).trim();
          return value !== '' && !/^0 0 (#0000|transparent|rgba\(0, 0, 0, 0\))$/.test(value);
        });
      return outline || ring;
    };
    if ([null, '::after', '::before'].some((pseudo) => shows(getComputedStyle(element, pseudo)))) {
      return 'visible';
    }
    const style = getComputedStyle(element);
    const name = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return `no focus indicator on ${name}: outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow}`;
  });
}

/** The element has the focus, and the page shows it. */
async function expectFocused(page: Page, target: Locator, what: string) {
  await expect(target, `${what} has the focus`).toBeFocused();
  await expect.poll(() => focusIndicator(page), { message: `${what} shows the focus` }).toBe('visible');
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, then checks it shows the focus; fails
 * after `max` presses, listing where the focus went on the way.
 */
async function tabTo(
  page: Page,
  target: Locator,
  what: string,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  await expect(target, `${what} is on the page`).toBeVisible();
  const seen: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocused(page, target, what);
      return;
    }
    if (presses === max) break;
    await page.keyboard.press(key);
    seen.push(
      await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return '(body)';
        const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} "${label}"`;
      }),
    );
  }
  throw new Error(
    `${what} never got the focus in ${max} presses of ${key}; the focus went to: ${seen.join(', ')}`,
  );
}

/** Types into the focused field, which must be the expected one. */
async function typeInto(page: Page, field: Locator, what: string, text: string) {
  await tabTo(page, field, what);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

for (const width of [1280, 390]) {
  test(`at ${width} px, with the keyboard only: find a magazine by zip code, book an issue, sign in at checkout, place the order, find it in the dashboard`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(request);
    await page.goto('/shop/magazines');

    // Where: the zip code, typed, and the list answers for it.
    const zip = page.getByRole('combobox', { name: 'Zip code or city' });
    await tabTo(page, zip, 'the zip code or city field');
    await page.keyboard.type('60601');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/zip=60601/);
    const placements = page.getByRole('region', { name: 'Placements' });
    const firstHeading = placements.getByRole('heading', { level: 3 }).first();
    await expect(firstHeading).toBeVisible();
    const title = ((await firstHeading.textContent()) ?? '').trim();

    // The first placement, opened from its name.
    await tabTo(page, firstHeading.getByRole('link'), `the link to ${title}`, { max: 80 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Its first open issue, chosen with the space bar, then added to the cart.
    const issue = page
      .getByRole('group', { name: 'Issues' })
      .getByRole('button', { disabled: false })
      .first();
    await tabTo(page, issue, 'the first open issue', { max: 80 });
    await page.keyboard.press('Space');
    await expect(issue).toHaveAttribute('aria-pressed', 'true');
    await expectFocused(page, issue, 'the chosen issue');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    await tabTo(page, add, 'Add to cart');
    const added = page.waitForResponse(
      (r) => r.url().includes('/checkout/item/create') && r.status() === 200,
    );
    await page.keyboard.press('Enter');
    await added;
    const cartButton = page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' });
    await expect(cartButton).toBeVisible();
    // Adding keeps the focus where the person is.
    await expectFocused(page, add, 'Add to cart, after adding');

    // The mini-cart, back up in the header, and from it the checkout.
    await tabTo(page, cartButton, 'the cart button', { max: 100, backwards: true });
    await page.keyboard.press('Enter');
    const toCheckout = page.getByRole('link', { name: 'Shopping Cart' });
    await expect(toCheckout).toBeVisible();
    await tabTo(page, toCheckout, 'the Shopping Cart link', { max: 20 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    // The mini-cart closes on its way out (its panel fades, so for a moment both lists are there).
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toHaveCount(0);
    const items = page.getByRole('list', { name: 'Items', exact: true }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(title);

    // Signed in without leaving the cart; the focus carries on at the billing contact.
    await typeInto(page, page.getByLabel('E-mail'), 'the e-mail field', account.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), 'the password field', PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Billing contact' })).toBeFocused();

    // The billing contact: name, company and e-mail come from the account.
    await typeInto(page, page.getByLabel('Phone'), 'the phone field', '(312) 555-0100');
    await typeInto(page, page.getByLabel('Street address'), 'the street address field', '233 S Wacker Dr');
    await typeInto(page, page.getByLabel('City'), 'the city field', 'Chicago');
    await typeInto(page, page.getByLabel('State'), 'the state field', 'IL');
    await typeInto(page, page.getByLabel('Zip code'), 'the zip code field', '60606');
    await tabTo(page, page.getByRole('button', { name: /^Place order/ }), 'Place order', { max: 10 });
    await page.keyboard.press('Enter');

    // The confirmation lists the order, and the focus is on it, not lost.
    const thanks = page.getByRole('heading', { name: 'Thank you, your order is placed' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText(title);
    const number = /AD-\d{2}-\d{6,}/.exec((await orders.first().textContent()) ?? '')?.[0];
    expect(number, 'an order number on the confirmation').toBeTruthy();

    // The dashboard's upcoming orders hold it, and it opens from there.
    await tabTo(page, page.getByRole('link', { name: 'See your orders' }), 'See your orders', { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders\/upcoming$/);
    const upcoming = page.getByRole('list', { name: 'Upcoming orders' }).getByRole('listitem');
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming.first()).toContainText(number ?? '');
    await tabTo(page, upcoming.first().getByRole('link', { name: title }), `the order of ${title}`, {
      max: 80,
    });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orders/${number}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}
