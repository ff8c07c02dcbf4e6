import { pdfText } from '../support/pdfText';
import { expect, test } from './fixtures';
import { E2E_COMPANY } from './serverEnv';

test('the footer has the division line, contacts, resources, legal PDFs in new tabs and Adchoices', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The company the server is configured to be run by, as the invoices and the legal PDFs name it.
  await expect(footer).toContainText(`Adlane is a division of ${E2E_COMPANY.legalName}, an ad-tech company`);
  await expect(footer.getByRole('link', { name: '(800) 555-0142' })).toHaveAttribute(
    'href',
    'tel:8005550142',
  );
  await expect(footer.getByRole('link', { name: 'hello@adlane.example' })).toHaveAttribute(
    'href',
    'mailto:hello@adlane.example',
  );
  await expect(footer.getByRole('link', { name: 'Resource Hub' })).toHaveAttribute('href', '/info/resources');
  await expect(footer.getByRole('link', { name: 'Ad specs' })).toHaveAttribute('href', '/specs');

  const terms = footer.getByRole('link', { name: /Terms of service/ });
  const privacy = footer.getByRole('link', { name: /Privacy policy/ });
  const adchoices = footer.getByRole('link', { name: /Adchoices/ });
  await expect(terms).toHaveAttribute('href', '/legal/terms.pdf');
  await expect(privacy).toHaveAttribute('href', '/legal/privacy.pdf');
  await expect(adchoices).toHaveAttribute('href', '/legal/privacy.pdf#page=3');
  for (const link of [terms, privacy, adchoices]) await expect(link).toHaveAttribute('target', '_blank');

  for (const pdf of ['/legal/terms.pdf', '/legal/privacy.pdf']) {
    const response = await request.get(pdf);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(new Uint8Array(body))).join('\n')).toContain(
      `Adlane is run by ${[E2E_COMPANY.legalName, ...E2E_COMPANY.address].join(', ')}. Page 1 of`,
    );
  }
  const privacyPages = (await (await request.get('/legal/privacy.pdf')).body())
    .toString('latin1')
    .match(/\/Type\s*\/Page[^s]/g);
  expect(privacyPages?.length).toBeGreaterThanOrEqual(3);

  const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
  expect(tab.url()).toContain('/legal/terms.pdf');
});

test('the footer’s app links navigate inside the app, without reloading the page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  for (const [name, path] of [
    ['Ad specs', '/specs'],
    ['Resource Hub', '/info/resources'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('an unknown path shows a designed not-found page with ways back', async ({ page }) => {
  // The server draws the page and says what it is: not found, for browsers and search engines.
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('/no/such/page');
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('link', { name: 'Browse all media' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop all media' })).toBeVisible();
});
