import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of checkout (/checkout/{cartId}) as a person sees it, from a visitor's cart to a
 * placed order: signing in on the page, the billing form and its errors, the order on its way and how
 * it can fail. No effects, no timers: the adapters give each stimulus a real sign-in, typing, a held,
 * refused or failed answer of the API, a change to the cart elsewhere or the clock passing.
 */
export const checkoutModel = createMachine({
  id: 'checkout-model',
  initial: 'signIn',
  states: {
    /** A visitor's cart: its items, and "Your account" to sign in without leaving it; no billing form. */
    signIn: {
      on: { 'user.signsIn': 'billing' },
    },
    /** The billing form, started from the account (name, e-mail, company), and "Place order · $total". */
    billing: {
      on: { 'user.placesIncomplete': 'invalid', 'user.completesAndPlaces': 'placing' },
    },
    /** Nothing sent: a message next to each field missing, and the focus on the first of them. */
    invalid: {
      on: { 'user.completesAndPlaces': 'placing' },
    },
    /** "Placing your order…": the order is on its way, a second press sends nothing. */
    placing: {
      on: {
        'api.answers': 'placed',
        'api.refuses': 'refused',
        'api.fails': 'failed',
        'clock.passes30s': 'failed',
        'elsewhere.changesCart': 'cartChanged',
      },
    },
    /** The API refused a field: its message next to the field and in the form's alert; all typed kept. */
    refused: {
      on: { 'user.fixesAndPlaces': 'placing' },
    },
    /** No answer (in time) or the API in trouble: what to do, and everything typed kept. */
    failed: {
      on: { 'user.placesAgain': 'placing' },
    },
    /** The cart changed meanwhile: nothing ordered, the page says so and shows the cart as it is now. */
    cartChanged: {
      on: { 'user.placesAgain': 'placing' },
    },
    /** "Thank you, your order is placed", with an order number per item. */
    placed: {},
  },
});

export const checkout = modelKit(checkoutModel);
