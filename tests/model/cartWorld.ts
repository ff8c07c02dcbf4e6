import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { Cart, CartItem } from '../../contract/cart';
import {
  type CartItemChange,
  type CartItemRestore,
  CartNotFound,
  cartMachine,
} from '../../machines/cart/cart.machine';
import { flush } from '../machines/sessionHarness';
import type { cart } from './cartModel';
import type { ModelParams } from './modelKit';

type Params = ModelParams<typeof cart.model>;

/** The customer of the model worlds, as her account gives her, and what she types to be billed. */
export const DANA = {
  uuid: 'u-dana',
  fullname: 'Dana Reyes',
  email: 'dana@bakery.example',
  company: 'Reyes Bakery',
};
export const TYPED_BILLING = {
  phone: '(312) 555-0100',
  address: '233 S Wacker Dr',
  city: 'Chicago',
  state: 'IL',
  zip: '60606',
};

/** What the API says to an undo pressed too late (POST …/restore, 410). */
export const UNDO_TOO_LATE =
  'That magazine was removed more than an hour ago and can no longer be put back. Add it again from its page.';

/** A promise the world settles when a stimulus says so. */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** An item as the fake API keeps it: a magazine, with its issues and full pages an issue. */
interface StoredItem {
  id: number;
  title: string;
  dates?: string[];
  qty?: number;
  /** Removed from the cart, kept so the removal can be undone (as the server keeps the row). */
  removed?: boolean;
}

/** A cart as the API answers it: its items newest first, each priced $100 a page an issue. */
export function cartView(uuid: string, items: ReadonlyArray<StoredItem>): Cart {
  const priceOf = ({ dates = [], qty = 1 }: StoredItem) => 100 * qty * Math.max(1, dates.length);
  const total = items.reduce((sum, item) => sum + priceOf(item), 0);
  return {
    uuid,
    total,
    total_formatted: `$${total}`,
    status: 'open',
    contents: {
      items: items.map(({ id, title, dates = [], qty = 1 }) => ({
        id,
        image: '/i.svg',
        price_formatted: `$${priceOf({ id, title, dates, qty })}`,
        order: null,
        summary: { summary_title: title, summary_line_1: '', summary_line_2: '' },
        mediacode: 'PM501-01',
        media_type: 'printmag',
        market: 'Chicago, IL',
        price: priceOf({ id, title, dates, qty }),
        unit_price: 100,
        qty,
        dates,
        issue: '2027/03',
        date_start: null,
        created_at: '2027-01-01T00:00:00Z',
      })),
    },
  };
}

interface StoredCart {
  items: StoredItem[];
  placed: boolean;
}

/**
 * The cart API as the model world needs it, with the real server's rules: an add without a cart id
 * starts a cart, an add to a placed cart is refused (409), a placed cart is no longer the visitor's
 * (404), items come newest first. It can be told to refuse the next add, fail removes, or be down.
 */
export class FakeCartApi {
  private serial = 0;
  private readonly carts = new Map<string, StoredCart>();
  refuseNextAdd: string | null = null;
  refuseNextUpdate: string | null = null;
  refuseNextRestore: string | null = null;
  removesFail = false;
  down = false;
  readonly calls: string[] = [];

  view(uuid: string): Cart {
    const found = this.carts.get(uuid);
    if (!found) throw new Error(`No cart ${uuid} on the server`);
    return cartView(
      uuid,
      found.items.filter((item) => !item.removed),
    );
  }

  isPlaced(uuid: string | null) {
    return uuid !== null && this.carts.get(uuid)?.placed === true;
  }

  add(item: { title: string; dates: string[]; quantity: number }, cartId: string | null): Cart {
    this.calls.push(`add to ${cartId}`);
    const named = cartId === null ? undefined : this.carts.get(cartId);
    if (cartId !== null && (!named || named.placed)) throw new CartNotFound('This cart was already ordered.');
    if (this.refuseNextAdd) {
      const reason = this.refuseNextAdd;
      this.refuseNextAdd = null;
      throw new Error('Error adding new item', { cause: { message: reason } });
    }
    let uuid = cartId;
    if (uuid === null) {
      this.serial += 1;
      uuid = `cart-${this.serial}`;
      this.carts.set(uuid, { items: [], placed: false });
    }
    this.serial += 1;
    this.carts.get(uuid)?.items.unshift({
      id: this.serial,
      title: item.title,
      dates: [...item.dates],
      qty: item.quantity,
    });
    return this.view(uuid);
  }

  load(cartId: string): Cart {
    this.calls.push(`load ${cartId}`);
    if (this.down) throw new Error('Error loading the cart', { cause: { message: 'Server error' } });
    if (!this.carts.has(cartId) || this.isPlaced(cartId)) throw new CartNotFound('Cart not found.');
    return this.view(cartId);
  }

  remove(cartId: string, itemId: number): Cart {
    this.calls.push(`remove ${itemId} from ${cartId}`);
    if (this.removesFail)
      throw new Error('Error deleting the cart item', { cause: { message: 'Server error' } });
    const found = this.carts.get(cartId);
    if (!found) throw new CartNotFound('Cart not found.');
    for (const item of found.items) if (item.id === itemId) item.removed = true;
    return this.view(cartId);
  }

  /** Puts a removed item back where it was, as the server does; or refuses it when told. */
  restore(cartId: string, itemId: number): Cart {
    this.calls.push(`restore ${itemId} in ${cartId}`);
    if (this.refuseNextRestore) {
      const reason = this.refuseNextRestore;
      this.refuseNextRestore = null;
      throw new Error('Error restoring the cart item', { cause: { message: reason } });
    }
    const found = this.carts.get(cartId)?.items.find((i) => i.id === itemId && i.removed);
    if (!found) throw new Error(`Item ${itemId} is not a removed item of this cart.`);
    found.removed = false;
    return this.view(cartId);
  }

  update(cartId: string, change: CartItemChange): Cart {
    this.calls.push(`update ${change.itemId} in ${cartId}`);
    if (this.refuseNextUpdate) {
      const reason = this.refuseNextUpdate;
      this.refuseNextUpdate = null;
      throw new Error('Error changing the cart item', { cause: { message: reason } });
    }
    const found = this.carts.get(cartId)?.items.find((i) => i.id === change.itemId);
    if (!found) throw new Error(`Item ${change.itemId} is not in this cart.`);
    found.dates = [...change.dates];
    found.qty = change.quantity;
    return this.view(cartId);
  }

  /** Another tab (or another person with the link) checks the cart out. */
  place(cartId: string) {
    const found = this.carts.get(cartId);
    if (!found) throw new Error(`No cart ${cartId} to place`);
    found.placed = true;
  }
}

const titles = ['Chicago Magazine', 'Chicago Reader', 'Time Out Chicago', 'Windy City Times'];

/**
 * Adapter (a) of the cart model: the real cart machine with a fake cart API, the session's copy of
 * the cart and its cookie, toasts and the error log as the world around it, and a simulated clock.
 * Opening the page again is a new actor reading the cookie, as a reload is.
 */
export class CartWorld {
  readonly api = new FakeCartApi();
  /** The cart cookie: set by the API's answers to adds, removed when the cart is forgotten. */
  cookie: string | null = null;
  /** Set when the page is reopened on a cart ordered elsewhere: it must then be forgotten. */
  private expectForgotten = false;
  /** What the session holds and the header shows: the last cart committed. */
  shown: Cart | null = null;
  readonly toasts: Array<{ variant: 'success' | 'error'; message: string; undo?: CartItemRestore }> = [];
  readonly logged: string[] = [];
  /** The gate the next add a person makes waits at, and the gate the add on its way waits at. */
  private hold: ReturnType<typeof deferred<void>> | null = null;
  private held: ReturnType<typeof deferred<void>> | null = null;
  /** The title of the last item a person added on this page (newest first, and confirmed by a toast). */
  private added: string | null = null;
  /** The item last removed alone, whose toast offers to put it back, and the cart's item ids before. */
  private removed: CartItem | null = null;
  private removedFrom: number[] = [];
  /** The cart's item ids before that removal, once its undo was pressed: the same item comes back in its place. */
  private undone: number[] | null = null;
  /** The change last asked for: the item's id and its new quantity. */
  private change: CartItemChange | null = null;
  /** The cart as it was when the add now on its way was asked for. */
  private before: Cart | null = null;
  private actor: Actor<typeof cartMachine> | null = null;

  constructor(private readonly inspect?: (event: InspectionEvent) => void) {}

  private readonly machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise(async ({ input }) => this.api.load(input.cartId)),
      addItem: fromPromise(async ({ input }) => {
        // Only the add a person made waits for the stimulus; the machine's own retry goes straight on.
        this.held = this.hold;
        this.hold = null;
        if (this.held) await this.held.promise;
        const answer = this.api.add(input.item, input.cartId);
        this.cookie = answer.uuid;
        return answer;
      }),
      removeItem: fromPromise(async ({ input }) => this.api.remove(input.cartId, input.itemId)),
      restoreItem: fromPromise(async ({ input }) => this.api.restore(input.cartId, input.itemId)),
      updateItem: fromPromise(async ({ input }) => this.api.update(input.cartId, input.change)),
    },
    actions: {
      commitCart: (_, { cart }) => {
        this.shown = cart;
        this.sessionCartIdIs(cart.uuid);
      },
      forgetCart: () => {
        this.cookie = null;
        this.shown = null;
        this.sessionCartIdIs(null);
      },
      announceOrderPlaced: () => {},
      toastSuccess: (_, { message }) => this.toasts.push({ variant: 'success', message }),
      toastError: (_, { message }) => this.toasts.push({ variant: 'error', message }),
      toastRemoved: (_, { message, undo }) => this.toasts.push({ variant: 'success', message, undo }),
      trackAddToCart: () => {},
      logError: (_, { message }) => this.logged.push(message),
    },
  });

  /** The session's cart id, which the app's wiring tells the cart about when it changes (src/system/wiring.ts). */
  private sessionCartId: string | null = null;

  private sessionCartIdIs(cartId: string | null) {
    if (cartId === this.sessionCartId) return;
    this.sessionCartId = cartId;
    this.actor?.send({ type: 'cart.cartIdChanged', cartId });
  }

  /** Opens (or reloads) the page: a new cart actor following the cookie's cart id. */
  async open() {
    this.actor?.stop();
    this.shown = null;
    this.added = null;
    this.undone = null;
    this.sessionCartId = this.cookie;
    this.actor = createActor(this.machine, {
      clock: new SimulatedClock(),
      inspect: this.inspect,
      input: { cartId: this.cookie },
    });
    this.actor.start();
    await this.settle();
  }

  private async settle() {
    for (let i = 0; i < 4; i++) await flush();
  }

  private snapshot() {
    if (!this.actor) throw new Error('The page is not open.');
    return this.actor.getSnapshot();
  }

  private send(event: Parameters<Actor<typeof cartMachine>['send']>[0]) {
    this.snapshot();
    this.actor?.send(event);
  }

  private items = () => (this.shown?.contents.items ?? []).map((i) => i.summary.summary_title);

  private async add(hold: boolean) {
    this.before = this.shown;
    this.hold = hold ? deferred() : null;
    const title = titles[this.api.calls.length % titles.length] ?? 'A magazine';
    this.added = title;
    this.undone = null;
    this.send({ type: 'cart.add', item: { mediacode: 'PM501-01', dates: ['2027/03'], quantity: 1, title } });
    await this.settle();
  }

  private async release() {
    if (!this.held) throw new Error('No add is waiting for its answer');
    this.held.resolve();
    this.held = null;
    await this.settle();
  }

  private async removeAll() {
    for (const item of this.shown?.contents.items ?? []) {
      this.send({ type: 'cart.remove', item });
      await this.settle();
      this.expectLastToast('success', `Removed ${item.summary.summary_title}.`);
    }
  }

  /** Presses the Undo of the last toast (a removal's). */
  private async undo() {
    const undo = this.toasts.at(-1)?.undo;
    if (!undo) throw new Error('The last toast has no Undo');
    this.undone = this.removedFrom;
    this.send({ type: 'cart.undoRemove', item: undo });
    await this.settle();
  }

  /** Settled, with the cart the server holds for the machine's cart id shown (and in the cookie). */
  private expectServerCartShown() {
    const { cartId } = this.snapshot().context;
    this.expectIdle();
    if (cartId === null || this.cookie !== cartId) {
      throw new Error(`Expected the cart ${cartId} in the cookie, which holds ${this.cookie}`);
    }
    const onServer = this.api.view(cartId).contents.items.map((i) => i.summary.summary_title);
    if (JSON.stringify(this.items()) !== JSON.stringify(onServer)) {
      throw new Error(`The cart shows [${this.items()}], the server holds [${onServer}]`);
    }
  }

  private expectEditorClosed() {
    const { editing, updateRefusal } = this.snapshot().context;
    if (editing !== null || updateRefusal !== null)
      throw new Error(`Expected the editor closed, it is open on ${editing?.id} (${updateRefusal})`);
  }

  /** Opens the newest item's editor (unless it is open on it) and saves one more page an issue and another issue. */
  private async changeNewest() {
    const [newest] = this.shown?.contents.items ?? [];
    if (!newest) throw new Error('Nothing to change');
    if (this.snapshot().context.editing?.id !== newest.id)
      this.send({ type: 'cart.editStarted', item: newest });
    this.change = { itemId: newest.id, dates: [...newest.dates, '2027/05'].sort(), quantity: newest.qty + 1 };
    this.send({ type: 'cart.update', change: this.change });
    await this.settle();
  }

  private expectIdle() {
    const snapshot = this.snapshot();
    if (!snapshot.matches('idle') || snapshot.hasTag('busy')) {
      throw new Error(`Expected the cart settled, it is ${JSON.stringify(snapshot.value)}`);
    }
  }

  private expectLastToast(variant: 'success' | 'error', message: string | RegExp) {
    const last = this.toasts.at(-1);
    const matches =
      typeof message === 'string' ? last?.message === message : message.test(last?.message ?? '');
    if (last?.variant !== variant || !matches) {
      throw new Error(`Expected a ${variant} toast "${message}", the last one is ${JSON.stringify(last)}`);
    }
  }

  private expectShownAsBefore() {
    if (JSON.stringify(this.shown) !== JSON.stringify(this.before)) {
      throw new Error(`Expected the cart as it was (${this.before?.uuid}), it shows ${this.shown?.uuid}`);
    }
  }

  params(): Params {
    return {
      states: {
        empty: () => {
          this.expectIdle();
          if (this.items().length !== 0)
            throw new Error(`Expected an empty cart, it shows [${this.items()}]`);
          const cartId = this.snapshot().context.cartId;
          if (this.expectForgotten && (this.cookie !== null || cartId !== null))
            throw new Error(`Expected the ordered cart forgotten (cookie ${this.cookie}, machine ${cartId})`);
          this.expectForgotten = false;
        },
        adding: () => {
          const snapshot = this.snapshot();
          if (!snapshot.matches('adding') || !snapshot.hasTag('busy')) {
            throw new Error(`Expected an add on its way, the cart is ${JSON.stringify(snapshot.value)}`);
          }
          this.expectShownAsBefore();
        },
        filled: () => {
          this.expectServerCartShown();
          if (this.items().length === 0) throw new Error('Expected items in the cart, it shows none');
          // After an add: the item is the newest, and a toast confirmed it (a reopened page adds nothing).
          if (this.added !== null && this.undone === null) {
            if (this.items()[0] !== this.added)
              throw new Error(`Expected ${this.added} first, the cart shows [${this.items()}]`);
            this.expectLastToast('success', `Added to your cart: ${this.added}.`);
          }
          // After an undo: the same item, by id, in its place, and a toast that says it is back.
          if (this.undone !== null) {
            const ids = this.shown?.contents.items.map((i) => i.id) ?? [];
            if (ids.join() !== this.undone.join())
              throw new Error(`Expected the items [${this.undone}] back, the cart shows [${ids}]`);
            this.expectLastToast('success', `Put back in your cart: ${this.removed?.summary.summary_title}.`);
          }
          this.expectEditorClosed();
        },
        removedUndoable: () => {
          this.expectServerCartShown();
          const removed = this.removed;
          if (!removed) throw new Error('Nothing was removed');
          if (this.shown?.contents.items.some((i) => i.id === removed.id))
            throw new Error(`Expected ${removed.id} gone, the cart shows it`);
          this.expectLastToast('success', `Removed ${removed.summary.summary_title}.`);
          const undo = this.toasts.at(-1)?.undo;
          // The undo names the cart the item was removed from, which is the one shown.
          const expected = {
            cartId: this.shown?.uuid,
            itemId: removed.id,
            title: removed.summary.summary_title,
          };
          if (JSON.stringify(undo) !== JSON.stringify(expected))
            throw new Error(
              `Expected an Undo of ${JSON.stringify(expected)}, the toast has ${JSON.stringify(undo)}`,
            );
        },
        changed: () => {
          this.expectServerCartShown();
          this.expectEditorClosed();
          const change = this.change;
          const item = this.shown?.contents.items.find((i) => i.id === change?.itemId);
          if (!change || item?.qty !== change.quantity || item.dates.join() !== change.dates.join())
            throw new Error(
              `Expected item ${change?.itemId} changed to ${JSON.stringify(change)}, it shows ${JSON.stringify(item)}`,
            );
          if (this.shown?.contents.items[0]?.id !== change.itemId)
            throw new Error('Expected the changed item in its place, the newest');
          this.expectLastToast('success', `Changed: ${item.summary.summary_title}.`);
        },
        changeRefused: () => {
          this.expectServerCartShown();
          const { editing, updateRefusal } = this.snapshot().context;
          if (editing?.id !== this.change?.itemId)
            throw new Error(`Expected the editor open on ${this.change?.itemId}, it is on ${editing?.id}`);
          if (
            updateRefusal !==
            'Your change was not saved: The May 2027 issue is sold out. Choose another issue.'
          )
            throw new Error(`Expected the reason shown, the editor shows ${updateRefusal}`);
          const item = this.shown?.contents.items.find((i) => i.id === this.change?.itemId);
          if (item?.qty === this.change?.quantity) throw new Error('The refused change was taken');
        },
        undoRefused: () => {
          this.expectServerCartShown();
          this.expectLastToast('error', UNDO_TOO_LATE);
          if (this.shown?.contents.items.some((i) => i.id === this.removed?.id))
            throw new Error(`Expected ${this.removed?.id} to stay out of the cart, it shows it`);
        },
        addRefused: () => {
          this.expectIdle();
          this.expectLastToast('error', 'Error adding new item: The week of Jan 4, 2027 is sold out.');
          this.expectShownAsBefore();
        },
        removeFailed: () => {
          this.expectServerCartShown();
          this.expectLastToast('error', 'That item could not be removed. Please try again.');
          if (this.logged.at(-1) !== 'Error deleting the cart item')
            throw new Error('The failed remove was not logged');
        },
        unavailable: () => {
          this.expectIdle();
          const { cartId } = this.snapshot().context;
          if (this.items().length !== 0)
            throw new Error(`Expected nothing shown, the cart shows [${this.items()}]`);
          if (cartId === null || cartId !== this.cookie) {
            throw new Error(`Expected the cart kept (cookie ${this.cookie}, machine ${cartId})`);
          }
          if (this.logged.at(-1) !== 'Error loading the cart')
            throw new Error('The failed load was not logged');
        },
        orderedElsewhere: () => {
          this.expectIdle();
          if (!this.api.isPlaced(this.cookie)) throw new Error(`The cart ${this.cookie} is not placed`);
          if (this.items().length === 0) throw new Error('Expected the page to still show the items');
        },
      },
      events: {
        'user.adds': () => this.add(true),
        'api.answers': () => this.release(),
        'api.refuses': () => {
          this.api.refuseNextAdd = 'The week of Jan 4, 2027 is sold out.';
          return this.release();
        },
        'user.removesAll': async () => {
          this.api.removesFail = false;
          await this.removeAll();
        },
        'user.removesButApiFails': async () => {
          this.api.removesFail = true;
          const [newest] = this.shown?.contents.items ?? [];
          if (!newest) throw new Error('Nothing to remove');
          this.send({ type: 'cart.remove', item: newest });
          await this.settle();
        },
        'user.removesNewest': async () => {
          this.api.removesFail = false;
          const [newest] = this.shown?.contents.items ?? [];
          if (!newest) throw new Error('Nothing to remove');
          this.removed = newest;
          this.removedFrom = this.shown?.contents.items.map((i) => i.id) ?? [];
          this.send({ type: 'cart.remove', item: newest });
          await this.settle();
        },
        'user.undoes': () => this.undo(),
        'user.undoesButApiRefuses': () => {
          this.api.refuseNextRestore = UNDO_TOO_LATE;
          return this.undo();
        },
        'user.changesItem': () => this.changeNewest(),
        'user.changesButApiRefuses': () => {
          this.api.refuseNextUpdate = 'The May 2027 issue is sold out. Choose another issue.';
          return this.changeNewest();
        },
        'user.closesEditor': async () => {
          this.send({ type: 'cart.editClosed' });
          await this.settle();
        },
        'user.reopens': async () => {
          this.api.down = false;
          // A cart ordered elsewhere must be forgotten on reopening, not kept and shown empty.
          this.expectForgotten = this.cookie !== null && this.api.isPlaced(this.cookie);
          await this.open();
        },
        'user.reopensWhileApiDown': async () => {
          this.api.down = true;
          await this.open();
        },
        'elsewhere.ordersCart': () => {
          if (!this.cookie) throw new Error('No cart to order');
          this.api.place(this.cookie);
        },
        'user.addsToOrderedCart': async () => {
          const ordered = this.cookie;
          await this.add(false);
          // Refused for the ordered cart, then added once to a new one: the only item there.
          const adds = this.api.calls.filter((c) => c.startsWith('add')).slice(-2);
          if (JSON.stringify(adds) !== JSON.stringify([`add to ${ordered}`, 'add to null'])) {
            throw new Error(`Expected an add refused for ${ordered} and one to a new cart: ${adds}`);
          }
          if (this.items().length !== 1 || this.cookie === ordered) {
            throw new Error(
              `Expected a new cart with the item alone, it shows [${this.items()}] in ${this.cookie}`,
            );
          }
        },
      },
    };
  }
}
