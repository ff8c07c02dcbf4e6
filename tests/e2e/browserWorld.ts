import type { APIRequestContext, Page } from '@playwright/test';
import type { TestParam } from 'xstate/graph';
import type { authTestModel } from '../model/authModel';
import { expect } from './fixtures';
import {
  createAccount,
  dashboardCookie,
  latestMail,
  PASSWORD,
  pathOfLink,
  storedStore,
  storedStoreWhenSettled,
} from './support';

type Params = TestParam<
  ReturnType<typeof authTestModel.testLogic.getInitialSnapshot>,
  Parameters<typeof authTestModel.testLogic.transition>[1]
>;

const DAY_MS = 86_400_000;
const COOKIE = 'adlane_dashboard_token';

interface Tokens {
  access: string;
  refresh: string;
}

/**
 * Adapter (b) of the auth model: the real app in Chromium against the real server. Stimuli are
 * real cookies, local storage, e-mailed links, server-side revocations and Playwright's clock; states
 * are checked on what a person sees (the header) and on what the browser stores.
 */
export class BrowserWorld {
  private email: string | null = null;
  /** The bearer of every GET /login/refresh the app sent: the dashboard cookie it presented. */
  private readonly presented: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
  ) {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/v1/login/refresh') return;
      this.presented.push((request.headers().authorization ?? '').replace(/^Bearer\s+/i, ''));
    });
  }

  private async account() {
    this.email ??= (await createAccount(this.request)).email;
    return this.email;
  }

  /** Signs in through the API, as another app would: an access token and a dashboard cookie value. */
  private async apiSignIn(): Promise<Tokens> {
    const response = await this.request.post('/api/v1/login', {
      data: { email: await this.account(), password: PASSWORD },
    });
    const body = (await response.json()) as {
      data: { token: string };
      meta: { drop_cookies: Array<{ value: string }> };
    };
    return { access: body.data.token, refresh: body.meta.drop_cookies[0]?.value ?? '' };
  }

  private revoke(access: string) {
    return this.request.post('/api/v1/logout', { headers: { authorization: `Bearer ${access}` } });
  }

  private async setCookie(value: string) {
    await this.page.context().addCookies([{ name: COOKIE, value, url: this.baseURL }]);
  }

  /** Puts a sign-in into local storage before the app starts (on a same-origin page that is not the app). */
  private async store(access: string, createdAt: number) {
    await this.page.goto('/robots.txt');
    await this.page.evaluate(
      ({ token, tokenCreatedAt }) =>
        localStorage.setItem('adlaneStorefrontStore', JSON.stringify({ token, tokenCreatedAt })),
      { token: access, tokenCreatedAt: createdAt },
    );
  }

  private now = () => this.page.evaluate(() => Date.now());

  /** Makes the app look at its surroundings again, as returning to the tab does. */
  private recheck = () => this.page.evaluate(() => window.dispatchEvent(new Event('focus')));

  private header = () => this.page.getByRole('banner');

  private async expectSignedIn(expected: boolean) {
    if (expected) {
      await expect(this.header().getByRole('button', { name: /^Account menu for / })).toBeVisible();
      await expect.poll(async () => typeof (await storedStoreWhenSettled(this.page))?.token).toBe('string');
    } else {
      await expect(this.header().getByRole('link', { name: 'Sign in' })).toBeVisible();
      // Polled again while a reload is under way, so the settled page is what counts.
      await expect
        .poll(async () => {
          const store = await storedStoreWhenSettled(this.page);
          return store === null ? 'reloading' : (store.token ?? 'absent');
        })
        .toBe('absent');
    }
  }

  params(): Params {
    return {
      states: {
        notOpened: () => {},
        signedIn: () => this.expectSignedIn(true),
        signedOut: () => this.expectSignedIn(false),
        signedOutAtLogin: async () => {
          // The login page, with or without ?redirect=: after a 401 on a dashboard page, the app's
          // own redirect to /login and the page guard's to /login?redirect=/team race, both right.
          await expect.poll(() => new URL(this.page.url()).pathname).toBe('/login');
          await this.expectSignedIn(false);
        },
      },
      events: {
        'open.asVisitor': async () => {
          await this.page.goto('/');
        },
        'open.withFreshSignIn': async () => {
          const tokens = await this.apiSignIn();
          await this.store(tokens.access, (await this.now()) - 60_000);
          await this.setCookie(tokens.refresh);
          await this.page.goto('/');
        },
        'open.afterSignOutElsewhere': async () => {
          const tokens = await this.apiSignIn();
          await this.store(tokens.access, (await this.now()) - 60_000);
          await this.page.goto('/');
        },
        'open.withAgedTokenAndCookie': async () => {
          const tokens = await this.apiSignIn();
          await this.store(tokens.access, (await this.now()) - 2 * DAY_MS);
          await this.setCookie(tokens.refresh);
          await this.page.goto('/');
          // The refresh login gave a new token.
          await expect.poll(async () => (await storedStore(this.page)).token).not.toBe(tokens.access);
        },
        'open.withAgedTokenAndRevokedCookie': async () => {
          const tokens = await this.apiSignIn();
          await this.revoke(tokens.access);
          await this.store(tokens.access, (await this.now()) - 2 * DAY_MS);
          await this.setCookie(tokens.refresh);
          await this.page.goto('/');
        },
        'open.hydrateLink': async () => {
          const email = await this.account();
          await this.request.post('/api/v1/login/link', { data: { email } });
          await this.page.goto(pathOfLink((await latestMail(this.request, email, 'sign-in-link')).link));
        },
        'open.usedHydrateLink': async () => {
          const email = await this.account();
          await this.request.post('/api/v1/login/link', { data: { email } });
          const link = pathOfLink((await latestMail(this.request, email, 'sign-in-link')).link);
          await this.request.get(`/api/v1/login/create${link.slice(1)}`);
          await this.page.goto(link);
        },
        'user.signsOut': async () => {
          await this.header()
            .getByRole('button', { name: /^Account menu for / })
            .click();
          await this.page.getByRole('button', { name: 'Sign out' }).click();
        },
        'sso.cookieRemoved': async () => {
          await this.page.context().clearCookies({ name: COOKIE });
          await this.recheck();
        },
        'clock.tokenAges': async () => {
          // Twice: each refresh answers a new dashboard cookie, and the next refresh presents it.
          for (let day = 0; day < 2; day++) {
            const before = (await storedStore(this.page)).token;
            const cookie = (await dashboardCookie(this.page))?.value;
            await this.page.clock.fastForward(DAY_MS + 60_000);
            await this.recheck();
            await expect.poll(async () => (await storedStore(this.page)).token).not.toBe(before);
            expect(this.presented.at(-1)).toBe(cookie);
            await expect.poll(async () => (await dashboardCookie(this.page))?.value).not.toBe(cookie);
          }
        },
        'clock.tokenAgesAndCookieRevoked': async () => {
          await this.revoke(String((await storedStore(this.page)).token));
          await this.page.clock.fastForward(DAY_MS + 60_000);
          await this.recheck();
        },
        'api.answers401': async () => {
          await this.revoke(String((await storedStore(this.page)).token));
          // An authenticated call: the team page loads GET /team with the (now revoked) token. Opened
          // by address, because the app's own calls in the background (order counts, home data) may
          // meet the 401 first and sign out before a menu could be clicked: either way it is a 401.
          await this.page.goto('/team');
        },
        'user.opensLogin': async () => {
          await this.header().getByRole('link', { name: 'Sign in' }).click();
        },
        'user.signsIn': async () => {
          const email = await this.account();
          await this.page.getByLabel('E-mail').fill(email);
          await this.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
          await this.page.getByRole('button', { name: 'Sign in' }).click();
          await expect(this.page).toHaveURL(/\/dashboard$/);
        },
        'sso.signedInElsewhere': async () => {
          await this.setCookie((await this.apiSignIn()).refresh);
          await this.recheck();
        },
      },
    };
  }
}
