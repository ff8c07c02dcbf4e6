import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;
/** A unique e-mail for this test run, so tests never share accounts. */
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${process.pid}.${++counter}@bakery.example`;

export const PASSWORD = 'correct horse battery';

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  /** The text part. */
  body: string;
  link: string | null;
  attachments: { id: number; filename: string; content_type: string }[];
}

/** The test server's outbox key (playwright.config.ts gives the server the same one). */
export const outboxKey = () => process.env.E2E_OUTBOX_KEY ?? '';

/** The newest e-mail of a kind the API sent to an address (the development outbox). */
export async function latestMail(request: APIRequestContext, to: string, kind: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const answer = (await (
        await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}&key=${outboxKey()}`)
      ).json()) as { data: OutboxMail[] };
      found = answer.data.find((mail) => mail.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`No ${kind} e-mail to ${to}`);
  return found;
}

/** The path and query of an e-mailed link, to open on the test server. */
export const pathOfLink = (link: string | null) => {
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
};

/** Creates an account through the API (fast), returning its e-mail and a sign-in token. */
export async function createAccount(request: APIRequestContext, overrides: Record<string, string> = {}) {
  const email = overrides.email ?? uniqueEmail('buyer');
  const body = {
    email,
    password: PASSWORD,
    firstname: 'Dana',
    lastname: 'Reyes',
    company: 'Reyes Bakery',
    ...overrides,
  };
  const response = await request.post('/api/v1/register', { data: body });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  return { ...body, email, token: data.token };
}

/** Signs in through the real login page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const storedStore = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('adlaneStorefrontStore') ?? '{}') as Record<string, unknown>,
  );

/**
 * The stored store for `expect.poll`, or null while the page is navigating (a cascade logout
 * reloads it): the read is retried instead of failing on the destroyed execution context.
 */
export async function storedStoreWhenSettled(page: Page): Promise<Record<string, unknown> | null> {
  try {
    return await storedStore(page);
  } catch (error) {
    if (error instanceof Error && /Execution context was destroyed|navigat/i.test(error.message)) return null;
    throw error;
  }
}

/**
 * Waits until nothing on the page is in the middle of a transition or a finite animation (a menu
 * fading in, a drawer sliding): what is read then is what a person sees once it has arrived. Endless
 * animations (a spinner) are not waited for.
 */
export async function motionSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
      ),
  );
}

export async function dashboardCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'adlane_dashboard_token');
}

/**
 * A full-page screenshot at a width, to look at, and a check that nothing is wider than the page: a
 * phone would have to scroll sideways.
 */
export async function shotAt(page: Page, testInfo: TestInfo, name: string, width: number) {
  await motionSettled(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} is wider than ${width} px`,
  ).toBeLessThanOrEqual(width);
}
