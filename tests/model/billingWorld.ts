import { type Actor, createActor, fromPromise, type InspectionEvent } from 'xstate';
import { INVOICES_PER_PAGE, type Invoice } from '../../contract/billing';
import { invoicePayMachine, selectPayError, selectPaying } from '../../machines/billing/invoicePay.machine';
import {
  type InvoicesKey,
  type InvoicesListAnswer,
  invoicesMachine,
  selectInvoices,
  selectInvoicesError,
  selectInvoicesLoading,
} from '../../machines/billing/invoices.machine';
import { heldCalls } from '../machines/heldCalls';
import { NOTHING_PAID } from '../support/invoicePayments';
import type { billingModel } from './billingModel';
import type { ModelParams } from './modelKit';
import { expectSame, settle } from './worldChecks';

const LIST_FAILURE = 'We could not reach Adlane. Check your connection and try again.';
const REFUSAL = 'Only the owner or an admin of your company can see and pay invoices.';
/** What Pay now says when the request itself failed (the machine's own sentence). */
const PAY_FALLBACK = 'The payment could not be started. Check your connection and try again.';
const STRIPE_PAGE = 'https://checkout.stripe.test/c/pay/cs_test_1';

const numberOf = (n: number) => `INV-27-${String(n).padStart(6, '0')}`;

function invoiceAt(n: number): Invoice {
  return {
    number: numberOf(n),
    status: 'open',
    issued_at: '2027-01-11T09:00:00.000Z',
    due_at: '2027-02-10T09:00:00.000Z',
    orders: [],
    bill_to: {
      name: 'Ada',
      email: 'ap@shop.example',
      phone: '(312) 555-0100',
      company: 'Shop',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
    },
    lines: [],
    credits: [],
    total: 100,
    total_formatted: '$100.00',
    balance: 100,
    balance_formatted: '$100.00',
    payment: NOTHING_PAID,
    can_pay: true,
  };
}

/** The company's 45 invoices, newest first, 20 a page, as the fake API answers them. */
function pageOf(key: InvoicesKey): InvoicesListAnswer {
  const all = Array.from({ length: 45 }, (_, i) => invoiceAt(45 - i));
  return {
    invoices: all.slice((key.page - 1) * INVOICES_PER_PAGE, key.page * INVOICES_PER_PAGE),
    outstanding: 4500,
    outstanding_formatted: '$4,500.00',
    overdue: 0,
    overdue_formatted: '$0.00',
    page: key.page,
    pages: Math.ceil(all.length / INVOICES_PER_PAGE),
    total: all.length,
  };
}

/**
 * Adapter (a) of the billing model: the real invoices and Pay now machines, as the Billing page runs
 * them, over a fake API whose answers the stimuli give; each model state is checked on the machines.
 */
export class BillingWorld {
  private address: InvoicesKey = { status: null, page: 1 };
  private readonly loads = heldCalls<[InvoicesKey], InvoicesListAnswer>();
  private readonly starts = heldCalls<[string], { url: string }>();
  private readonly sentTo: string[] = [];
  private readonly list: Actor<typeof invoicesMachine>;
  private readonly pay: Actor<typeof invoicePayMachine>;
  /** The invoice Pay now was last pressed on, and what the page should say of it. */
  private paying: string | null = null;
  private refusal: string | null = null;
  /** How many times Pay now was pressed from a state that takes a press (each asks once). */
  private payPresses = 0;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.list = createActor(
      invoicesMachine.provide({
        actors: {
          loadInvoices: fromPromise(({ input }) => this.loads.call(input)),
          downloadPdf: fromPromise(async () => {}),
        },
      }),
      { inspect, input: { key: this.address } },
    ).start();
    this.pay = createActor(
      invoicePayMachine.provide({
        actors: { startPayment: fromPromise(({ input }) => this.starts.call(input.number)) },
        actions: { goToPayment: (_, params) => this.sentTo.push(params.url) },
      }),
      { inspect },
    ).start();
  }

  private shown() {
    const answer = selectInvoices(this.list.getSnapshot());
    if (!answer) throw new Error('No invoices are shown.');
    return answer;
  }

  private pressPayNow() {
    const [first] = this.shown().invoices;
    if (!first?.can_pay) throw new Error('No invoice shown offers Pay now.');
    this.paying = first.number;
    this.refusal = null;
    this.pay.send({ type: 'invoice.pay', number: first.number });
  }

  private async answerPayment(how: 'page' | 'refusal' | 'failure') {
    const call = this.starts.calls.at(-1);
    if (!call) throw new Error('Pay now asked nothing.');
    if (how === 'page') call.answer({ url: STRIPE_PAGE });
    if (how === 'refusal') {
      this.refusal = REFUSAL;
      call.fail(new Error(REFUSAL));
    }
    if (how === 'failure') {
      this.refusal = PAY_FALLBACK;
      call.fail(new TypeError(''));
    }
    await settle();
  }

  params(): ModelParams<typeof billingModel> {
    return {
      states: {
        listLoading: () => {
          expectSame('the list loading', selectInvoicesLoading(this.list.getSnapshot()), true);
          expectSame('the page asked', this.loads.asked().at(-1), [this.address]);
        },
        listShown: () => {
          const answer = this.shown();
          const expected = pageOf(this.address);
          expectSame(
            'the invoices listed',
            answer.invoices.map((i) => i.number),
            expected.invoices.map((i) => i.number),
          );
          expectSame('page of pages', [answer.page, answer.pages], [this.address.page, 3]);
          expectSame('Pay now starting', selectPaying(this.pay.getSnapshot()), null);
        },
        listFailed: () => {
          const s = this.list.getSnapshot();
          expectSame('the list loading', selectInvoicesLoading(s), false);
          expectSame('the list error', selectInvoicesError(s), LIST_FAILURE);
        },
        paying: () => {
          expectSame('Pay now starting', selectPaying(this.pay.getSnapshot()), this.paying);
          expectSame('payments asked', this.starts.asked().at(-1), [this.paying]);
          expectSame('one request however often pressed', this.starts.calls.length, this.payPresses);
        },
        payRefused: () => {
          const s = this.pay.getSnapshot();
          expectSame('Pay now starting', selectPaying(s), null);
          expectSame('the refusal', selectPayError(s), { number: this.paying, message: this.refusal });
          expectSame('sent to Stripe', this.sentTo, []);
        },
        redirected: () => {
          expectSame('sent to Stripe', this.sentTo, [STRIPE_PAGE]);
          expectSame('Pay now busy', selectPaying(this.pay.getSnapshot()), this.paying);
        },
      },
      events: {
        'server.answersInvoices': async () => {
          this.loads.calls.at(-1)?.answer(pageOf(this.address));
          await settle();
        },
        'server.failsList': async () => {
          this.loads.calls.at(-1)?.fail(new Error(LIST_FAILURE));
          await settle();
        },
        'user.retries': () => {
          this.list.send({ type: 'invoices.retry' });
        },
        'user.opensNextPage': () => {
          this.address = { status: null, page: (this.address.page % 3) + 1 };
          this.list.send({ type: 'invoices.show', key: this.address });
        },
        'user.paysNow': () => {
          this.payPresses += 1;
          this.pressPayNow();
        },
        'user.paysAgain': () => {
          this.pay.send({ type: 'invoice.pay', number: this.paying ?? '' });
        },
        'server.answersPage': () => this.answerPayment('page'),
        'server.refusesPayment': () => this.answerPayment('refusal'),
        'server.failsPayment': () => this.answerPayment('failure'),
      },
    };
  }
}
