import { expect, test } from './fixtures';
import { createAccount, outboxKey, PASSWORD, signIn } from './support';

test('a customer we know: welcome back, order counts, what they viewed, and the survey offered once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await createAccount(request, { firstname: 'Kim' });
  await signIn(page, account.email, PASSWORD);

  // A placement viewed while signed in is remembered (view_item in the event log).
  await page.goto('/shop/magazines?zip=60614');
  const first = page.getByRole('region', { name: 'Placements' }).getByRole('heading', { level: 3 }).first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);

  await page.goto('/');
  const known = page.getByRole('region', { name: 'Welcome back, Kim' });
  await expect(known).toBeVisible();
  await expect(known.getByRole('list', { name: 'Your orders' })).toContainText('Upcoming orders');
  await expect(
    known.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();

  // The onboarding survey is offered to a new customer; "Not now" ends the offer for good.
  const survey = known.getByRole('form', { name: /.+/ });
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: 'Not now' }).click();
  await expect(survey).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Welcome back, Kim' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
});

test('the chat widget boots for visitors, raised 40 px, and a message reaches the team', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  const box = await launcher.boundingBox();
  const viewport = page.viewportSize();
  expect(viewport && box ? Math.round(viewport.height - (box.y + box.height)) : 0).toBeGreaterThanOrEqual(40);
  await launcher.click();
  const text = `Do you sell bus shelters in Tulsa? ${Date.now()}`;
  await page.getByRole('textbox', { name: /message/i }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect
    .poll(async () => JSON.stringify(await (await request.get(`/api/v1/dev/chat?key=${outboxKey()}`)).json()))
    .toContain(text);
});

test('the footer’s “Start a chat” opens the conversation once the widget is there', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Start a chat' }).click();
  await expect(page.getByRole('textbox', { name: /message/i })).toBeFocused();
});
