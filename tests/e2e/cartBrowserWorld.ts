import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import type { cart } from '../model/cartModel';
import { DANA, deferred, TYPED_BILLING } from '../model/cartWorld';
import type { ModelParams } from '../model/modelKit';
import { expect } from './fixtures';
import { createAccount } from './support';

type Params = ModelParams<typeof cart.model>;

const CART_COOKIE = 'adlane_cart_id';
const SOLD_OUT = 'The week of Jan 4, 2027 is sold out.';
const ISSUE_SOLD_OUT = 'The May 2027 issue is sold out. Choose another issue.';
/** The server's answer to an undo pressed more than an hour after the removal (410). */
const tooLate = (title: string) =>
  `${title} was removed more than an hour ago and can no longer be put back. Add it again from its page.`;
const BILLING = { name: DANA.fullname, email: DANA.email, company: DANA.company, ...TYPED_BILLING };

/** An answer of the API's shape, for the calls the world makes fail. */
export const failWith = (route: Route, status: number, message: string) =>
  route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ success: false, data: null, meta: { drop_cookies: [] }, message }),
  });

/**
 * Opens the mini-cart from the top of the page. Its panel is placed in page coordinates under the
 * header's button and placed again a frame after the page scrolls: a click whose point was taken in
 * that frame (Playwright scrolls its target into view first) lands beside the panel and presses
 * nothing, which left a removal unsent now and then.
 */
export async function openMiniCart(page: Page, button: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await button.click();
  await expect(page.getByRole('heading', { name: /^Your cart/ })).toBeVisible();
}

/**
 * Adapter (b) of the cart model: the real app in Chromium, on a magazine's page at a Chicago zip code,
 * against the real server. Stimuli are real clicks on its issues, "Add to cart" and the mini-cart's
 * remove buttons, reloads, an order placed by another account through the API, and the API's answer
 * held, refused or failed in the network; states are checked on the header's cart button, the
 * mini-cart, the add button and the toasts.
 */
export class CartBrowserWorld {
  /** How many items the server holds in the visitor's cart. */
  private count = 0;
  private adds = 0;
  /** The visitor's cart was ordered by someone else. */
  private ordered = false;
  /** The placement's name: every item added here is of this magazine. */
  private title = '';
  private hold: ReturnType<typeof deferred<'continue' | 'refuse'>> | null = null;
  /** How many issues the newest item has: one when added, one more with each change saved. */
  private newestIssues = 0;
  /** The issues of the item last removed, which its Undo puts back. */
  private removedIssues = 0;
  /** The issue ticked in the dialog for the change on its way or refused. */
  private ticked = '';

  constructor(
    private readonly page: Page,
    private readonly request: APIRequestContext,
  ) {}

  /** Opens the first magazine listed at a Chicago zip code, and holds or refuses adds when told. */
  async open() {
    await this.page.route('**/api/v1/checkout/item/create', async (route) => {
      const hold = this.hold;
      this.hold = null;
      const answer = hold ? await hold.promise : 'continue';
      if (answer === 'refuse') await failWith(route, 422, SOLD_OUT);
      else await route.continue();
    });
    await this.page.goto('/shop/magazines?zip=60601');
    const first = this.page
      .getByRole('region', { name: 'Placements' })
      .getByRole('heading', { level: 3 })
      .first();
    this.title = ((await first.textContent()) ?? '').trim();
    await first.getByRole('link').click();
    await expect(this.page.getByRole('heading', { level: 1, name: this.title })).toBeVisible();
  }

  private cartButton = (count = this.count) =>
    this.page
      .getByRole('banner')
      .getByRole('button', { name: `Cart, ${count} item${count === 1 ? '' : 's'}` });

  private miniCartItems = () =>
    this.page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');

  private issues = () =>
    this.page.getByRole('group', { name: 'Issues' }).getByRole('button', { disabled: false });

  private toasts = () => this.page.getByRole('region', { name: 'Notifications' });

  private async cartId() {
    return (await this.page.context().cookies()).find((c) => c.name === CART_COOKIE)?.value ?? null;
  }

  /** A toast says so; it is dismissed once seen, so a later check cannot see it again. */
  private async expectToast(role: 'alert' | 'status', text: string) {
    const toast = this.toasts().getByRole(role).filter({ hasText: text });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
  }

  private openMiniCart = () => openMiniCart(this.page, this.cartButton());

  /** Opens the mini-cart, checks it, and closes it again. */
  private async inMiniCart(check: () => Promise<void>) {
    await this.openMiniCart();
    await check();
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByRole('heading', { name: /^Your cart/ })).toHaveCount(0);
  }

  private async expectFilled() {
    await expect(this.editor()).toHaveCount(0);
    await expect(this.cartButton()).toBeVisible();
    await this.inMiniCart(async () => {
      await expect(this.miniCartItems()).toHaveCount(Math.min(this.count, 6));
      await expect(this.miniCartItems().first()).toContainText(this.title);
      await expect(this.miniCartItems().first()).toContainText(this.issuesInWords(this.newestIssues));
      await expect(this.page.getByRole('link', { name: 'Shopping Cart' })).toBeVisible();
    });
  }

  private issuesInWords = (n: number) => `· ${n} issue${n === 1 ? '' : 's'}`;

  private editor = () => this.page.getByRole('dialog', { name: `Change ${this.title}` });

  /**
   * Changes the newest item: opens its dialog from the mini-cart and ticks one more issue (unless the
   * dialog is still open on a refused change, whose choice is saved again as it is), then saves.
   */
  private async changeNewest() {
    if ((await this.editor().count()) === 0) {
      await this.openMiniCart();
      await this.miniCartItems()
        .first()
        .getByRole('button', { name: `Change ${this.title}` })
        .click();
      const issue = this.editor()
        .getByRole('group', { name: 'Issues' })
        .getByRole('button', { pressed: false, disabled: false })
        .first();
      this.ticked = ((await issue.textContent()) ?? '').trim();
      await issue.click();
    }
    const save = this.editor().getByRole('button', { name: 'Save changes' });
    await expect(save).toBeEnabled();
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/update'));
    await save.click();
    await answered;
  }

  /** Chooses an issue not in the cart yet and presses "Add to cart". */
  private async add(hold: boolean) {
    const issue = this.issues().nth(this.adds % 6);
    this.adds += 1;
    await issue.click();
    await expect(this.page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    this.hold = hold ? deferred<'continue' | 'refuse'>() : null;
    const held = this.hold;
    // Caught: a path may end while the answer is still held (the page closes with it).
    const answered = this.page
      .waitForResponse((r) => r.url().includes('/checkout/item/create'))
      .catch(() => null);
    await this.page.getByRole('button', { name: 'Add to cart' }).click();
    return { held, answered, issue };
  }

  private pending: Awaited<ReturnType<CartBrowserWorld['add']>> | null = null;

  private async answer(how: 'continue' | 'refuse') {
    const pending = this.pending;
    this.pending = null;
    if (!pending?.held) throw new Error('No add is waiting for its answer');
    pending.held.resolve(how);
    await pending.answered;
    if (how === 'continue') {
      this.count += 1;
      this.newestIssues = 1;
    }
    // The issue is chosen no more, ready for the next add.
    await pending.issue.click();
  }

  /** Presses the Undo of the removal's toast, and waits for the API's answer. */
  private async undo() {
    const toast = this.toasts()
      .getByRole('status')
      .filter({ hasText: `Removed ${this.title}.` });
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/restore'));
    await toast.getByRole('button', { name: 'Undo' }).click();
    await answered;
  }

  private async removeNewest() {
    await this.miniCartItems()
      .first()
      .getByRole('button', { name: /^Remove / })
      .click();
  }

  params(): Params {
    return {
      states: {
        empty: async () => {
          await this.inMiniCart(async () => {
            await expect(this.page.getByText('Your cart is empty.')).toBeVisible();
            await expect(this.page.getByRole('button', { name: 'Shopping Cart' })).toBeDisabled();
          });
        },
        adding: async () => {
          await expect(this.page.getByRole('button', { name: 'Adding…' })).toHaveAttribute(
            'aria-disabled',
            'true',
          );
          await expect(this.cartButton()).toBeVisible();
        },
        filled: () => this.expectFilled(),
        undoRefused: async () => {
          await this.expectToast('alert', tooLate(this.title));
          await expect(this.cartButton()).toBeVisible();
        },
        addRefused: async () => {
          await this.expectToast('alert', `Error adding new item: ${SOLD_OUT}`);
          await expect(this.page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
          await expect(this.cartButton()).toBeVisible();
        },
        removedUndoable: async () => {
          await expect(this.cartButton()).toBeVisible();
          const toast = this.toasts()
            .getByRole('status')
            .filter({ hasText: `Removed ${this.title}.` });
          await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
        },
        changed: async () => {
          await this.expectToast('status', `Changed: ${this.title}.`);
          await this.expectFilled();
        },
        changeRefused: async () => {
          await expect(this.editor().getByRole('alert')).toHaveText(
            `Your change was not saved: ${ISSUE_SOLD_OUT}`,
          );
          // The choice made is still on screen, ready to be saved again or changed.
          await expect(
            this.editor().getByRole('button', { name: this.ticked, exact: true, pressed: true }),
          ).toBeVisible();
          await expect(this.editor().getByRole('button', { name: 'Save changes' })).toBeEnabled();
        },
        removeFailed: async () => {
          await this.expectToast('alert', 'That item could not be removed. Please try again.');
          await this.expectFilled();
        },
        unavailable: async () => {
          await expect(this.cartButton(0)).toBeVisible();
          expect(await this.cartId(), 'the cart is kept in its cookie').not.toBeNull();
        },
        orderedElsewhere: async () => {
          // This page cannot know yet: it shows the cart as it was.
          await this.expectFilled();
        },
      },
      events: {
        'user.adds': async () => {
          this.pending = await this.add(true);
        },
        'api.answers': async () => {
          await this.answer('continue');
          await this.expectToast('status', `Added to your cart: ${this.title}.`);
        },
        'api.refuses': () => this.answer('refuse'),
        'user.removesAll': async () => {
          await this.openMiniCart();
          while (this.count > 0) {
            await this.removeNewest();
            this.count -= 1;
            await expect(this.cartButton()).toBeVisible();
            await this.expectToast('status', `Removed ${this.title}.`);
          }
          await this.page.keyboard.press('Escape');
        },
        'user.removesButApiFails': async () => {
          const deletes = '**/api/v1/checkout/*/item/*/delete';
          await this.page.route(deletes, (route) => failWith(route, 500, 'Server error'));
          await this.openMiniCart();
          const answered = this.page.waitForResponse((r) => r.url().endsWith('/delete'));
          await this.removeNewest();
          await answered;
          await this.page.keyboard.press('Escape');
          await this.page.unroute(deletes);
        },
        'user.removesNewest': async () => {
          await this.openMiniCart();
          // The removal's answer, before anything else is pressed: its toast carries the Undo.
          const answered = this.page.waitForResponse((r) => r.url().endsWith('/delete'));
          await this.removeNewest();
          expect((await answered).status()).toBe(200);
          this.count -= 1;
          this.removedIssues = this.newestIssues;
          await this.page.keyboard.press('Escape');
        },
        'user.undoes': async () => {
          await this.undo();
          this.count += 1;
          this.newestIssues = this.removedIssues;
          await this.expectToast('status', `Put back in your cart: ${this.title}.`);
        },
        'user.undoesButApiRefuses': async () => {
          const restores = '**/api/v1/checkout/*/item/*/restore';
          await this.page.route(restores, (route) => failWith(route, 410, tooLate(this.title)));
          await this.undo();
          await this.page.unroute(restores);
        },
        'user.changesItem': async () => {
          await this.changeNewest();
          this.newestIssues += 1;
        },
        'user.changesButApiRefuses': async () => {
          const updates = '**/api/v1/checkout/*/item/*/update';
          await this.page.route(updates, (route) => failWith(route, 422, ISSUE_SOLD_OUT));
          await this.changeNewest();
          await this.page.unroute(updates);
        },
        'user.closesEditor': async () => {
          await this.editor().getByRole('button', { name: 'Cancel' }).click();
          await expect(this.editor()).toHaveCount(0);
        },
        'user.reopens': async () => {
          // A cart ordered elsewhere is gone: the reopened page forgets it.
          if (this.ordered) this.count = 0;
          await this.page.reload();
        },
        'user.reopensWhileApiDown': async () => {
          const id = await this.cartId();
          const load = (url: URL) => url.pathname === `/api/v1/checkout/${id}`;
          await this.page.route(load, (route) => failWith(route, 500, 'Server error'));
          const failed = this.page.waitForResponse((r) => load(new URL(r.url())));
          await this.page.reload();
          await failed;
          await this.page.unroute(load);
        },
        'elsewhere.ordersCart': async () => {
          // Another person with the cart's link orders it (an anonymous cart is anyone's to order).
          const id = await this.cartId();
          const { token } = await createAccount(this.request);
          const headers = { authorization: `Bearer ${token}` };
          const shown = (await (await this.request.get(`/api/v1/checkout/${id}`, { headers })).json()) as {
            data: { contents: { items: Array<{ id: number }> } };
          };
          const placed = await this.request.post(`/api/v1/checkout/${id}/place`, {
            headers,
            data: {
              billing: BILLING,
              idempotency_key: `elsewhere-${id}`,
              item_ids: shown.data.contents.items.map((item) => item.id),
            },
          });
          expect(placed.status(), await placed.text()).toBe(200);
          this.ordered = true;
        },
        'user.addsToOrderedCart': async () => {
          const ordered = await this.cartId();
          const { answered, issue } = await this.add(false);
          await answered;
          await issue.click();
          this.count = 1;
          this.newestIssues = 1;
          this.ordered = false;
          await expect(this.cartButton()).toBeVisible();
          await this.expectToast('status', `Added to your cart: ${this.title}.`);
          expect(await this.cartId(), 'a new cart').not.toBe(ordered);
        },
      },
    };
  }
}
