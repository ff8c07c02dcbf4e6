import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the cart as a visitor sees it (the header's count, the mini-cart, the add
 * button, the dialog that changes an item, and the toasts), and the stimuli that move between those states. No effects, no timers: the
 * adapters give each stimulus a real click, a held or refused API answer, a reload or an order
 * placed elsewhere, and check each state for real.
 */
export const cartModel = createMachine({
  id: 'cart-model',
  initial: 'empty',
  states: {
    /** "Cart, 0 items"; the mini-cart says it is empty and its Shopping Cart button is disabled. */
    empty: {
      on: { 'user.adds': 'adding' },
    },
    /** An add on its way: the button says "Adding…", the cart is busy, and shows what it did before. */
    adding: {
      on: { 'api.answers': 'filled', 'api.refuses': 'addRefused' },
    },
    /**
     * The items, newest first, with their count and total; the last action confirmed by a toast (an
     * undone removal: the same item back in its place).
     */
    filled: {
      on: {
        'user.adds': 'adding',
        'user.removesAll': 'empty',
        'user.removesButApiFails': 'removeFailed',
        'user.removesNewest': 'removedUndoable',
        'user.changesItem': 'changed',
        'user.changesButApiRefuses': 'changeRefused',
        'user.reopens': 'filled',
        'user.reopensWhileApiDown': 'unavailable',
        'elsewhere.ordersCart': 'orderedElsewhere',
      },
    },
    /** The newest item is gone, and the toast that says so ("Removed …") has an Undo. */
    removedUndoable: {
      on: { 'user.undoes': 'filled', 'user.undoesButApiRefuses': 'undoRefused' },
    },
    /** The undo was refused (removed too long ago): an error toast with the API's sentence; the item stays out. */
    undoRefused: {
      on: { 'user.adds': 'adding' },
    },
    /** The item shows its new dates and price in its place, the dialog is closed, and a toast confirms it. */
    changed: {
      on: { 'user.adds': 'adding' },
    },
    /** The change was refused: the dialog stays open with the choice made and the API's reason. */
    changeRefused: {
      on: { 'user.closesEditor': 'filled', 'user.changesItem': 'changed' },
    },
    /** The add was refused: an error toast with the API's reason, and the cart as it was. */
    addRefused: {
      on: { 'user.adds': 'adding' },
    },
    /** The remove failed: an error toast, and the item is still there. */
    removeFailed: {
      on: { 'user.adds': 'adding', 'user.removesAll': 'empty' },
    },
    /** Reopened while the cart could not be loaded: nothing shown, but the cart is kept for later. */
    unavailable: {
      on: { 'user.reopens': 'filled' },
    },
    /** The cart was ordered in another tab: this page still shows its items (it cannot know yet). */
    orderedElsewhere: {
      on: {
        // The add is refused for that cart, and goes into a new cart instead.
        'user.addsToOrderedCart': 'filled',
        // The cart is gone: forgotten, and the next add starts a new one.
        'user.reopens': 'empty',
      },
    },
  },
});

export const cart = modelKit(cartModel);
