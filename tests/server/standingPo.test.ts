import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicesAnswer, SavedBillingContact, StandingPoAnswer } from '../../contract/billing';
import type { PlacedOrders } from '../../contract/cart';
import { keptLog } from '../support/keptLog';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, detailOf, settableClock } from './orderShop';
import { BILLING, type Call, caller, marketOfZip, placement } from './shop';

/*
 * A PO number belongs to one purchase (issue 28, point 4): the PO typed at a checkout is on that
 * checkout's orders and invoice, and never filled in at the next one. A company that wants one PO on
 * every purchase sets a standing PO on /billing (owner and admins; everyone reads it, since everyone
 * checks out), and each change is logged with who made it.
 */
describe.each(DRIVERS)('PO numbers on %s', (_name, open) => {
  let h: Harness;
  let tv: string;
  const clock = settableClock('2027-01-11T09:00:00Z');
  const call = caller(() => h);
  const { logger, lines } = keptLog();

  beforeAll(async () => {
    h = await open({ clock: clock.now, logger });
    tv = (await placement(h, 'tv', { prodcode: await marketOfZip(h, '60601') })).mediacode;
  });
  afterAll(async () => {
    await h.close();
  });

  /** A checkout of one TV week, billed with `po_number` (none when undefined). */
  async function checkOut(token: string, po_number?: string): Promise<PlacedOrders> {
    const added = await call<{ uuid: string; contents: { items: { id: number }[] } }>(
      'POST',
      '/checkout/item/create',
      { token, body: { mediacode: tv, dates: ['2027-01-25'], quantity: 5 } },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.data;
    const placed = await call<PlacedOrders>('POST', `/checkout/${cart.uuid}/place`, {
      token,
      body: {
        billing: { ...BILLING, ...(po_number ? { po_number } : {}) },
        idempotency_key: `po-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
        item_ids: cart.contents.items.map((i) => i.id),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  }

  const savedContact = async (c: Call, token: string) =>
    (await c<SavedBillingContact>('GET', '/billing/contact', { token })).body.data.contact;
  const standing = async (token: string) =>
    (await call<StandingPoAnswer>('GET', '/billing/po', { token })).body.data.standing_po;
  const setStanding = (token: string, po_number: string) =>
    call<StandingPoAnswer>('PUT', '/billing/po', { token, body: { po_number } });

  it('keeps the PO typed at a checkout on its orders and invoice, and never for the next checkout', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const buyer = await customer(call);
    const placed = await checkOut(buyer.token, 'PO-7781');
    const number = placed.orders[0]?.number ?? '';
    expect((await detailOf(call, buyer.token, number)).billing.po_number).toBe('PO-7781');
    const invoices = await call<InvoicesAnswer>('GET', '/invoices', { token: buyer.token });
    expect(invoices.body.data.invoices[0]?.bill_to.po_number).toBe('PO-7781');

    // The contact the next checkout starts from is the first one's, without its PO.
    expect(await savedContact(call, buyer.token)).toEqual(BILLING);
    // Nor does saving the contact on /billing keep one: a PO is set as a standing PO.
    const put = await call<SavedBillingContact>('PUT', '/billing/contact', {
      token: buyer.token,
      body: { ...BILLING, po_number: 'PO-7782' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.contact).toEqual(BILLING);
    expect(await savedContact(call, buyer.token)).toEqual(BILLING);
    expect(await standing(buyer.token)).toBeNull();
  });

  it('sets a standing PO for the owner and admins, read by everyone of the company, logged with who changed it', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const owner = await customer(call);
    const member = await colleagueOf(h, call, owner, 'po');
    expect(await standing(member.token)).toBeNull();

    clock.set('2027-01-11T15:30:00Z');
    const before = lines().length;
    const set = await setStanding(owner.token, '  PO-2027-14 ');
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe(
      'Every checkout now starts with PO number PO-2027-14, until it is removed on Billing.',
    );
    const expected = { po_number: 'PO-2027-14', set_by: 'Sam Shopper', set_at: '2027-01-11T15:30:00.000Z' };
    expect(set.body.data.standing_po).toEqual(expected);
    expect(await standing(member.token)).toEqual(expected);
    const logged = lines()
      .slice(before)
      .filter((line) => line.msg === 'standing PO changed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ change: 'set', companyId: expect.any(Number), by: expect.any(String) });
    expect(JSON.stringify(logged[0])).not.toContain('PO-2027-14');

    const refused = await setStanding(member.token, 'PO-1');
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Only the owner or an admin of your company can set a standing PO. Ask one of them, or type the PO number at checkout.',
    ]);
    const tooLong = await call<{ errors: Record<string, string> }>('PUT', '/billing/po', {
      token: owner.token,
      body: { po_number: 'P'.repeat(41) },
    });
    const fieldErrors = tooLong.body.data.errors;
    expect([tooLong.status, fieldErrors.po_number]).toEqual([422, 'A PO number has at most 40 characters.']);
    expect(await standing(owner.token)).toEqual(expected);

    // A body without the field (an empty request, a misspelt name) removes nothing.
    for (const body of [{}, { ponumber: 'PO-typo' }]) {
      const clumsy = await call<{ errors: Record<string, string> }>('PUT', '/billing/po', {
        token: owner.token,
        body,
      });
      expect([clumsy.status, clumsy.body.data.errors.po_number]).toEqual([
        422,
        'Send po_number: the PO number, or an empty po_number to remove the standing PO.',
      ]);
    }
    expect(await standing(owner.token)).toEqual(expected);

    const removed = await setStanding(owner.token, '');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(
      'The standing PO is removed: each checkout asks for its own PO number.',
    );
    expect(removed.body.data.standing_po).toBeNull();
    expect(await standing(member.token)).toBeNull();
    expect(
      lines()
        .filter((line) => line.msg === 'standing PO changed')
        .at(-1),
    ).toMatchObject({
      change: 'removed',
    });
  });

  it('answers 401 to a visitor', async () => {
    expect((await call('GET', '/billing/po')).status).toBe(401);
    expect((await call('PUT', '/billing/po', { body: { po_number: 'PO-1' } })).status).toBe(401);
  });
});
