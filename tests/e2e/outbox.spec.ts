import { expect, test } from './fixtures';
import { createAccount, outboxKey } from './support';

test('the outbox page shows the e-mails with the key from its address, and nothing without it', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { company: 'Outbox Bakery' });
  await page.goto(`/dev/outbox?key=${outboxKey()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const welcome = page.getByRole('listitem').filter({ hasText: `To ${account.email}` });
  await expect(welcome.getByRole('heading', { name: 'Welcome to Adlane' })).toBeVisible();
  await expect(welcome).toContainText('Hi Dana, your Adlane account for Outbox Bakery is ready.');
  await expect(welcome).toContainText('Kept in the outbox');

  await page.goto('/dev/outbox');
  await expect(page.getByText('This page needs the outbox key')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: account.email })).toHaveCount(0);

  await page.goto('/dev/outbox?key=not-the-key-of-this-server');
  await expect(page.getByText('The outbox needs the key the server printed when it started')).toBeVisible();
});
