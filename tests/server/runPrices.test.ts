import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicesAnswer } from '../../contract/billing';
import { pdfText } from '../support/pdfText';
import { DRIVERS, type Harness } from './harness';
import { customer, detailOf, onlyNumber, placeOrders, rawGet, settableClock } from './orderShop';
import { availableDates, caller, marketOfZip, placement } from './shop';

/*
 * The runs of an order add up to its total everywhere they are shown (issue 28, point 1). Chicago's
 * first magazine (Golf Digest: Chicago edition) sells a full page at $8,025 an issue: four issues are
 * $32,100 less 5% ($1,605), $30,495, which is $7,623.75 an issue. Shared in whole dollars by largest
 * remainder the runs are $7,624, $7,624, $7,624 and $7,623, never four times $7,624 (or $7,623).
 */
const DOLLARS = ['7624.00', '7624.00', '7624.00', '7623.00'];

describe.each(DRIVERS)('the prices of an order’s runs on %s', (_name, open) => {
  let h: Harness;
  let magazine: string;
  const clock = settableClock();
  const call = caller(() => h);

  beforeAll(async () => {
    h = await open({ clock: clock.now });
    magazine = (await placement(h, 'printmag', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  it('add up to the total on the order page, the invoice, its PDF and the CSV', async () => {
    const buyer = await customer(call);
    const dates = await availableDates(call, magazine, 4);
    const number = onlyNumber(
      await placeOrders(call, buyer.token, [{ mediacode: magazine, dates, quantity: 1 }]),
    );

    const order = await detailOf(call, buyer.token, number);
    expect(order.total_formatted).toBe('$30,495');
    expect(order.runs.map((run) => run.price.toFixed(2))).toEqual(DOLLARS);
    expect(order.runs.map((run) => run.price_formatted)).toEqual(['$7,624', '$7,624', '$7,624', '$7,623']);

    const invoices = await call<InvoicesAnswer>('GET', '/invoices', { token: buyer.token });
    const line = invoices.body.data.invoices[0]?.lines[0];
    expect(line?.amount_formatted).toBe('$30,495.00');
    expect(line?.runs.map((run) => run.amount_formatted)).toEqual([
      '$7,624.00',
      '$7,624.00',
      '$7,624.00',
      '$7,623.00',
    ]);

    const pdf = await rawPdf(invoices.body.data.invoices[0]?.number ?? '', buyer.token);
    for (const run of line?.runs ?? []) expect(pdf).toContain(`${run.label}: ${run.amount_formatted}`);

    const csv = await rawGet(h, '/orders.csv', buyer.token);
    const [, row = ''] = csv.text.split('\r\n');
    expect(row).toContain(`,${DOLLARS.join('; ')},30495.00,upcoming`);
  });

  async function rawPdf(invoiceNumber: string, token: string): Promise<string> {
    const answer = await h.app.request(`/api/v1/invoices/${invoiceNumber}.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    return (await pdfText(new Uint8Array(await answer.arrayBuffer()))).join('\n');
  }
});
