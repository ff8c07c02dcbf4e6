import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../contract/cart';
import type { AbdmQuote } from '../../contract/directMail';
import { scheduledDates } from '../../server/pricing/schedule';
import { DRIVERS, type Harness } from './harness';
import { customer, onlyNumber, placeCart, settableClock } from './orderShop';
import { availableDates, caller, everyDoorMailing, marketOfZip, placement } from './shop';

/*
 * Adding a placement to a cart, placing the cart (every item quoted again), booking an order again
 * and the direct-mail campaigns read a placement's dates from the catalogue's calendar, worked out
 * once a day, like the placement routes (tests/unit/mediaRoutesCalendar.test.ts): none of them works
 * a schedule out again on the day it was worked out. The function that computes a schedule's dates
 * is spied on.
 */
vi.mock('../../server/pricing/schedule', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/pricing/schedule')>();
  return { ...actual, scheduledDates: vi.fn(actual.scheduledDates) };
});
const computed = vi.mocked(scheduledDates);

const [, open] = DRIVERS[0] ?? [];

describe('a cart’s, an order’s and a campaign’s dates', () => {
  let h: Harness;
  const clock = settableClock('2027-01-11T09:00:00');
  const call = caller(() => h);

  beforeAll(async () => {
    if (!open) throw new Error('No database to run on.');
    h = await open({ clock: clock.now });
  });
  afterAll(async () => {
    await h.close();
  });

  it('are read from the calendar the placements’ availability worked out that day', async () => {
    const chicago = await marketOfZip(h, '60614');
    const tv = (await placement(h, 'tv', { prodcode: chicago })).mediacode;
    const audience = (await placement(h, 'abdm', { prodcode: chicago })).mediacode;
    // The placements' availability works their schedules out for the day, once.
    const [week] = await availableDates(call, tv, 1);
    const [drop] = await availableDates(call, audience, 1);
    const eddm = (await placement(h, 'eddm', { prodcode: chicago })).mediacode;
    const [eddmDrop] = await availableDates(call, eddm, 1);
    const buyer = await customer(call);
    const token = buyer.token;
    computed.mockClear();
    const workedOutAgain = (step: string) => expect(computed, step).not.toHaveBeenCalled();

    const added = await call<Cart>('POST', '/checkout/item/create', {
      token,
      body: { mediacode: tv, dates: [week], quantity: 5 },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    workedOutAgain('adding a placement to the cart');

    const quoted = await call<AbdmQuote>('POST', '/abdm/campaign/quote', {
      body: { mediacode: audience, zipcodes: '60614' },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    workedOutAgain('quoting an audience mailing');
    const audienceMail = await call<Cart>('POST', '/abdm/campaign/create', {
      token,
      body: { mediacode: audience, zipcodes: '60614', date_start: drop },
    });
    expect(audienceMail.status, JSON.stringify(audienceMail.body)).toBe(200);
    workedOutAgain('adding an audience mailing');

    const everyDoor = await everyDoorMailing(call, eddmDrop ?? '', { token });
    expect(everyDoor.cart.contents.items).toHaveLength(3);
    workedOutAgain('adding an every-door mailing');

    const placed = await placeCart(call, token, everyDoor.cart);
    expect(placed.orders).toHaveLength(3);
    workedOutAgain('placing the cart');

    const tvOrder = onlyNumber({ ...placed, orders: placed.orders.filter((o) => o.item.mediacode === tv) });
    expect((await call('POST', `/orders/${tvOrder}/cancel`, { token })).status).toBe(200);
    const again = await call('POST', `/orders/${tvOrder}/again`, { token });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    workedOutAgain('booking an order again');
  });
});
