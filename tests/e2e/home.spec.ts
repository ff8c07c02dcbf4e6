import { expect, test } from './fixtures';
import { createAccount, PASSWORD } from './support';

const TILES = [
  ['Magazines', '/shop/magazines'],
  ['Linear TV', '/shop/tv'],
  ['CTV', '/shop/ctv'],
  ['Digital Out of Home', '/shop/out-of-home'],
  ['Online: Google', '/shop/websites'],
  ['Online: GroundTruth', '/shop/websites'],
  ['Every Door Direct Mail', '/ads/direct-mail/?m=eddm'],
  ['Audience-based Direct Mail', '/shop/direct-mail'],
  ['Email', '/shop/email'],
  ['Custom', '/info/ad-design-on-adlane/'],
] as const;

test('the home page says what Adlane is and shows the total companies from /ui/stats', async ({ page }) => {
  const stats = (await (await page.request.get('/api/v1/ui/stats')).json()) as {
    data: { total_companies: number };
  };
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Advertise where your customers are');
  await expect(
    page.getByText(`Trusted by ${stats.data.total_companies.toLocaleString('en-US')} companies`),
  ).toBeVisible();
  await expect(page).toHaveTitle('Adlane: advertising by zip code or market');
});

test('there is one tile per media type, each with its icon, banner and link', async ({ page }) => {
  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Every kind of media, one cart' }).getByRole('link');
  await expect(tiles).toHaveCount(TILES.length);
  for (const [index, [title, href]] of TILES.entries()) {
    const tile = tiles.nth(index);
    await expect(tile).toContainText(title);
    await expect(tile).toHaveAttribute('href', href);
    await expect(tile.locator('svg')).toHaveCount(2);
    await expect(tile.locator('img')).toHaveAttribute('src', /\/images\/banners\/\w+\.svg$/);
  }
});

test('picking a place on the home page opens the shop for its zip', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Zip code or city' }).fill('chicago');
  const options = page.getByRole('option');
  await expect(options.first()).toHaveText(/^Chicago, IL 606\d\d$/);
  // The first suggestion is active as soon as the list opens: Enter picks it.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?zip=606\d\d$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop all media' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'placements' })).toContainText(
    'Chicago, IL market',
  );
});

test('picking a place keeps the other stored search parameters', async ({ page }) => {
  await page.goto('/shop?type=tv&lifestyle=food-dining');
  await expect(page.getByRole('button', { name: /Lifestyle/ })).toContainText('Food & Dining');
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Zip code or city' }).fill('10001');
  await page.getByRole('option', { name: /10001/ }).first().click();
  await expect(page).toHaveURL(/\/shop\?zip=10001&lifestyle=food-dining&type=tv$/);
  await expect(page.getByRole('button', { name: /Media type/ })).toContainText('TV');
});

test('the picker explains what it needs when nothing usable was typed', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('combobox', { name: 'Zip code or city' });
  await picker.fill('qqqzzz');
  await expect(page.getByText('No US place matches “qqqzzz”')).toBeVisible();
  await page.getByRole('button', { name: 'Find placements' }).click();
  await expect(page.getByRole('alert')).toContainText('five-digit zip code');
  await expect(picker).toHaveClass(/field-error/);
  await expect(picker).toHaveValue('qqqzzz');
});

test("the customer's preferred market is asked for by the home page's picker only, never by a sign-in elsewhere", async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  // The page each GET /market/preferences/{uuid} was asked from.
  const askedFrom: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/market/preferences/')) askedFrom.push(new URL(page.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Zip code or city' })).toBeVisible();
  // A visitor: nobody to ask for. Then a sign-in on the login page, reached by the header's link.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Back on the home page, its picker asks for the customer's markets: the only time it is asked.
  await page.getByRole('link', { name: 'Adlane home' }).click();
  await expect(page.getByRole('combobox', { name: 'Zip code or city' })).toBeVisible();
  await expect.poll(() => askedFrom).toEqual(['/']);
});

/*
 * Issue 28, point 18: on a phone the zip field's placeholder was cut ("…60601 or Ch"). Its text,
 * measured in the placeholder's own font, fits the field's room for text at every width.
 */
for (const width of [1280, 390, 320]) {
  test(`the zip field's placeholder shows whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Zip code or city' });
    await expect(field).toBeVisible();
    const { text, room, placeholder } = await field.evaluate(async (input: HTMLInputElement) => {
      const look = getComputedStyle(input, '::placeholder');
      const font = `${look.fontStyle} ${look.fontWeight} ${look.fontSize} ${look.fontFamily}`;
      await document.fonts.load(font, input.placeholder);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('No canvas to measure with');
      context.font = font;
      const box = getComputedStyle(input);
      return {
        placeholder: input.placeholder,
        text: context.measureText(input.placeholder).width,
        room: input.clientWidth - Number.parseFloat(box.paddingLeft) - Number.parseFloat(box.paddingRight),
      };
    });
    expect(placeholder).toMatch(/60601/);
    expect(text, `"${placeholder}" is ${Math.round(text)} px in ${Math.round(room)} px`).toBeLessThanOrEqual(
      room,
    );
  });
}
