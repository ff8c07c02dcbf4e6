import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { InvoiceStatus, InvoicesAnswer } from '../../contract/billing';
import { invoicePdfMachine } from '../../machines/billing/invoicePdf.machine';
import { invoicesMachine } from '../../machines/billing/invoices.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const answer = (outstanding: number): InvoicesAnswer => ({
  invoices: [],
  outstanding,
  outstanding_formatted: `$${outstanding}.00`,
  overdue: 0,
  overdue_formatted: '$0.00',
});

function billingPage(status: InvoiceStatus | null = null) {
  const loads = heldCalls<[InvoiceStatus | null], InvoicesAnswer>();
  const downloads = heldCalls<[string], void>();
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        loadInvoices: fromPromise(({ input }) => loads.call(input.status)),
        downloadPdf: fromPromise(({ input }) => downloads.call(input.number)),
      },
    }),
    { input: { status } },
  ).start();
  return { actor, loads, downloads, context: () => actor.getSnapshot().context };
}

describe('the Billing page’s invoices', () => {
  it('loads the address’s filter; a newer filter’s answer wins over an older one', async () => {
    const b = billingPage('open');
    expect(b.loads.asked()).toEqual([['open']]);
    b.actor.send({ type: 'invoices.show', status: 'overdue' });
    b.actor.send({ type: 'invoices.show', status: 'overdue' });
    expect(b.loads.asked()).toEqual([['open'], ['overdue']]);
    b.loads.nth(1).answer(answer(2));
    b.loads.nth(0).answer(answer(1));
    await flush();
    expect(b.context().answer?.outstanding).toBe(2);
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
