import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import {
  type BookedAgain,
  ORDER_TABS,
  ORDERS_PER_PAGE,
  type OrderDetail,
  type OrderSummary,
  type OrderTab,
} from '../../contract/orders';
import {
  orderPageMachine,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectOrder,
  selectOrderActionError,
  selectOrderError,
  selectOrderPageStatus,
} from '../../machines/orders/orderPage.machine';
import {
  type OrdersListAnswer,
  type OrdersListKey,
  ordersListMachine,
  SEARCH_PAUSE_MS,
  selectOrdersAnswer,
  selectOrdersBookAgainError,
  selectOrdersBookingAgain,
  selectOrdersDraft,
  selectOrdersError,
  selectOrdersKey,
  selectOrdersLastBooked,
  selectOrdersLoading,
  selectOrdersStale,
} from '../../machines/orders/ordersList.machine';
import { heldCalls } from '../machines/heldCalls';
import { orderOf } from '../machines/ordersFixtures';
import type { ModelParams } from './modelKit';
import type { ordersModel } from './ordersModel';
import { expectSame, settle } from './worldChecks';

const LIST_FAILURE = 'We could not reach Adlane. Check your connection and try again.';
const ORDER_FAILURE = 'Adlane is not answering right now. Try again in a minute.';
const REFUSAL =
  'The ad for the January 2027 issue was due on Dec 1, 2026; the order can no longer be cancelled.';
/** What the order page says when a cancel is not answered in time (the machine's sentence). */
const NOT_ANSWERED = 'Adlane did not answer in time. Reload the page to see whether it went through.';
const BOOK_AGAIN_NOT_ANSWERED =
  'Adlane did not answer in time. Open your cart to see whether the placement is in it.';
/** How long a cancel may take before the page stops waiting (the machine's commitTimeout). */
const COMMIT_TIMEOUT_MS = 30_000;
/** Why the server would not book an order again. */
const BOOK_AGAIN_REFUSAL = 'Chicago Magazine has no open issues left to book.';
/** The cart a book-again put the placement into. */
const BOOKED: BookedAgain = {
  cart: {
    uuid: 'cart-again',
    total: 1049,
    total_formatted: '$1,049',
    status: 'open',
    contents: { items: [] },
  },
  dates: ['March 2027 issue'],
};
/** What the person types in the search box: the orders numbered AD-26-000010 to 19 (with a space). */
const SEARCH = 'AD-26-00001 ';

const numberOf = (n: number) => `AD-26-${String(n).padStart(6, '0')}`;

/** An order of the fake server: upcoming (cancellable), running, or past (to book again). */
function orderAt(n: number, status: 'upcoming' | 'running' | 'completed' | 'cancelled'): OrderDetail {
  return orderOf({
    number: numberOf(n),
    title: `Chicago Magazine, ad ${n}`,
    status,
    total: 1000 + n,
    total_formatted: `$${1000 + n}`,
    subtotal: 1000 + n,
    cancel_until: status === 'upcoming' ? { date: '2026-12-01', days_left: 8 } : null,
    can_book_again: status === 'completed' || status === 'cancelled',
  });
}

const tabOf = (order: OrderDetail): OrderTab =>
  order.status === 'upcoming' ? 'upcoming' : order.status === 'running' ? 'running' : 'past';

const summaryOf = (order: OrderDetail): OrderSummary => {
  const { number, title, market, image, mediacode, media_type, status, run, run_is_next } = order;
  const { next_ad_due, total, total_formatted, placed_at, awaiting_payment } = order;
  return {
    ...{ number, title, market, image, mediacode, media_type, status, run, run_is_next },
    ...{ next_ad_due, total, total_formatted, placed_at, awaiting_payment },
  };
};

/**
 * The company's orders as the fake API holds them (45 upcoming, 3 running, a completed one and a
 * cancelled one) and answers them: a page of a tab, searched by number or title, 20 to a page.
 */
class FakeOrdersServer {
  orders = new Map<string, OrderDetail>(
    [
      ...Array.from({ length: 45 }, (_, i) => orderAt(i + 1, 'upcoming')),
      ...Array.from({ length: 3 }, (_, i) => orderAt(i + 46, 'running')),
      orderAt(49, 'completed'),
      orderAt(50, 'cancelled'),
    ].map((o) => [o.number, o]),
  );

  private matching(key: OrdersListKey) {
    const q = key.q.toLowerCase();
    return [...this.orders.values()].filter(
      (o) =>
        tabOf(o) === key.tab && (o.number.toLowerCase().includes(q) || o.title.toLowerCase().includes(q)),
    );
  }

  page(key: OrdersListKey): OrdersListAnswer {
    const all = this.matching(key);
    const counts = { upcoming: 0, running: 0, past: 0 };
    for (const order of this.orders.values()) counts[tabOf(order)] += 1;
    return {
      orders: all.slice((key.page - 1) * ORDERS_PER_PAGE, key.page * ORDERS_PER_PAGE).map(summaryOf),
      counts,
      page: key.page,
      pages: Math.max(1, Math.ceil(all.length / ORDERS_PER_PAGE)),
      total: all.length,
    };
  }

  /** Every order this key lists goes (cancelled by colleagues, run): none are left to list. */
  removeAll(key: OrdersListKey) {
    for (const order of this.matching(key)) this.orders.delete(order.number);
  }

  order(number: string): OrderDetail {
    const found = this.orders.get(number);
    if (!found) throw new Error(`The fake server has no order ${number}`);
    return found;
  }

  change(number: string, fields: Partial<OrderDetail>) {
    const changed = { ...this.order(number), ...fields };
    this.orders.set(number, changed);
    return changed;
  }
}

/**
 * Adapter (a) of the orders model: the real orders-list and order-page machines, each created when
 * its page opens (as the routes do), with a fake API whose every request waits for the model's
 * stimulus, and a simulated clock for the search's pause and the cancel's time-out. The route's
 * address is the world's: a tab or page link writes it, a search the list writes into it.
 */
export class OrdersWorld {
  private readonly clock = new SimulatedClock();
  private readonly server = new FakeOrdersServer();
  private readonly listLoads = heldCalls<[OrdersListKey], OrdersListAnswer>();
  private readonly orderLoads = heldCalls<[string], OrderDetail>();
  private readonly cancels = heldCalls<[string], OrderDetail>();
  private readonly bookings = heldCalls<[string], BookedAgain>();
  /** The carts a book-again opened, and the order booked again with its expected failure. */
  private openedCarts: string[] = [];
  private booking = '';
  private bookAgainError: string | null = null;
  private list: Actor<typeof ordersListMachine> | null = null;
  private page: Actor<typeof orderPageMachine> | null = null;
  /** The address of the list (what the route shows), and the search box's text. */
  private address: OrdersListKey = { tab: 'upcoming', page: 1, q: '' };
  private draft = '';
  /** The list on show before the load under way (kept on a failure). */
  private shown: OrdersListAnswer | null = null;
  /** Requests of lists asked before the person typed (a typed search asks nothing until it applies). */
  private asksBeforeTyping = 0;
  private number = '';
  private announced: string[] = [];
  private actionError: string | null = null;

  constructor(private readonly inspect?: (event: InspectionEvent) => void) {
    this.openList();
  }

  private openList() {
    this.page?.stop();
    this.page = null;
    this.shown = null;
    this.list = createActor(
      ordersListMachine.provide({
        actors: {
          loadOrders: fromPromise(({ input }) => this.listLoads.call(input)),
          exportOrders: fromPromise<void, { tab: OrderTab }>(async () => {
            throw new Error('The model never exports.');
          }),
          bookAgain: fromPromise(({ input }) => this.bookings.call(input.number)),
        },
        actions: {
          openKey: (_, { key }) => {
            this.address = key;
          },
          openBookedCart: (_, { booked }) => {
            this.openedCarts.push(booked.cart.uuid);
          },
        },
      }),
      { clock: this.clock, inspect: this.inspect, input: { key: this.address, productName: 'Adlane' } },
    ).start();
  }

  private openOrder(number: string) {
    this.list?.stop();
    this.list = null;
    this.number = number;
    this.announced = [];
    this.actionError = null;
    this.page = createActor(
      orderPageMachine.provide({
        actors: {
          loadOrder: fromPromise(({ input }) => this.orderLoads.call(input.number)),
          cancelOrder: fromPromise(({ input }) => this.cancels.call(input.number)),
          bookAgain: fromPromise<BookedAgain, { number: string }>(async () => {
            throw new Error('The model never books an order again.');
          }),
        },
        actions: {
          announceCancelled: (_, { order }) => {
            this.announced.push(order.number);
          },
        },
      }),
      { clock: this.clock, inspect: this.inspect, input: { number, productName: 'Adlane' } },
    ).start();
  }

  private listSnapshot() {
    if (!this.list) throw new Error('No orders list is open.');
    return this.list.getSnapshot();
  }

  private pageSnapshot() {
    if (!this.page) throw new Error("No order's page is open.");
    return this.page.getSnapshot();
  }

  private async showAddress() {
    this.list?.send({ type: 'orders.show', key: this.address });
    await settle();
  }

  /** The last request of a kind, which must ask for `args` and still wait for its answer. */
  private pending<TArgs extends unknown[], TResult>(
    calls: ReturnType<typeof heldCalls<TArgs, TResult>>,
    args: TArgs,
  ) {
    const index = calls.calls.length - 1;
    expectSame('what the request in flight asks', calls.asked()[index], args);
    return calls.nth(index);
  }

  /** The list wrote the typed search into the address, from its first page (what a person can share). */
  private expectSearchInAddress() {
    expectSame(
      'the address after the search',
      { q: this.address.q, page: this.address.page },
      { q: SEARCH.trim(), page: 1 },
    );
  }

  params(): ModelParams<typeof ordersModel> {
    return {
      states: {
        listLoading: () => {
          const s = this.listSnapshot();
          expectSame('the list loading', selectOrdersLoading(s), true);
          expectSame('the list asked', selectOrdersKey(s), this.address);
          expectSame('the list dimmed (not the one asked)', selectOrdersStale(s), true);
          expectSame('the list error', selectOrdersError(s), null);
          expectSame('the list requested', this.listLoads.asked().at(-1), [this.address]);
        },
        listShown: () => {
          const answer = this.expectListAnswered();
          const expected = this.server.page(this.address);
          if (answer.orders.length === 0) throw new Error('Expected orders listed; the list is empty.');
          expectSame(
            'the orders listed',
            answer.orders.map((o) => o.number),
            expected.orders.map((o) => o.number),
          );
          expectSame('page of pages', [answer.page, answer.pages], [this.address.page, expected.pages]);
        },
        listEmpty: () => {
          const answer = this.expectListAnswered();
          expectSame('the orders listed', answer.orders, []);
          expectSame('the total', answer.total, 0);
        },
        listFailed: () => {
          const s = this.listSnapshot();
          expectSame('the list loading', selectOrdersLoading(s), false);
          expectSame('the list error', selectOrdersError(s), LIST_FAILURE);
          expectSame('the list asked', selectOrdersKey(s), this.address);
          if (selectOrdersAnswer(s) !== this.shown)
            throw new Error('The list shown before the failure was not kept.');
        },
        searchTyped: () => {
          const s = this.listSnapshot();
          expectSame('the search box', selectOrdersDraft(s), this.draft);
          expectSame('the list shown (not searched yet)', selectOrdersKey(s), this.address);
          expectSame('the list loading', selectOrdersLoading(s), false);
          expectSame('lists requested since typing', this.listLoads.calls.length, this.asksBeforeTyping);
        },
        orderLoading: () => {
          if (this.list) throw new Error('The orders list is still open.');
          expectSame('the order page', selectOrderPageStatus(this.pageSnapshot()), 'loading');
          expectSame('the order requested', this.orderLoads.asked().at(-1), [this.number]);
        },
        orderFailed: () => {
          const s = this.pageSnapshot();
          expectSame('the order page', selectOrderPageStatus(s), 'failed');
          expectSame('the order error', selectOrderError(s), ORDER_FAILURE);
        },
        orderShown: () => {
          const s = this.expectOrderAsTheServerHasIt();
          if (s.context.order?.cancel_until == null) throw new Error('The order shown cannot be cancelled.');
          expectSame('the cancel confirmation open', selectIsConfirmingCancel(s), false);
          expectSame('cancels asked', this.cancels.calls.length, 0);
        },
        confirmingCancel: () => {
          const s = this.expectOrderAsTheServerHasIt();
          expectSame('the cancel confirmation open', selectIsConfirmingCancel(s), true);
          expectSame('cancels asked', this.cancels.calls.length, 0);
        },
        cancelling: () => {
          const s = this.pageSnapshot();
          expectSame('the cancel on its way', [selectIsCancelling(s), s.hasTag('committing')], [true, true]);
          expectSame('the cancel confirmation open', selectIsConfirmingCancel(s), false);
          expectSame('the cancel asked', this.cancels.asked(), [[this.number]]);
        },
        orderCancelled: () => {
          const s = this.expectOrderAsTheServerHasIt();
          expectSame('the order status', selectOrder(s)?.status, 'cancelled');
          expectSame('the cancel confirmation open', selectIsConfirmingCancel(s), false);
          expectSame('the cancel announced to the app', this.announced, [this.number]);
        },
        cancelRefused: () => {
          this.expectOrderAsTheServerHasIt();
          expectSame('the cancel announced to the app', this.announced, []);
        },
        pastLoading: () => {
          const s = this.listSnapshot();
          expectSame('the list loading', selectOrdersLoading(s), true);
          expectSame('the list asked', selectOrdersKey(s), { tab: 'past', page: 1, q: '' });
          expectSame('the list requested', this.listLoads.asked().at(-1), [this.address]);
        },
        pastShown: () => {
          const answer = this.expectListAnswered();
          expectSame(
            'the past orders listed',
            answer.orders.map((o) => [o.number, o.status]),
            [
              [numberOf(49), 'completed'],
              [numberOf(50), 'cancelled'],
            ],
          );
          expectSame('book-agains asked', this.bookings.calls.length, 0);
        },
        bookingAgain: () => {
          const s = this.listSnapshot();
          this.expectListAnswered();
          expectSame(
            'the book-again on its way',
            [selectOrdersBookingAgain(s), s.hasTag('committing')],
            [this.booking, true],
          );
          expectSame('the book-again asked', this.bookings.asked().at(-1), [this.booking]);
          expectSame('the message on its row', selectOrdersBookAgainError(s), null);
          expectSame('carts opened', this.openedCarts, []);
        },
        bookedAgain: () => {
          const s = this.listSnapshot();
          expectSame('the book-again on its way', selectOrdersBookingAgain(s), null);
          expectSame('the message on its row', selectOrdersBookAgainError(s), null);
          expectSame('carts opened', this.openedCarts, [BOOKED.cart.uuid]);
        },
        bookAgainRefused: () => {
          const s = this.listSnapshot();
          this.expectListAnswered();
          expectSame('the book-again on its way', selectOrdersBookingAgain(s), null);
          expectSame(
            'the message on its row',
            [selectOrdersLastBooked(s), selectOrdersBookAgainError(s)],
            [this.booking, this.bookAgainError],
          );
          expectSame('carts opened', this.openedCarts, []);
        },
      },
      events: {
        'server.answersOrders': () => this.answerList(),
        'server.answersNone': () => {
          this.server.removeAll(this.address);
          return this.answerList();
        },
        'server.failsList': () => {
          this.pending(this.listLoads, [this.address]).fail(new Error(LIST_FAILURE));
          return settle();
        },
        'user.retries': () => {
          this.list?.send({ type: 'orders.retry' });
          this.page?.send({ type: 'order.retry' });
          return settle();
        },
        'user.opensNextPage': () => {
          this.address = { ...this.address, page: this.address.page + 1 };
          return this.showAddress();
        },
        'user.opensTab': () => {
          const tab =
            ORDER_TABS[(ORDER_TABS.indexOf(this.address.tab) + 1) % ORDER_TABS.length] ?? 'upcoming';
          this.address = { tab, page: 1, q: '' };
          this.draft = '';
          return this.showAddress();
        },
        'user.typesSearch': () => {
          this.asksBeforeTyping = this.listLoads.calls.length;
          this.draft = SEARCH;
          this.list?.send({ type: 'orders.typed', text: SEARCH });
          return settle();
        },
        'clock.almostPauses': () => {
          this.clock.increment(SEARCH_PAUSE_MS - 1);
          return settle();
        },
        // The list writes the search into the address; the route then shows that address.
        'clock.pauses': async () => {
          this.clock.increment(SEARCH_PAUSE_MS);
          this.expectSearchInAddress();
          await this.showAddress();
        },
        'user.pressesEnter': async () => {
          this.list?.send({ type: 'orders.searchNow' });
          this.expectSearchInAddress();
          await this.showAddress();
        },
        'user.opensOrder': () => {
          const first = selectOrdersAnswer(this.listSnapshot())?.orders[0];
          if (!first) throw new Error('No order is listed to open.');
          this.openOrder(first.number);
          return settle();
        },
        'server.answersOrder': () => {
          this.pending(this.orderLoads, [this.number]).answer(this.server.order(this.number));
          return settle();
        },
        'server.failsOrder': () => {
          this.pending(this.orderLoads, [this.number]).fail(new Error(ORDER_FAILURE));
          return settle();
        },
        'user.cancels': () => this.sendToPage({ type: 'order.cancel' }),
        'user.keepsOrder': () => this.sendToPage({ type: 'order.cancelDismissed' }),
        'user.confirmsCancel': () => this.sendToPage({ type: 'order.cancelConfirmed' }),
        'server.cancels': () => {
          const cancelled = this.server.change(this.number, {
            status: 'cancelled',
            cancel_until: null,
            can_book_again: true,
            cancelled: { at: '2026-11-23T10:00:00.000Z', by: null },
          });
          this.pending(this.cancels, [this.number]).answer(cancelled);
          return settle();
        },
        // Its deadline passed meanwhile: the server refuses, and the page reads the order again.
        'server.refusesCancel': async () => {
          this.server.change(this.number, { cancel_until: null });
          this.pending(this.cancels, [this.number]).fail(new Error(REFUSAL));
          this.actionError = REFUSAL;
          await settle();
          await this.answerOrderAgain();
        },
        // No answer in time: the page stops waiting, says so, and reads the order again.
        'clock.commitTimesOut': async () => {
          this.clock.increment(COMMIT_TIMEOUT_MS);
          this.actionError = NOT_ANSWERED;
          await settle();
          await this.answerOrderAgain();
        },
        'user.backToList': () => {
          this.openList();
          return settle();
        },
        'user.opensPastTab': () => {
          this.address = { tab: 'past', page: 1, q: '' };
          this.draft = '';
          return this.showAddress();
        },
        'server.answersPast': () => this.answerList(),
        // The first row the first time, the other one when trying again after a failure.
        'user.booksAgain': () => {
          const listed = selectOrdersAnswer(this.listSnapshot())?.orders ?? [];
          const row = listed.find((o) => o.number !== this.booking) ?? listed[0];
          if (!row) throw new Error('No past order is listed to book again.');
          this.booking = row.number;
          this.bookAgainError = null;
          this.list?.send({ type: 'orders.bookAgain', number: row.number });
          return settle();
        },
        'server.booksAgain': () => {
          this.pending(this.bookings, [this.booking]).answer(BOOKED);
          return settle();
        },
        'server.refusesBookAgain': () => {
          this.pending(this.bookings, [this.booking]).fail(new Error(BOOK_AGAIN_REFUSAL));
          this.bookAgainError = BOOK_AGAIN_REFUSAL;
          return settle();
        },
        'clock.bookAgainTimesOut': () => {
          this.clock.increment(COMMIT_TIMEOUT_MS);
          this.bookAgainError = BOOK_AGAIN_NOT_ANSWERED;
          return settle();
        },
      },
    };
  }

  private sendToPage(event: Parameters<Actor<typeof orderPageMachine>['send']>[0]) {
    this.page?.send(event);
    return settle();
  }

  private async answerList() {
    const answer = this.server.page(this.address);
    this.pending(this.listLoads, [this.address]).answer(answer);
    this.shown = answer;
    await settle();
  }

  private async answerOrderAgain() {
    expectSame('the order being read again', this.pageSnapshot().hasTag('pending'), true);
    this.pending(this.orderLoads, [this.number]).answer(this.server.order(this.number));
    await settle();
  }

  /** The list answered for the address, not loading, not dimmed, no error; the box shows its search. */
  private expectListAnswered() {
    const s = this.listSnapshot();
    expectSame('the list loading', selectOrdersLoading(s), false);
    expectSame('the list error', selectOrdersError(s), null);
    expectSame('the list asked', selectOrdersKey(s), this.address);
    expectSame('the list dimmed (not the one asked)', selectOrdersStale(s), false);
    expectSame('the search box', selectOrdersDraft(s), this.draft);
    const answer = selectOrdersAnswer(s);
    if (!answer) throw new Error('No list is shown.');
    return answer;
  }

  /** The order page shows the order as the server has it, nothing on its way, and the message expected. */
  private expectOrderAsTheServerHasIt() {
    const s = this.pageSnapshot();
    expectSame('the order page', selectOrderPageStatus(s), 'shown');
    expectSame('the order shown', selectOrder(s), this.server.order(this.number));
    expectSame('something on its way', s.hasTag('pending'), false);
    expectSame('the message about the cancel', selectOrderActionError(s), this.actionError);
    return s;
  }
}
