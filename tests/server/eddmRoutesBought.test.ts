import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invoice, type InvoicesAnswer, invoice as invoiceSchema } from '../../contract/billing';
import type { Cart } from '../../contract/cart';
import { PIECES_NOT_KEPT } from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { cartItems, orders } from '../../server/db/schema';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, onlyNumber, placeCart, settableClock } from './orderShop';
import { availableDates, caller, everyDoorMailing, marketOfZip, placement } from './shop';

/*
 * Issue 34, point 6: the order page, the invoice and its PDF list the carrier routes an every-door
 * mailing bought. everyDoorMailing buys 60614's first three routes, as [residential, business, total]
 * C001 [369, 18, 387], C002 [652, 41, 693], C003 [383, 41, 424] (tests/server/directMail.test.ts).
 */
const BOUGHT = [
  { routecode: '60614C001', zip: '60614', pieces: 387 },
  { routecode: '60614C002', zip: '60614', pieces: 693 },
  { routecode: '60614C003', zip: '60614', pieces: 424 },
];

describe.each(DRIVERS)('the routes an every-door order bought, on %s', (_name, open) => {
  let h: Harness;
  let drop = '';
  const clock = settableClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    const eddm = (await placement(h, 'eddm', { prodcode: await marketOfZip(h, '60614') })).mediacode;
    [drop = ''] = await availableDates(call, eddm, 1);
  });
  afterAll(() => h.close());

  const placedMailing = async () => {
    const buyer = await customer(call);
    const { cart } = await everyDoorMailing(call, drop, { token: buyer.token });
    const number = onlyNumber(await placeCart(call, buyer.token, cart));
    const list = await call<InvoicesAnswer>('GET', '/invoices', { token: buyer.token });
    const invoiceNumber = list.body.data.invoices[0]?.number ?? '';
    return { buyer, number, invoiceNumber };
  };

  const invoiceOf = async (token: string, number: string): Promise<Invoice> => {
    const answer = await call<Invoice>('GET', `/invoices/${number}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(invoiceSchema).parse(answer.body).data;
  };

  const pdfOf = async (token: string, number: string) => {
    const pdf = await h.app.request(`/api/v1/invoices/${number}.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    return (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
  };

  it('lists the routes with their pieces on the order, the invoice and its PDF', async () => {
    const { buyer, number, invoiceNumber } = await placedMailing();
    expect((await detailOf(call, buyer.token, number)).bought_routes).toEqual(BOUGHT);

    const invoice = await invoiceOf(buyer.token, invoiceNumber);
    expect(invoice.lines.map((line) => line.bought_routes)).toEqual([BOUGHT]);

    const text = await pdfOf(buyer.token, invoiceNumber);
    expect(text).toContain('Carrier routes (zip, route, pieces): 60614 C001 (387), 60614 C002 (693),');
    expect(text).toContain('60614 C003 (424)');
    expect(text).not.toContain(PIECES_NOT_KEPT);
  });

  it('lists the codes with the pieces unknown for a mailing bought before they were kept, and says so', async () => {
    const { buyer, number, invoiceNumber } = await placedMailing();
    // As an item added to a cart before issue 34 was stored: no route_pieces.
    const [item] = await h.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartUuid, (await cartOf(number)) ?? ''));
    if (item?.details?.kind !== 'eddm') throw new Error('The mailing has no routes.');
    const { route_pieces: _kept, ...before } = item.details;
    await h.database.db.update(cartItems).set({ details: before }).where(eq(cartItems.id, item.id));

    const unknown = BOUGHT.map((route) => ({ ...route, pieces: null }));
    expect((await detailOf(call, buyer.token, number)).bought_routes).toEqual(unknown);
    expect((await invoiceOf(buyer.token, invoiceNumber)).lines[0]?.bought_routes).toEqual(unknown);
    const text = await pdfOf(buyer.token, invoiceNumber);
    expect(text).toContain('Carrier routes: 60614 C001, 60614 C002, 60614 C003');
    expect(text).toContain('Pieces per route were not kept for this order');
  });

  it('lists no routes for an order of anything else', async () => {
    const buyer = await customer(call);
    const tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
    const [week = ''] = await availableDates(call, tv, 1);
    const added = await call<Cart>('POST', '/checkout/item/create', {
      token: buyer.token,
      body: { mediacode: tv, dates: [week], quantity: 5 },
    });
    const number = onlyNumber(await placeCart(call, buyer.token, added.body.data));
    expect((await detailOf(call, buyer.token, number)).bought_routes).toEqual([]);
  });

  /** The cart an order was placed from. */
  async function cartOf(number: string): Promise<string | undefined> {
    const [row] = await h.database.db
      .select({ cart: cartItems.cartUuid })
      .from(orders)
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .where(eq(orders.number, number));
    return row?.cart;
  }
});
