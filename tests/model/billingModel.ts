import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of /billing (machines/billing): a page of the invoices (loading, shown, failed,
 * the next page) and Pay now on one of them (starting, refused, on its way to Stripe's page). No
 * effects, no timers: the adapter gives each state and stimulus its meaning.
 */
export const billingModel = createMachine({
  id: 'billing-model',
  initial: 'listLoading',
  states: {
    /** A page of the invoices on its way; the page shown before (if any) stays. */
    listLoading: {
      on: { 'server.answersInvoices': 'listShown', 'server.failsList': 'listFailed' },
    },
    /** A page of invoices, which page of how many, each owed one with Pay now. */
    listShown: {
      on: { 'user.opensNextPage': 'listLoading', 'user.paysNow': 'paying' },
    },
    /** Why the list could not be loaded, and Try again. */
    listFailed: {
      on: { 'user.retries': 'listLoading' },
    },
    /** "Opening…" on the invoice's Pay now: asked once, however often it is pressed. */
    paying: {
      on: {
        'user.paysAgain': 'paying',
        'server.answersPage': 'redirected',
        'server.refusesPayment': 'payRefused',
        'server.failsPayment': 'payRefused',
      },
    },
    /** The refusal beside the invoice it was for; Pay now and the pages still work. */
    payRefused: {
      on: { 'user.paysNow': 'paying', 'user.opensNextPage': 'listLoading' },
    },
    /** The browser is on its way to Stripe's page. */
    redirected: {},
  },
});

export const billing = modelKit(billingModel);
