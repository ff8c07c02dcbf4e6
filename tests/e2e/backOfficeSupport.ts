import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { test as base, expect, untilReady } from './fixtures';
import { startOwnServer } from './ownServer';
import { latestMail, PASSWORD, pathOfLink, shotAt, uniqueEmail } from './support';

/*
 * The back office end to end (issue 31): its own server, because only a first start with no staff
 * prints the setup link, and that link is read from what the server printed. The server runs on the
 * real clock, so TOTP codes are made for the real time (otplib's `generate`, as an authenticator app).
 */

type OwnServer = Awaited<ReturnType<typeof startOwnServer>>;

export interface StaffMember {
  email: string;
  password: string;
  /** The TOTP key, base32, as the enrolment page shows it. */
  secret: string;
}

/** The server and what the spec learns on it as it goes: the first admin, an API token of theirs. */
export interface BackOffice {
  server: OwnServer;
  admin: StaffMember | null;
  adminToken: string | null;
  /** The last 30-second step each person's code was made for: the server takes a code once. */
  steps: Map<string, number>;
}

export const test = base.extend<object, { backOffice: BackOffice }>({
  backOffice: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern: none.
    async ({}, use) => {
      const server = await startOwnServer();
      await use({ server, admin: null, adminToken: null, steps: new Map() });
      await server.close();
    },
    // A database copied from the template and a server started from scratch: slow on a busy machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  // Every page, request and helper of these tests goes to that server.
  baseURL: async ({ backOffice }, use) => use(backOffice.server.baseURL),
});
export { expect };

const PERIOD_SECONDS = 30;

/**
 * A code for the person's next sign-in. The server takes each 30-second step once and a code of the
 * step either side of now, so a second sign-in within one step uses the next step's code; a third
 * waits for the clock (the real one: this server's time is the machine's).
 */
export async function codeFor(office: BackOffice, who: StaffMember): Promise<string> {
  const nowStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const step = Math.max(nowStep(), (office.steps.get(who.email) ?? -1) + 1);
  while (step - nowStep() > 1) await new Promise((resolve) => setTimeout(resolve, 1000));
  office.steps.set(who.email, step);
  return generate({ secret: who.secret, epoch: step * PERIOD_SECONDS });
}

/** A code that is not the person's now, nor a step either side: a wrong code. */
export async function wrongCodeFor(who: StaffMember): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all(
    [-1, 0, 1].map((n) => generate({ secret: who.secret, epoch: now + n * PERIOD_SECONDS })),
  );
  for (let hours = 1; ; hours += 1) {
    const code = await generate({ secret: who.secret, epoch: now - hours * 3600 });
    if (!near.includes(code)) return code;
  }
}

/** The path of the one-time setup link the server printed at its first start. */
export async function setupPath(office: BackOffice): Promise<string> {
  const printed = () => /https?:\/\/\S+\/admin\/setup\?token=\S+/.exec(office.server.output())?.[0] ?? null;
  await expect.poll(printed, { message: 'the server prints the staff setup link' }).not.toBeNull();
  return pathOfLink(printed());
}

/** The key the enrolment page prints in groups of four ("Can't scan it? Enter this key:"). */
export async function enrolmentKey(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Scan this code' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const printed = page.getByText("Can't scan it? Enter this key:").locator('code');
  const key = ((await printed.textContent()) ?? '').replaceAll(' ', '');
  expect(key, 'the enrolment key, base32').toMatch(/^[A-Z2-7]{16,}$/);
  return key;
}

/** Signs a staff member in through /admin/login: the back office's navigation is there afterwards. */
export async function staffSignIn(page: Page, office: BackOffice, who: StaffMember) {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Code from your authenticator app').fill(await codeFor(office, who));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
}

/** Opens a part of the back office from its navigation ("Orders", "Placements", "Audit log"...). */
export const openSection = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();

/** The first admin's token for the API (invitations), signed in once per server. */
async function adminToken(request: APIRequestContext, office: BackOffice): Promise<string> {
  if (office.adminToken) return office.adminToken;
  const admin = office.admin;
  if (!admin) throw new Error('The back office is not set up yet: the setup test runs first.');
  const answer = await request.post('/api/v1/admin/login', {
    data: { email: admin.email, password: admin.password, code: await codeFor(office, admin) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  office.adminToken = ((await answer.json()) as { data: { token: string } }).data.token;
  return office.adminToken;
}

/**
 * A new staff member with a role, invited by the first admin and enrolled through the API: each test
 * signs in a person of its own, so no two sign-ins need the same person's next code.
 */
export async function newStaffMember(
  request: APIRequestContext,
  office: BackOffice,
  role: 'admin' | 'production' | 'rep',
): Promise<StaffMember> {
  const token = await adminToken(request, office);
  const email = uniqueEmail(`staff.${role}`).replace('@bakery.example', '@adlane.example');
  const invited = await request.post('/api/v1/admin/staff/invites', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, role },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const link = new URL((await latestMail(request, email, 'staff-invite')).link ?? '');
  const joined = await request.post('/api/v1/admin/join', {
    data: { token: link.searchParams.get('token'), name: `Pat ${role}`, password: PASSWORD },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const { otpauth } = ((await joined.json()) as { data: { otpauth: string } }).data;
  return { email, password: PASSWORD, secret: new URL(otpauth).searchParams.get('secret') ?? '' };
}

/** A one-page PDF saying what it is (a tear sheet, a proof), as a file input takes it. */
export async function pdfFile(name: string, words: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(words, { x: 72, y: 700, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/**
 * Picks an option of a labelled choice, whether the page draws it as a native select or as a
 * Headless UI listbox (a button named by its label, then options): the parts draw both.
 */
export async function choose(page: Page, scope: Page | Locator, label: string, option: RegExp) {
  const field = scope.getByLabel(label, { exact: true });
  if ((await field.count()) > 0 && (await field.first().evaluate((el) => el.tagName)) === 'SELECT') {
    const labels = await field.first().locator('option').allTextContents();
    const wanted = labels.find((text) => option.test(text));
    if (!wanted) throw new Error(`${label} has no option like ${option}: ${labels.join(', ')}`);
    await field.first().selectOption({ label: wanted });
    return;
  }
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A second browser window for the customer, beside the staff member's, failing on an error in it. */
export async function customerWindow(browser: Browser, office: BackOffice, width: number) {
  const context = await browser.newContext({
    baseURL: office.server.baseURL,
    viewport: { width, height: width < 640 ? 844 : 800 },
  });
  const page = await context.newPage();
  // As the fixtures' page: a page is used once the app has taken the drawn page over (support.ts's
  // signIn opens /login with goto).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady(page);
    return response;
  };
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  return {
    page,
    /** Opens a path and waits until the app has taken the drawn page over. */
    open: async (to: string) => {
      await page.goto(to);
    },
    close: async () => {
      await context.close();
      expect(problems, "errors in the customer's page").toEqual([]);
    },
  };
}

/**
 * A screenshot kept for an issue's report (reports/screenshots/<issue>/<name>-<width>.png), taken once
 * the fonts are in, with shotAt's check that nothing is wider than the page.
 */
export async function reportShot(page: Page, testInfo: TestInfo, name: string, width: number, issue = 'i31') {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await shotAt(page, testInfo, name, width);
  const folder = path.resolve('reports/screenshots', issue);
  await mkdir(folder, { recursive: true });
  await copyFile(testInfo.outputPath(`${name}-${width}.png`), path.join(folder, `${name}-${width}.png`));
}

/**
 * The first admin, set up through the printed link's API (the setup page has its own spec), unless a
 * spec before this one in the worker set the back office up already.
 */
export async function firstAdmin(
  request: APIRequestContext,
  office: BackOffice,
  who: { email: string; name: string },
): Promise<StaffMember> {
  if (office.admin) return office.admin;
  const token = new URL(`http://x${await setupPath(office)}`).searchParams.get('token');
  const admin = { email: who.email, password: 'a long staff passphrase 32', secret: '' };
  const answer = await request.post('/api/v1/admin/setup', {
    data: { token, email: admin.email, name: who.name, password: admin.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { otpauth } = ((await answer.json()) as { data: { otpauth: string } }).data;
  admin.secret = new URL(otpauth).searchParams.get('secret') ?? '';
  office.admin = admin;
  return admin;
}
