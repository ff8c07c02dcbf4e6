import { assign, fromPromise, setup } from 'xstate';
import type { Cart, CartItem } from '../../contract/cart';
import { type CartItemChange, type CartItemRequest, type CartItemRestore, CartNotFound } from './cart.types';
import { failureOf, restoreRefusalOf, undoOf } from './cartWords';

export { type CartItemChange, type CartItemRequest, type CartItemRestore, CartNotFound } from './cart.types';

export type CartEvent =
  /** The session's cart id changed (cookie, sign-in, a new cart): load that cart. */
  | { type: 'cart.cartIdChanged'; cartId: string | null }
  | { type: 'cart.add'; item: CartItemRequest }
  | { type: 'cart.remove'; item: CartItem }
  /** The removed item goes back into the cart, in its place (its toast's Undo), priced again. */
  | { type: 'cart.undoRemove'; item: CartItemRestore }
  /** The visitor opens an item's dates and quantity to change them. */
  | { type: 'cart.editStarted'; item: CartItem }
  /** The visitor leaves the change unsaved. */
  | { type: 'cart.editClosed' }
  /** The visitor saves the item's new dates and quantity. */
  | { type: 'cart.update'; change: CartItemChange }
  /** The cart was checked out: the next add starts a new one. */
  | { type: 'cart.placed' }
  /** The cart may have changed elsewhere (another tab, a refused order): load it again. */
  | { type: 'cart.refresh' }
  /** Another call answered the whole cart (a direct-mail campaign added to it): it replaces the cart. */
  | { type: 'cart.replaced'; cart: Cart };

interface CartContext {
  cartId: string | null;
  /** The cart id last loaded, so a load runs once per cart id. */
  loadedFor: string | null;
  /** The item being added (kept so an add to a cart that is gone can be tried again in a new one). */
  adding: CartItemRequest | null;
  /** The item being removed. */
  removing: CartItem | null;
  /** The removed item being put back. */
  restoring: CartItemRestore | null;
  /** Undos pressed while the cart was busy: each runs, in order, once it is free (none is dropped). */
  undoQueue: CartItemRestore[];
  /** The item whose dates and quantity the visitor is changing (its editor is open). */
  editing: CartItem | null;
  /** The change on its way. */
  updating: CartItemChange | null;
  /** Why the last change was refused, in the API's words: the editor keeps the choice and shows it. */
  updateRefusal: string | null;
}

/** The item an add is for: `adding` is set by every transition into the adding state. */
function heldItem(context: CartContext): CartItemRequest {
  if (!context.adding) throw new Error('An add runs only with the item to add.');
  return context.adding;
}

/** The item a remove runs for: `removing` is set by every transition into the removing state. */
function heldRemoval(context: CartContext): CartItem {
  if (!context.removing) throw new Error('A remove runs only with the item to remove.');
  return context.removing;
}

/** The item a restore runs for: `restoring` is set by every transition into the restoring state. */
function heldRestore(context: CartContext): CartItemRestore {
  if (!context.restoring) throw new Error('A restore runs only with the item to put back.');
  return context.restoring;
}

/** The change an update runs for: `updating` is set by every transition into the updating state. */
function heldChange(context: CartContext): CartItemChange {
  if (!context.updating) throw new Error('An update runs only with the change to make.');
  return context.updating;
}

/** A whole cart answered by the API replaces the one shown, and is the cart loaded for its id. */
const TAKE_ANSWERED_CART = [
  { type: 'adoptCart', params: ({ event }: { event: { cart: Cart } }) => ({ cart: event.cart }) },
  { type: 'commitCart', params: ({ event }: { event: { cart: Cart } }) => ({ cart: event.cart }) },
  { type: 'trackAddToCart', params: ({ event }: { event: { cart: Cart } }) => ({ cart: event.cart }) },
] as const;

/** What the cart does with an event when it is not busy: in `idle`, and in `loading` (which blocks nothing). */
const WHEN_FREE = {
  'cart.undoRemove': {
    target: '#cart.restoring',
    actions: {
      type: 'holdRestore',
      params: ({ event }: { event: { item: CartItemRestore } }) => ({ item: event.item }),
    },
  },
  'cart.update': {
    guard: 'hasCart',
    target: '#cart.updating',
    actions: {
      type: 'holdChange',
      params: ({ event }: { event: { change: CartItemChange } }) => ({ change: event.change }),
    },
  },
} as const;

/**
 * Cart operations (SPEC sections 4 and 7): the load keyed by cart id and run when it exists, add,
 * remove (undone from its toast by putting the same item back) and changing an item's dates and quantity.
 * Each answer replaces the cart, which the session holds (SPEC's app state: cartId, cart).
 */
export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent, input: {} as { cartId: string | null } },
  actors: {
    loadCart: fromPromise<Cart, { cartId: string }>(async () => {
      throw new Error('loadCart is supplied in src/system');
    }),
    /** POST /checkout/item/create (form fields); rejects with "Error adding new item". */
    addItem: fromPromise<Cart, { item: CartItemRequest; cartId: string | null }>(async () => {
      throw new Error('addItem is supplied in src/system');
    }),
    /** POST /checkout/{cartId}/item/{itemId}/delete. */
    removeItem: fromPromise<Cart, { cartId: string; itemId: number }>(async () => {
      throw new Error('removeItem is supplied in src/system');
    }),
    /** POST /checkout/{cartId}/item/{itemId}/restore; rejects with the API's reason as its cause. */
    restoreItem: fromPromise<Cart, { cartId: string; itemId: number }>(async () => {
      throw new Error('restoreItem is supplied in src/system');
    }),
    /** POST /checkout/{cartId}/item/{itemId}/update (form fields); rejects with the API's reason as its cause. */
    updateItem: fromPromise<Cart, { cartId: string; change: CartItemChange }>(async () => {
      throw new Error('updateItem is supplied in src/system');
    }),
  },
  actions: {
    // Effects, supplied in src/system.
    commitCart: (_, _params: { cart: Cart }) => {},
    forgetCart: () => {},
    /** An order was placed from the cart: what depends on the orders (the menu's counts) is told. */
    announceOrderPlaced: () => {},
    toastSuccess: (_, _params: { message: string }) => {},
    toastError: (_, _params: { message: string }) => {},
    /** A removal's toast, with an Undo that sends `cart.undoRemove` with `undo`. */
    toastRemoved: (_, _params: { message: string; undo: CartItemRestore }) => {},
    trackAddToCart: (_, _params: { cart: Cart }) => {},
    logError: (_, _params: { message: string; error: unknown }) => {},

    followCartId: assign((_, params: { cartId: string | null }) => ({ cartId: params.cartId })),
    dropCart: assign({ cartId: null, loadedFor: null }),
    markLoadStarted: assign(({ context }) => ({ loadedFor: context.cartId })),
    markStale: assign({ loadedFor: null }),
    holdItemToAdd: assign((_, params: { item: CartItemRequest }) => ({ adding: params.item })),
    holdItemToRemove: assign((_, params: { item: CartItem }) => ({ removing: params.item })),
    holdRestore: assign((_, params: { item: CartItemRestore }) => ({ restoring: params.item })),
    queueUndo: assign(({ context }, params: { item: CartItemRestore }) => ({
      undoQueue: [...context.undoQueue, params.item],
    })),
    takeQueuedUndo: assign(({ context }) => ({
      restoring: context.undoQueue[0] ?? null,
      undoQueue: context.undoQueue.slice(1),
    })),
    openEditor: assign((_, params: { item: CartItem }) => ({ editing: params.item, updateRefusal: null })),
    closeEditor: assign({ editing: null, updateRefusal: null }),
    holdChange: assign((_, params: { change: CartItemChange }) => ({
      updating: params.change,
      updateRefusal: null,
    })),
    keepRefusal: assign((_, params: { error: unknown }) => ({
      updateRefusal: failureOf(params.error, 'Your change was not saved'),
    })),
    adoptCart: assign((_, params: { cart: Cart }) => ({
      cartId: params.cart.uuid,
      loadedFor: params.cart.uuid,
    })),
  },
  guards: {
    needsLoad: ({ context }) => context.cartId !== null && context.loadedFor !== context.cartId,
    hasCart: ({ context }) => context.cartId !== null,
    hasQueuedUndo: ({ context }) => context.undoQueue.length > 0,
    isAnotherCart: ({ context }, params: { cartId: string | null }) => params.cartId !== context.cartId,
    cartIsGone: (_, params: { error: unknown }) => params.error instanceof CartNotFound,
    /** An add to a cart that was ordered (in another tab) or is no longer this visitor's. */
    addedToGoneCart: ({ context }, params: { error: unknown }) =>
      context.cartId !== null && params.error instanceof CartNotFound,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    cartId: input.cartId,
    loadedFor: null,
    adding: null,
    removing: null,
    restoring: null,
    undoQueue: [],
    editing: null,
    updating: null,
    updateRefusal: null,
  }),
  initial: 'idle',
  on: {
    // Only another cart than the one followed: the session repeats the cart's own changes back (a
    // dropped cart's null while its add is tried again in a new cart), which must not stop that add.
    'cart.cartIdChanged': {
      guard: { type: 'isAnotherCart', params: ({ event }) => ({ cartId: event.cartId }) },
      target: '.idle',
      actions: [{ type: 'followCartId', params: ({ event }) => ({ cartId: event.cartId }) }, 'closeEditor'],
    },
    'cart.placed': {
      target: '.idle',
      actions: ['forgetCart', 'dropCart', 'announceOrderPlaced', 'closeEditor'],
    },
    // An Undo pressed while the cart is busy (another removal on its way) waits for its turn: idle and
    // loading take it at once, every other state leaves it to this. Each undo names its own cart, so
    // one that waited goes where its item was, and the server says if that cart was ordered since.
    'cart.undoRemove': { actions: { type: 'queueUndo', params: ({ event }) => ({ item: event.item }) } },
    'cart.replaced': { actions: TAKE_ANSWERED_CART },
    'cart.editStarted': { actions: { type: 'openEditor', params: ({ event }) => ({ item: event.item }) } },
    'cart.editClosed': { actions: 'closeEditor' },
  },
  states: {
    idle: {
      always: [
        { guard: 'hasQueuedUndo', target: 'restoring', actions: 'takeQueuedUndo' },
        { guard: 'needsLoad', target: 'loading' },
      ],
      on: {
        'cart.add': {
          target: 'adding',
          actions: { type: 'holdItemToAdd', params: ({ event }) => ({ item: event.item }) },
        },
        'cart.remove': {
          guard: 'hasCart',
          target: 'removing',
          actions: { type: 'holdItemToRemove', params: ({ event }) => ({ item: event.item }) },
        },
        ...WHEN_FREE,
        'cart.refresh': { actions: 'markStale', target: 'idle', reenter: true },
      },
    },
    // Not busy: loading blocks nothing (an add meanwhile goes ahead), so a slow load never disables a button.
    loading: {
      entry: 'markLoadStarted',
      invoke: {
        src: 'loadCart',
        input: ({ context }) => ({ cartId: context.cartId ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'commitCart', params: ({ event }) => ({ cart: event.output }) },
        },
        onError: [
          // The cookie points at a cart that is gone: forget it, the next add starts a new one.
          {
            guard: { type: 'cartIsGone', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: ['forgetCart', 'dropCart'],
          },
          // SPEC section 8: a failed cart load is only logged.
          {
            target: 'idle',
            actions: {
              type: 'logError',
              params: ({ event }) => ({ message: 'Error loading the cart', error: event.error }),
            },
          },
        ],
      },
      on: {
        // An add or a remove pressed while the cart loads again (it changed elsewhere) goes ahead:
        // its answer is the whole cart. The load is dropped, so the cart is marked stale: if that
        // answer never comes (the call failed), the cart is loaded again as was asked.
        'cart.add': {
          target: 'adding',
          actions: ['markStale', { type: 'holdItemToAdd', params: ({ event }) => ({ item: event.item }) }],
        },
        'cart.remove': {
          guard: 'hasCart',
          target: 'removing',
          actions: ['markStale', { type: 'holdItemToRemove', params: ({ event }) => ({ item: event.item }) }],
        },
        'cart.undoRemove': {
          ...WHEN_FREE['cart.undoRemove'],
          actions: ['markStale', WHEN_FREE['cart.undoRemove'].actions],
        },
        'cart.update': {
          ...WHEN_FREE['cart.update'],
          actions: ['markStale', WHEN_FREE['cart.update'].actions],
        },
        // A newer whole cart wins over the load in flight, which is dropped.
        'cart.replaced': { target: 'idle', actions: TAKE_ANSWERED_CART },
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'addItem',
        input: ({ context }) => ({ item: heldItem(context), cartId: context.cartId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'adoptCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'commitCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'trackAddToCart', params: ({ event }) => ({ cart: event.output }) },
            {
              type: 'toastSuccess',
              params: ({ event }) => ({
                message: `Added to your cart: ${event.output.contents.items[0]?.summary.summary_title ?? 'your placement'}.`,
              }),
            },
          ],
        },
        onError: [
          // The cart was ordered (in another tab) or is no longer this visitor's: the item goes into a
          // new cart instead, once.
          {
            guard: { type: 'addedToGoneCart', params: ({ event }) => ({ error: event.error }) },
            target: 'adding',
            reenter: true,
            actions: ['forgetCart', 'dropCart'],
          },
          // The cart is left as it was, and the visitor is told why.
          {
            target: 'idle',
            actions: {
              type: 'toastError',
              params: ({ event }) => ({ message: failureOf(event.error, 'Error adding new item') }),
            },
          },
        ],
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'removeItem',
        input: ({ context }) => ({ cartId: context.cartId ?? '', itemId: heldRemoval(context).id }),
        onDone: {
          target: 'idle',
          actions: [
            // The answer is the whole cart as it is now: nothing left to load.
            { type: 'adoptCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'commitCart', params: ({ event }) => ({ cart: event.output }) },
            {
              type: 'toastRemoved',
              params: ({ context }) => ({
                message: `Removed ${heldRemoval(context).summary.summary_title}.`,
                undo: undoOf(heldRemoval(context), context.cartId ?? ''),
              }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            // SPEC section 8 logs a failed delete; the item stays in the cart and the visitor is told.
            {
              type: 'logError',
              params: ({ event }) => ({ message: 'Error deleting the cart item', error: event.error }),
            },
            { type: 'toastError', params: { message: 'That item could not be removed. Please try again.' } },
          ],
        },
      },
    },
    // The removed item back by id, in its place: no add, so no add_to_cart either (its removal was not reported).
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'restoreItem',
        input: ({ context }) => ({
          cartId: heldRestore(context).cartId,
          itemId: heldRestore(context).itemId,
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'adoptCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'commitCart', params: ({ event }) => ({ cart: event.output }) },
            {
              type: 'toastSuccess',
              params: ({ context }) => ({ message: `Put back in your cart: ${heldRestore(context).title}.` }),
            },
          ],
        },
        // Too late, no longer buyable, or the cart was ordered: the server says which, and what to do.
        onError: {
          target: 'idle',
          actions: {
            type: 'toastError',
            params: ({ event }) => ({ message: restoreRefusalOf(event.error) }),
          },
        },
      },
    },
    updating: {
      tags: ['busy'],
      on: {
        // The editor stays on the item until the answer: saved (closed) or refused (the reason shown).
        'cart.editStarted': {},
        'cart.editClosed': {},
      },
      invoke: {
        src: 'updateItem',
        input: ({ context }) => ({ cartId: context.cartId ?? '', change: heldChange(context) }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'adoptCart', params: ({ event }) => ({ cart: event.output }) },
            { type: 'commitCart', params: ({ event }) => ({ cart: event.output }) },
            'closeEditor',
            {
              type: 'toastSuccess',
              params: ({ context, event }) => ({
                message: `Changed: ${event.output.contents.items.find((i) => i.id === heldChange(context).itemId)?.summary.summary_title ?? 'your placement'}.`,
              }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type CartMachine = typeof cartMachine;
