import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { InvoiceStatus } from '../../contract/billing';
import { invoicePayMachine } from '../../machines/billing/invoicePay.machine';
import { invoicePdfMachine } from '../../machines/billing/invoicePdf.machine';
import {
  type InvoicesKey,
  type InvoicesListAnswer,
  invoicesMachine,
} from '../../machines/billing/invoices.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const answer = (outstanding: number, page = 1): InvoicesListAnswer => ({
  invoices: [],
  outstanding,
  outstanding_formatted: `$${outstanding}.00`,
  overdue: 0,
  overdue_formatted: '$0.00',
  page,
  pages: 3,
  total: 45,
});

const keyOf = (status: InvoiceStatus | null, page = 1): InvoicesKey => ({ status, page });

function billingPage(status: InvoiceStatus | null = null) {
  const loads = heldCalls<[InvoicesKey], InvoicesListAnswer>();
  const downloads = heldCalls<[string], void>();
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(({ input }) => loads.call(input)),
        downloadPdf: fromPromise(({ input }) => downloads.call(input.number)),
      },
    }),
    { input: { key: keyOf(status) } },
  ).start();
  return { actor, loads, downloads, context: () => actor.getSnapshot().context };
}

describe('the Billing page’s invoices', () => {
  it('loads the address’s filter; a newer filter’s answer wins over an older one', async () => {
    const b = billingPage('open');
    expect(b.loads.asked()).toEqual([[keyOf('open')]]);
    b.actor.send({ type: 'invoices.show', key: keyOf('overdue') });
    b.actor.send({ type: 'invoices.show', key: keyOf('overdue') });
    expect(b.loads.asked()).toEqual([[keyOf('open')], [keyOf('overdue')]]);
    b.loads.nth(1).answer(answer(2));
    b.loads.nth(0).answer(answer(1));
    await flush();
    expect(b.context().answer?.outstanding).toBe(2);
  });

  it('loads the page of the address; another page of the same filter is a new load, the same page is not', async () => {
    const b = billingPage('overdue');
    b.loads.nth(0).answer(answer(5));
    await flush();
    b.actor.send({ type: 'invoices.show', key: keyOf('overdue', 2) });
    b.actor.send({ type: 'invoices.show', key: keyOf('overdue', 2) });
    expect(b.loads.asked()).toEqual([[keyOf('overdue')], [keyOf('overdue', 2)]]);
    // The first page stays on show while the second loads.
    expect(b.context().answer?.page).toBe(1);
    b.loads.nth(1).answer(answer(5, 2));
    await flush();
    expect(b.context().answer).toMatchObject({ page: 2, pages: 3, total: 45 });
  });

  it('says why the list failed and loads it again on retry', async () => {
    const b = billingPage();
    b.loads.nth(0).fail(new Error('The invoices could not be loaded.'));
    await flush();
    expect(b.actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    b.actor.send({ type: 'invoices.retry' });
    b.loads.nth(1).answer(answer(0));
    await flush();
    expect(b.actor.getSnapshot().matches({ list: 'shown' })).toBe(true);
  });

  it('downloads one PDF at a time beside the list, and names the invoice a download failed for', async () => {
    const b = billingPage();
    b.actor.send({ type: 'invoices.download', number: 'INV-27-000001' });
    b.actor.send({ type: 'invoices.download', number: 'INV-27-000002' });
    expect(b.downloads.asked()).toEqual([['INV-27-000001']]);
    expect(b.context().downloading).toBe('INV-27-000001');
    b.downloads.nth(0).fail(new Error('Only the owner or an admin of your company can see billing.'));
    await flush();
    expect(b.context().downloading).toBeNull();
    expect(b.context().downloadError).toEqual({
      number: 'INV-27-000001',
      message: 'Only the owner or an admin of your company can see billing.',
    });
  });
});

describe('an invoice’s PDF', () => {
  it('downloads on request and keeps a failure’s sentence until the next try', async () => {
    const downloads = heldCalls<[string], void>();
    const actor = createActor(
      invoicePdfMachine.provide({
        actors: { downloadPdf: fromPromise(({ input }) => downloads.call(input.number)) },
      }),
      { input: { number: 'INV-27-000009' } },
    ).start();
    actor.send({ type: 'invoice.download' });
    downloads.nth(0).fail(new Error('Check your connection.'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Check your connection.');
    actor.send({ type: 'invoice.download' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(downloads.asked()).toEqual([['INV-27-000009'], ['INV-27-000009']]);
  });
});

describe('Pay now', () => {
  function payer() {
    const starts = heldCalls<[string], { url: string }>();
    const sentTo: string[] = [];
    const actor = createActor(
      invoicePayMachine.provide({
        actors: { startPayment: fromPromise(({ input }) => starts.call(input.number)) },
        actions: { goToPayment: (_, params) => sentTo.push(params.url) },
      }),
    ).start();
    return { actor, starts, sentTo };
  }

  it('asks for Stripe’s page once, however often it is pressed, and sends the browser there', async () => {
    const p = payer();
    p.actor.send({ type: 'invoice.pay', number: 'INV-27-000001' });
    p.actor.send({ type: 'invoice.pay', number: 'INV-27-000002' });
    expect(p.starts.asked()).toEqual([['INV-27-000001']]);
    expect(p.actor.getSnapshot().hasTag('busy')).toBe(true);
    p.starts.nth(0).answer({ url: 'https://checkout.stripe.test/c/pay/cs_1' });
    await flush();
    expect(p.sentTo).toEqual(['https://checkout.stripe.test/c/pay/cs_1']);
    expect(p.actor.getSnapshot().value).toBe('redirecting');
    p.actor.send({ type: 'invoice.pay', number: 'INV-27-000001' });
    expect(p.starts.asked()).toHaveLength(1);
  });

  it('says a refusal beside the invoice it was for, and tries again on the next press', async () => {
    const p = payer();
    p.actor.send({ type: 'invoice.pay', number: 'INV-27-000003' });
    p.starts.nth(0).fail(new Error('Invoice INV-27-000003 is already paid.'));
    await flush();
    expect(p.sentTo).toEqual([]);
    expect(p.actor.getSnapshot().context.error).toEqual({
      number: 'INV-27-000003',
      message: 'Invoice INV-27-000003 is already paid.',
    });
    p.actor.send({ type: 'invoice.pay', number: 'INV-27-000004' });
    expect(p.actor.getSnapshot().context.error).toBeNull();
    expect(p.starts.asked()).toEqual([['INV-27-000003'], ['INV-27-000004']]);
  });
});
