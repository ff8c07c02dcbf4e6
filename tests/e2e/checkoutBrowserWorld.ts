import type { APIRequestContext, Page } from '@playwright/test';
import { deferred } from '../model/cartWorld';
import type { checkout } from '../model/checkoutModel';
import { CHANGED, KEPT, REFUSAL, TROUBLE, TYPED, ZIP_REFUSED } from '../model/checkoutWorld';
import type { ModelParams } from '../model/modelKit';
import { failWith } from './cartBrowserWorld';
import { addFirstIssue } from './checkoutSteps';
import { expect } from './fixtures';
import { createAccount, PASSWORD } from './support';

type Params = ModelParams<typeof checkout.model>;

type Answer = 'continue' | 'refuse' | 'fail';

const LABELS: Record<string, string> = {
  phone: 'Phone',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'Zip code',
};

/**
 * Adapter (b) of the checkout model: the real app in Chromium against the real server. A visitor adds
 * a magazine issue and opens /checkout/{cartId}; stimuli are the inline sign-in, typing, "Place
 * order", the order's request held until the API answers, refuses or fails it (in the network),
 * another tab adding to the cart through the API, and Playwright's clock; states are checked on what
 * the page shows (headings, fields and their messages, the alert, the button, the items).
 */
export class CheckoutBrowserWorld {
  private account: { email: string; token: string } | null = null;
  private cartId = '';
  private items = 1;
  /** The orders sent: their idempotency keys, in order. */
  private readonly keys: string[] = [];
  /** The orders the model's steps sent (a press of "Place order" with a complete form): one each. */
  private expectedSends = 0;
  /** An order request nobody pressed for (a second one while one is on its way), said at the next check. */
  private unexpected = '';
  private held: ReturnType<typeof deferred<Answer>> | null = null;
  private failure = '';

  constructor(
    private readonly page: Page,
    private readonly request: APIRequestContext,
  ) {}

  /** A visitor with one magazine issue in the cart opens its checkout. */
  async open() {
    this.account = await createAccount(this.request);
    this.cartId = (await addFirstIssue(this.page)).cartId;
    await this.page.route('**/api/v1/checkout/*/place', async (route) => {
      this.keys.push((route.request().postDataJSON() as { idempotency_key: string }).idempotency_key);
      if (this.held !== null || this.keys.length > this.expectedSends) {
        this.unexpected ||= `Order request ${this.keys.length} was sent while ${
          this.held !== null ? 'an order was on its way' : 'nobody placed one'
        } (${this.expectedSends} placed).`;
        await route.abort('failed').catch(() => {});
        return;
      }
      const held = deferred<Answer>();
      this.held = held;
      const answer = await held.promise;
      if (answer === 'refuse') {
        await route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            data: { errors: { 'billing.zip': ZIP_REFUSED } },
            meta: { drop_cookies: [] },
            message: REFUSAL,
          }),
        });
      } else if (answer === 'fail') await failWith(route, 503, TROUBLE);
      else await route.continue().catch(() => {});
    });
    await this.page.goto(`/checkout/${this.cartId}`);
    // Ready once the sign-in guard has settled (900 + 100 ms on the page's first load) and offers the
    // inline sign-in. From here time passes only when the model says so (the order's 30 s).
    await expect(this.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await this.page.clock.pauseAt(Date.now() + 1_000);
  }

  /** Exactly the orders the steps placed were sent, and nothing else: checked in every state and at the end. */
  expectSends() {
    if (this.unexpected) throw new Error(this.unexpected);
    expect(this.keys, 'one order request per press that placed one').toHaveLength(this.expectedSends);
  }

  private itemList = () => this.page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  private placeButton = () => this.page.getByRole('button', { name: /^(Place order|Placing your order)/ });
  private formAlert = () => this.page.getByRole('form', { name: 'Billing contact' }).getByRole('alert');

  private async release(answer: Answer, failure = '') {
    this.expectSends();
    await expect.poll(() => this.held !== null, 'an order on its way').toBe(true);
    const held = this.held;
    this.held = null;
    this.failure = failure;
    held?.resolve(answer);
  }

  private async place() {
    this.expectSends();
    this.expectedSends += 1;
    await this.placeButton().click();
    await expect.poll(() => this.keys.length, 'the order sent').toBe(this.expectedSends);
    this.expectSends();
  }

  private async fill(fields: Partial<Record<string, string>>) {
    for (const [field, value] of Object.entries(fields)) {
      await this.page.getByLabel(LABELS[field] ?? field, { exact: true }).fill(value ?? '');
    }
  }

  private async expectTypedKept() {
    for (const [field, value] of Object.entries(TYPED)) {
      await expect(this.page.getByLabel(LABELS[field] ?? field, { exact: true })).toHaveValue(value ?? '');
    }
  }

  params(): Params {
    const { states, events } = this.steps();
    return {
      // Every state check starts and ends with the orders sent so far.
      states: Object.fromEntries(
        Object.entries(states ?? {}).map(([state, check]) => [
          state,
          async (...args: Parameters<typeof check>) => {
            this.expectSends();
            await check(...args);
            this.expectSends();
          },
        ]),
      ),
      events,
    };
  }

  private steps(): Params {
    return {
      states: {
        signIn: async () => {
          await expect(this.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
          await expect(this.page.getByRole('button', { name: 'Sign in and continue' })).toBeVisible();
          await expect(this.itemList()).toHaveCount(1);
          await expect(this.page.getByRole('heading', { name: 'Billing contact' })).toHaveCount(0);
        },
        billing: async () => {
          await expect(this.page.getByRole('heading', { name: 'Billing contact' })).toBeVisible();
          await expect(this.page.getByLabel('Name', { exact: true })).toHaveValue('Dana Reyes');
          await expect(this.page.getByLabel('E-mail for invoices')).toHaveValue(this.account?.email ?? '');
          await expect(this.page.getByLabel('Company', { exact: true })).toHaveValue('Reyes Bakery');
          await expect(this.placeButton()).toHaveText(/^Place order · \$/);
          await expect(this.formAlert()).toHaveCount(0);
        },
        invalid: async () => {
          await expect(this.page.getByText('Enter the street address.')).toBeVisible();
          await expect(this.page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
          await expect(this.page.getByLabel('Name', { exact: true })).not.toHaveAttribute(
            'aria-invalid',
            'true',
          );
          expect(this.keys, 'nothing sent').toEqual([]);
        },
        placing: async () => {
          await expect(this.placeButton()).toHaveText('Placing your order…');
          await expect(this.placeButton()).toHaveAttribute('aria-busy', 'true');
          expect(new Set(this.keys).size, 'every attempt sends the same key').toBe(1);
          // A second press while it is on its way sends nothing: a request it sent is refused by the
          // route (held is set) and said by this check, the next ones and the one at the path's end.
          // Forced: Playwright would wait for the inactive button, a person presses it at once.
          await this.placeButton().click({ force: true });
          await expect(this.placeButton()).toHaveText('Placing your order…');
        },
        refused: async () => {
          await expect(this.page.getByText(ZIP_REFUSED)).toBeVisible();
          await expect(this.page.getByLabel('Zip code')).toHaveAttribute('aria-invalid', 'true');
          await expect(this.formAlert()).toContainText(REFUSAL);
          await this.expectTypedKept();
        },
        failed: async () => {
          await expect(this.formAlert()).toContainText(this.failure);
          await expect(this.placeButton()).toHaveText(/^Place order · \$/);
          await this.expectTypedKept();
        },
        cartChanged: async () => {
          await expect(this.formAlert()).toContainText(CHANGED);
          await expect(this.itemList()).toHaveCount(this.items);
          await expect(this.placeButton()).toHaveText(/^Place order · \$/);
          await this.expectTypedKept();
        },
        placed: async () => {
          await expect(
            this.page.getByRole('heading', { name: 'Thank you, your order is placed' }),
          ).toBeVisible();
          await expect(
            this.page.getByRole('list', { name: 'Your orders' }).getByRole('listitem'),
          ).toHaveCount(this.items);
          await expect(
            this.page.getByRole('banner').getByRole('button', { name: 'Cart, 0 items' }),
          ).toBeVisible();
        },
      },
      events: {
        'user.signsIn': async () => {
          await this.page.getByLabel('E-mail').fill(this.account?.email ?? '');
          await this.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
          await this.page.getByRole('button', { name: 'Sign in and continue' }).click();
        },
        'user.placesIncomplete': () => this.placeButton().click(),
        'user.completesAndPlaces': async () => {
          await this.fill(TYPED);
          await this.place();
        },
        'api.answers': () => this.release('continue'),
        'api.refuses': () => this.release('refuse', REFUSAL),
        'api.fails': () => this.release('fail', `${TROUBLE} ${KEPT}`),
        'clock.passes30s': async () => {
          await this.page.clock.fastForward(30_000);
          await expect(this.formAlert()).toBeVisible();
          // The late answer arrives after all (the order is made); the page has moved on.
          await this.release('continue', `Adlane did not answer in time. ${KEPT}`);
        },
        'elsewhere.changesCart': async () => {
          await this.addElsewhere();
          this.items += 1;
          await this.release('continue');
        },
        'user.fixesAndPlaces': async () => {
          // Typed again: the field in error stops shouting as soon as it changes.
          await this.fill({ zip: '' });
          await expect(this.page.getByText(ZIP_REFUSED)).toHaveCount(0);
          await this.fill({ zip: TYPED.zip });
          await this.place();
        },
        'user.placesAgain': () => this.place(),
      },
    };
  }

  /** Another tab of the same account adds another issue of the same magazine to this cart. */
  private async addElsewhere() {
    const headers = { authorization: `Bearer ${this.account?.token}` };
    const shown = (await (await this.request.get(`/api/v1/checkout/${this.cartId}`, { headers })).json()) as {
      data: { contents: { items: Array<{ mediacode: string; dates: string[]; issue: string | null }> } };
    };
    const [item] = shown.data.contents.items;
    if (!item) throw new Error('No item in the cart');
    const availability = (await (
      await this.request.get(`/api/v1/media/${item.mediacode}/availability`)
    ).json()) as {
      data: { options: Array<{ value: string; available: boolean }>; quantities: Array<{ value: number }> };
    };
    const other = availability.data.options.find(
      (o) => o.available && !item.dates.includes(o.value) && o.value !== item.issue,
    );
    const added = await this.request.post('/api/v1/checkout/item/create', {
      headers,
      form: {
        mediacode: item.mediacode,
        'dates[]': other?.value ?? '',
        quantity: String(availability.data.quantities[0]?.value ?? 1),
        cartid: this.cartId,
      },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
}
