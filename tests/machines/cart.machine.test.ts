import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Cart, CartItem } from '../../contract/cart';
import {
  type CartEvent,
  type CartItemChange,
  type CartItemRequest,
  CartNotFound,
  cartMachine,
} from '../../machines/cart/cart.machine';
import { flush } from './sessionHarness';

const cartOf = (uuid: string, titles: string[] = []): Cart => ({
  uuid,
  total: 0,
  total_formatted: '$0',
  status: 'open',
  contents: {
    items: titles.map((title, i) => ({
      id: i + 1,
      image: '/i.svg',
      price_formatted: '$100',
      order: null,
      summary: { summary_title: title, summary_line_1: '', summary_line_2: '' },
      mediacode: 'PM501-01',
      media_type: 'printmag',
      market: 'Chicago, IL',
      price: 100,
      unit_price: 100,
      qty: 1,
      dates: [],
      issue: '2027/03',
      date_start: null,
      created_at: '2027-01-01T00:00:00Z',
    })),
  },
});

const item: CartItemRequest = { mediacode: 'PM501-01', dates: ['2027/03'], quantity: 1, title: 'A magazine' };

/** An item of the cart as the API answers it: the third of a cart whose items are magazines. */
const inCart = (title = 'A magazine', extra: Partial<CartItem> = {}): CartItem => {
  const [shown] = cartOf('cart-1', [title]).contents.items;
  if (!shown) throw new Error('No item');
  return { ...shown, id: 3, dates: ['2027/03', '2027/04'], qty: 2, ...extra };
};

interface Fakes {
  loadCart?: (input: { cartId: string }) => Promise<Cart>;
  addItem?: (input: { item: CartItemRequest; cartId: string | null }) => Promise<Cart>;
  removeItem?: (input: { cartId: string; itemId: number }) => Promise<Cart>;
  restoreItem?: (input: { cartId: string; itemId: number }) => Promise<Cart>;
  updateItem?: (input: { cartId: string; change: CartItemChange }) => Promise<Cart>;
}

function start(cartId: string | null, fakes: Fakes = {}) {
  const calls: string[] = [];
  const machine = cartMachine.provide({
    actors: {
      loadCart: fromPromise(({ input }) => {
        calls.push(`load ${input.cartId}`);
        return (fakes.loadCart ?? (async ({ cartId: id }) => cartOf(id)))(input);
      }),
      addItem: fromPromise(({ input }) => {
        calls.push(`add ${input.item.mediacode} to ${input.cartId}`);
        return (fakes.addItem ?? (async () => cartOf('cart-new', ['A magazine'])))(input);
      }),
      removeItem: fromPromise(({ input }) => {
        calls.push(`remove ${input.itemId} from ${input.cartId}`);
        return (fakes.removeItem ?? (async ({ cartId: id }) => cartOf(id)))(input);
      }),
      restoreItem: fromPromise(({ input }) => {
        calls.push(`restore ${input.itemId} in ${input.cartId}`);
        return (fakes.restoreItem ?? (async ({ cartId: id }) => cartOf(id, ['A magazine'])))(input);
      }),
      updateItem: fromPromise(({ input }) => {
        const { itemId, dates, quantity } = input.change;
        calls.push(`update ${itemId} in ${input.cartId} to ${dates.join(' ')} × ${quantity}`);
        return (fakes.updateItem ?? (async ({ cartId: id }) => cartOf(id, ['A magazine'])))(input);
      }),
    },
    actions: {
      commitCart: (_, { cart }) => calls.push(`commit ${cart.uuid} (${cart.contents.items.length})`),
      forgetCart: () => calls.push('forget'),
      announceOrderPlaced: () => calls.push('order placed'),
      toastSuccess: (_, { message }) => calls.push(`toast ok: ${message}`),
      toastError: (_, { message }) => calls.push(`toast error: ${message}`),
      toastRemoved: (_, { message, undo }) =>
        calls.push(`toast ok: ${message} [Undo: ${JSON.stringify(undo)}]`),
      trackAddToCart: (_, { cart }) => calls.push(`track add_to_cart ${cart.uuid}`),
      logError: (_, { message }) => calls.push(`log: ${message}`),
    },
  });
  const actor = createActor(machine, { input: { cartId } });
  actor.start();
  return { actor, calls };
}

/** A cart loaded once, then asked to load again by a load that never answers (it changed elsewhere). */
async function loadingAgain(fakes: Fakes = {}) {
  let loads = 0;
  const started = start('cart-1', {
    ...fakes,
    loadCart: async ({ cartId }) => (++loads === 1 ? cartOf(cartId) : new Promise(() => {})),
  });
  await flush();
  started.actor.send({ type: 'cart.refresh' });
  await flush();
  return { ...started, loads: () => loads };
}

describe('cart (SPEC sections 4 and 7)', () => {
  it('loads the cart, keyed by its id, when an id exists; the answer replaces the cart', async () => {
    const { calls } = start('cart-1');
    await flush();
    expect(calls).toEqual(['load cart-1', 'commit cart-1 (0)']);
  });

  it('does not load without a cart id, and loads again only for another id', async () => {
    const { actor, calls } = start(null);
    await flush();
    expect(calls).toEqual([]);
    actor.send({ type: 'cart.cartIdChanged', cartId: 'cart-2' });
    actor.send({ type: 'cart.cartIdChanged', cartId: 'cart-2' });
    await flush();
    expect(calls.filter((c) => c.startsWith('load'))).toEqual(['load cart-2']);
  });

  it('takes a whole cart answered by another call (a mail campaign) without loading it again', async () => {
    const { actor, calls } = start(null);
    actor.send({ type: 'cart.replaced', cart: cartOf('cart-9', ['Every Door Direct Mail: 60614']) });
    await flush();
    expect(calls).toEqual(['commit cart-9 (1)', 'track add_to_cart cart-9']);
    expect(actor.getSnapshot().context.cartId).toBe('cart-9');
  });

  it('lets a cart answered meanwhile win over a load still in flight', async () => {
    let answer = (_cart: Cart) => {};
    const { actor, calls } = start('cart-1', {
      loadCart: () =>
        new Promise<Cart>((resolve) => {
          answer = resolve;
        }),
    });
    actor.send({ type: 'cart.replaced', cart: cartOf('cart-1', ['Every Door Direct Mail: 60614']) });
    answer(cartOf('cart-1'));
    await flush();
    expect(calls).toEqual(['load cart-1', 'commit cart-1 (1)', 'track add_to_cart cart-1']);
  });

  it('forgets a cart that no longer exists, and only logs other load failures', async () => {
    const gone = start('cart-gone', { loadCart: async () => Promise.reject(new CartNotFound()) });
    await flush();
    expect(gone.calls).toContain('forget');
    // A cart that is gone was not ordered here: nothing is announced.
    expect(gone.calls).not.toContain('order placed');
    expect(gone.actor.getSnapshot().context.cartId).toBeNull();

    const broken = start('cart-1', { loadCart: async () => Promise.reject(new Error('500')) });
    await flush();
    expect(broken.calls).toEqual(['load cart-1', 'log: Error loading the cart']);
    expect(broken.actor.getSnapshot().context.cartId).toBe('cart-1');
  });

  it('adds an item to the current cart, takes the answer as the cart, tracks and confirms it', async () => {
    const { actor, calls } = start('cart-1', { addItem: async () => cartOf('cart-1', ['A magazine']) });
    await flush();
    calls.length = 0;
    actor.send({ type: 'cart.add', item });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(calls).toEqual([
      'add PM501-01 to cart-1',
      'commit cart-1 (1)',
      'track add_to_cart cart-1',
      'toast ok: Added to your cart: A magazine.',
    ]);
  });

  it('starts a cart with the first add when there is none', async () => {
    const { actor, calls } = start(null);
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(calls[0]).toBe('add PM501-01 to null');
    expect(actor.getSnapshot().context.cartId).toBe('cart-new');
  });

  it('leaves the cart unchanged and shows an error when adding fails', async () => {
    const error = new Error('Error adding new item', {
      cause: { message: 'The week of Jan 4, 2027 is sold out.' },
    });
    const { actor, calls } = start('cart-1', { addItem: async () => Promise.reject(error) });
    await flush();
    calls.length = 0;
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(calls).toEqual([
      'add PM501-01 to cart-1',
      'toast error: Error adding new item: The week of Jan 4, 2027 is sold out.',
    ]);
    expect(actor.getSnapshot().context.cartId).toBe('cart-1');
  });

  it('removes an item; a failed delete is logged, the item stays, and the visitor is told', async () => {
    const ok = start('cart-1');
    await flush();
    ok.actor.send({ type: 'cart.remove', item: inCart('KZZZ-TV 9') });
    await flush();
    expect(ok.calls.slice(-3)).toEqual([
      'remove 3 from cart-1',
      'commit cart-1 (0)',
      'toast ok: Removed KZZZ-TV 9. [Undo: {"cartId":"cart-1","itemId":3,"title":"KZZZ-TV 9"}]',
    ]);

    const failing = start('cart-1', { removeItem: async () => Promise.reject(new Error('500')) });
    await flush();
    failing.actor.send({ type: 'cart.remove', item: inCart() });
    await flush();
    expect(failing.calls.slice(-2)).toEqual([
      'log: Error deleting the cart item',
      'toast error: That item could not be removed. Please try again.',
    ]);
  });

  it('adding while the cart loads does not lose the add, and a hung load blocks nothing', async () => {
    const { actor, calls } = start('cart-1', { loadCart: () => new Promise(() => {}) });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(calls).toContain('add PM501-01 to cart-1');
  });

  it('a remove pressed while the cart loads again is not lost', async () => {
    const { actor, calls, loads } = await loadingAgain();
    expect(actor.getSnapshot().value).toBe('loading');
    actor.send({ type: 'cart.remove', item: inCart() });
    await flush();
    expect(calls.slice(-3)).toEqual([
      'remove 3 from cart-1',
      'commit cart-1 (0)',
      expect.stringMatching(/^toast ok: Removed A magazine\. \[Undo: /),
    ]);
    // The remove's answer is the whole cart: nothing is loaded after it.
    expect(actor.getSnapshot().value).toBe('idle');
    expect(loads()).toBe(2);
  });

  it('a remove that fails while the cart was loading again leaves the cart to be loaded again', async () => {
    let loads = 0;
    const { actor, calls } = start('cart-1', {
      loadCart: async ({ cartId }) => (++loads === 2 ? new Promise(() => {}) : cartOf(cartId)),
      removeItem: async () => Promise.reject(new Error('500')),
    });
    await flush();
    actor.send({ type: 'cart.refresh' });
    await flush();
    actor.send({ type: 'cart.remove', item: inCart() });
    await flush();
    expect(loads).toBe(3);
    expect(calls.at(-1)).toBe('commit cart-1 (0)');
  });

  it('an add to a cart ordered elsewhere (or no longer this visitor’s) goes into a new cart, once', async () => {
    const added: Array<string | null> = [];
    const { actor, calls } = start('cart-old', {
      addItem: async ({ cartId }) => {
        added.push(cartId);
        if (cartId) throw new CartNotFound('This cart was already ordered.');
        return cartOf('cart-new', ['A magazine']);
      },
    });
    await flush();
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(added).toEqual(['cart-old', null]);
    expect(calls).toContain('forget');
    expect(calls.at(-1)).toBe('toast ok: Added to your cart: A magazine.');
    expect(actor.getSnapshot().context.cartId).toBe('cart-new');

    // Never more than one retry: a second refusal is shown, not looped on.
    const stuck = start('cart-old', { addItem: async () => Promise.reject(new CartNotFound('gone')) });
    await flush();
    stuck.actor.send({ type: 'cart.add', item });
    await flush();
    expect(stuck.calls.filter((c) => c.startsWith('add'))).toEqual([
      'add PM501-01 to cart-old',
      'add PM501-01 to null',
    ]);
    expect(stuck.calls.at(-1)).toBe('toast error: Error adding new item. Please try again.');
  });

  it('the session repeating the dropped cart id back does not stop the add going into a new cart', async () => {
    let answer = (_cart: Cart) => {};
    const { actor, calls } = start('cart-old', {
      addItem: ({ cartId }) =>
        cartId
          ? Promise.reject(new CartNotFound('This cart was already ordered.'))
          : new Promise<Cart>((resolve) => {
              answer = resolve;
            }),
    });
    await flush();
    actor.send({ type: 'cart.add', item });
    await flush();
    // What the app's wiring does once the cart is forgotten: the session's cart id is null now.
    actor.send({ type: 'cart.cartIdChanged', cartId: null });
    answer(cartOf('cart-new', ['A magazine']));
    await flush();
    expect(calls.at(-1)).toBe('toast ok: Added to your cart: A magazine.');
    expect(actor.getSnapshot().context.cartId).toBe('cart-new');
  });

  it('loads the cart again when asked (it changed elsewhere)', async () => {
    const { actor, calls } = start('cart-1');
    await flush();
    actor.send({ type: 'cart.refresh' });
    await flush();
    expect(calls.filter((c) => c.startsWith('load'))).toEqual(['load cart-1', 'load cart-1']);
  });

  it('after checkout the cart is forgotten, the order announced, and the next add starts a new one', async () => {
    const { actor, calls } = start('cart-1');
    await flush();
    actor.send({ type: 'cart.placed' });
    expect(calls).toContain('forget');
    expect(calls).toContain('order placed');
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(calls).toContain('add PM501-01 to null');
  });
  it('undoing a removal puts the same item back by its id, in its place, and says so', async () => {
    const { actor, calls } = start('cart-1', {
      restoreItem: async ({ cartId }) => cartOf(cartId, ['Chicago Reader', 'KZZZ-TV 9', 'Time Out']),
    });
    await flush();
    actor.send({ type: 'cart.remove', item: inCart('KZZZ-TV 9') });
    await flush();
    calls.length = 0;
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 3, title: 'KZZZ-TV 9' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    // Not an add: nothing is added again, and no add_to_cart is reported for it.
    expect(calls).toEqual([
      'restore 3 in cart-1',
      'commit cart-1 (3)',
      'toast ok: Put back in your cart: KZZZ-TV 9.',
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a removed direct-mail campaign has an Undo too: it is put back by id, routes and all', async () => {
    const { actor, calls } = start('cart-1');
    await flush();
    const mailing = inCart('Every Door Direct Mail: 60614', { id: 7, campaign: true });
    actor.send({ type: 'cart.remove', item: mailing });
    await flush();
    expect(calls.at(-1)).toBe(
      'toast ok: Removed Every Door Direct Mail: 60614. [Undo: {"cartId":"cart-1","itemId":7,"title":"Every Door Direct Mail: 60614"}]',
    );
    actor.send({
      type: 'cart.undoRemove',
      item: { cartId: 'cart-1', itemId: 7, title: 'Every Door Direct Mail: 60614' },
    });
    await flush();
    expect(calls.slice(-3)).toEqual([
      'restore 7 in cart-1',
      'commit cart-1 (1)',
      'toast ok: Put back in your cart: Every Door Direct Mail: 60614.',
    ]);
  });

  it('a refused undo shows the API’s sentence in an error toast, and the cart as it was', async () => {
    const tooLate =
      'KZZZ-TV 9 was removed more than an hour ago and can no longer be put back. Add it again from its page.';
    const { actor, calls } = start('cart-1', {
      restoreItem: async () =>
        Promise.reject(new Error('Error restoring the cart item', { cause: { message: tooLate } })),
    });
    await flush();
    calls.length = 0;
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 3, title: 'KZZZ-TV 9' } });
    await flush();
    expect(calls).toEqual(['restore 3 in cart-1', `toast error: ${tooLate}`]);
    expect(actor.getSnapshot().value).toBe('idle');

    const offline = start('cart-1', {
      restoreItem: async () => Promise.reject(new TypeError('fetch failed')),
    });
    await flush();
    offline.actor.send({
      type: 'cart.undoRemove',
      item: { cartId: 'cart-1', itemId: 3, title: 'KZZZ-TV 9' },
    });
    await flush();
    expect(offline.calls.at(-1)).toBe('toast error: That item could not be put back. Please try again.');
  });

  it('an undo pressed while the cart loads again goes ahead too; without a cart there is nothing to undo', async () => {
    const { actor, calls } = await loadingAgain();
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 3, title: 'A magazine' } });
    await flush();
    expect(calls).toContain('restore 3 in cart-1');
    expect(actor.getSnapshot().value).toBe('idle');

    // With no cart followed any more (it was ordered since), the undo still goes to its own cart, whose
    // answer (ordered: nothing to put back) the visitor is shown; it waits for no later cart.
    const none = start(null, {
      restoreItem: async () =>
        Promise.reject(
          new Error('409', {
            cause: { message: 'This cart was already ordered. Its items can no longer be put back.' },
          }),
        ),
    });
    none.actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 3, title: 'A magazine' } });
    await flush();
    expect(none.calls).toEqual([
      'restore 3 in cart-1',
      'toast error: This cart was already ordered. Its items can no longer be put back.',
    ]);
    none.actor.send({ type: 'cart.add', item });
    await flush();
    expect(none.calls.filter((c) => c.startsWith('restore'))).toHaveLength(1);
  });

  it('an undo pressed while another removal, an add, a change or an undo is on its way runs after it, none dropped (found by review)', async () => {
    /** A call held until `release` is called: the cart stays busy until then. */
    const held = () => {
      let release = () => {};
      const answer = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { release: () => release(), answer };
    };
    const removal = held();
    const { actor, calls } = start('cart-1', {
      removeItem: async ({ cartId }) => {
        await removal.answer;
        return cartOf(cartId, ['Time Out']);
      },
      restoreItem: async ({ cartId, itemId }) => cartOf(cartId, [`item ${itemId}`]),
    });
    await flush();
    actor.send({ type: 'cart.remove', item: inCart('Chicago Reader') });
    expect(actor.getSnapshot().value).toBe('removing');
    // The first removal's Undo and a second one, both pressed while the removal is on its way.
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 1, title: 'KZZZ-TV 9' } });
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 2, title: 'WGN 9' } });
    calls.length = 0;
    removal.release();
    await flush();
    expect(calls.filter((c) => c.startsWith('restore') || c.startsWith('toast ok: Put back'))).toEqual([
      'restore 1 in cart-1',
      'toast ok: Put back in your cart: KZZZ-TV 9.',
      'restore 2 in cart-1',
      'toast ok: Put back in your cart: WGN 9.',
    ]);
    expect(actor.getSnapshot().value).toBe('idle');

    const whileBusy: Array<[string, CartEvent]> = [
      ['adding', { type: 'cart.add', item }],
      ['updating', { type: 'cart.update', change: { itemId: 3, dates: ['2027/04'], quantity: 1 } }],
      ['restoring', { type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 5, title: 'Time Out' } }],
    ];
    for (const [busy, event] of whileBusy) {
      const call = held();
      const other = start('cart-1', {
        addItem: async () => {
          await call.answer;
          return cartOf('cart-1', ['A magazine']);
        },
        updateItem: async ({ cartId }) => {
          await call.answer;
          return cartOf(cartId, ['A magazine']);
        },
        restoreItem: async ({ cartId, itemId }) => {
          if (itemId === 5) await call.answer;
          return cartOf(cartId, [`item ${itemId}`]);
        },
      });
      await flush();
      other.actor.send(event);
      expect(other.actor.getSnapshot().value).toBe(busy);
      other.actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 4, title: 'WGN 9' } });
      call.release();
      await flush();
      expect(other.calls, busy).toContain('restore 4 in cart-1');
    }
  });

  it('a queued undo goes to the cart its item was removed from, not to the one followed when it runs', async () => {
    let release = () => {};
    const { actor, calls } = start('cart-1', {
      removeItem: () =>
        new Promise((resolve) => {
          release = () => resolve(cartOf('cart-1'));
        }),
      // The server's answer for a cart ordered since.
      restoreItem: async () =>
        Promise.reject(new Error('409', { cause: { message: 'This cart was already ordered.' } })),
    });
    await flush();
    actor.send({ type: 'cart.remove', item: inCart() });
    actor.send({ type: 'cart.undoRemove', item: { cartId: 'cart-1', itemId: 1, title: 'KZZZ-TV 9' } });
    // The cart is ordered meanwhile and the next add starts another.
    actor.send({ type: 'cart.placed' });
    release();
    await flush();
    actor.send({ type: 'cart.add', item });
    await flush();
    expect(calls).toContain('add PM501-01 to null');
    expect(calls.filter((c) => c.startsWith('restore'))).toEqual(['restore 1 in cart-1']);
    expect(calls).toContain('toast error: This cart was already ordered.');
  });

  it('changes an item: the answer is the cart, the editor closes and a toast confirms it', async () => {
    const { actor, calls } = start('cart-1', {
      updateItem: async ({ cartId }) => ({ ...cartOf(cartId, ['KZZZ-TV 9']) }),
    });
    await flush();
    const tv = { ...inCart('KZZZ-TV 9'), id: 1 };
    actor.send({ type: 'cart.editStarted', item: tv });
    expect(actor.getSnapshot().context.editing).toEqual(tv);
    calls.length = 0;
    const change = { itemId: 1, dates: ['2027-02-01', '2027-02-08'], quantity: 20 };
    actor.send({ type: 'cart.update', change });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // The editor stays on the item while its change is on its way.
    actor.send({ type: 'cart.editClosed' });
    expect(actor.getSnapshot().context.editing).toEqual(tv);
    await flush();
    expect(calls).toEqual([
      'update 1 in cart-1 to 2027-02-01 2027-02-08 × 20',
      'commit cart-1 (1)',
      'toast ok: Changed: KZZZ-TV 9.',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ editing: null, updateRefusal: null });
  });

  it('a refused change keeps the editor open with the API’s reason, and the cart as it was', async () => {
    const refusal = new Error('Error changing the cart item', {
      cause: { message: 'The week of Feb 8, 2027 is sold out. Choose another week.' },
    });
    const { actor, calls } = start('cart-1', { updateItem: async () => Promise.reject(refusal) });
    await flush();
    actor.send({ type: 'cart.editStarted', item: inCart() });
    calls.length = 0;
    actor.send({ type: 'cart.update', change: { itemId: 3, dates: ['2027-02-08'], quantity: 5 } });
    await flush();
    expect(calls).toEqual(['update 3 in cart-1 to 2027-02-08 × 5']);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      editing: inCart(),
      updateRefusal: 'Your change was not saved: The week of Feb 8, 2027 is sold out. Choose another week.',
    });
    // Another try starts without the old reason; closing the editor forgets it.
    actor.send({ type: 'cart.update', change: { itemId: 3, dates: ['2027-02-15'], quantity: 5 } });
    expect(actor.getSnapshot().context.updateRefusal).toBeNull();
    await flush();
    actor.send({ type: 'cart.editClosed' });
    expect(actor.getSnapshot().context).toMatchObject({ editing: null, updateRefusal: null });

    const offline = start('cart-1', {
      updateItem: async () => Promise.reject(new TypeError('fetch failed')),
    });
    await flush();
    offline.actor.send({ type: 'cart.update', change: { itemId: 3, dates: ['2027-02-15'], quantity: 5 } });
    await flush();
    expect(offline.actor.getSnapshot().context.updateRefusal).toBe(
      'Your change was not saved. Please try again.',
    );
  });

  it('a change saved while the cart loads again is not lost, and nothing changes without a cart', async () => {
    const { actor, calls } = await loadingAgain();
    actor.send({ type: 'cart.update', change: { itemId: 1, dates: ['2027/05'], quantity: 1 } });
    await flush();
    expect(calls).toContain('update 1 in cart-1 to 2027/05 × 1');
    expect(actor.getSnapshot().value).toBe('idle');

    const none = start(null);
    none.actor.send({ type: 'cart.update', change: { itemId: 1, dates: ['2027/05'], quantity: 1 } });
    await flush();
    expect(none.calls).toEqual([]);
  });

  it('another cart or an order placed closes the editor', async () => {
    const { actor } = start('cart-1');
    await flush();
    actor.send({ type: 'cart.editStarted', item: inCart() });
    actor.send({ type: 'cart.placed' });
    expect(actor.getSnapshot().context.editing).toBeNull();
    actor.send({ type: 'cart.editStarted', item: inCart() });
    actor.send({ type: 'cart.cartIdChanged', cartId: 'cart-2' });
    expect(actor.getSnapshot().context.editing).toBeNull();
  });
});
