import { PDFDocument } from '@cantoo/pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../contract/billing';
import { invoicePdf } from '../../server/billing/invoicePdf';
import { printable } from '../../server/billing/pdfParts';
import { BILL_TO, ISSUER } from '../support/invoiceFixtures';
import { NOTHING_PAID } from '../support/invoicePayments';
import { pdfText } from '../support/pdfText';

const line = (n: number): Invoice['lines'][number] => ({
  order_number: `AD-27-${String(n).padStart(6, '0')}`,
  title: `Chicago Magazine, full page ${n}`,
  market: 'Chicago, IL',
  runs: [
    { label: 'March 2027 issue', amount: 417.5, amount_formatted: '$417.50' },
    { label: 'April 2027 issue', amount: 417, amount_formatted: '$417.00' },
    { label: 'May 2027 issue', amount: 416, amount_formatted: '$416.00' },
  ],
  bought_routes: [],
  subtotal: 1390.5,
  discount: 140,
  amount: 1250.5,
  amount_formatted: '$1,250.50',
});

const INVOICE: Invoice = {
  number: 'INV-27-000042',
  status: 'overdue',
  issued_at: '2027-01-11T09:00:00.000Z',
  due_at: '2027-02-10T09:00:00.000Z',
  orders: ['AD-27-000001', 'AD-27-000002'],
  bill_to: BILL_TO,
  lines: [line(1), { ...line(2), discount: 0, subtotal: 990, amount: 990, amount_formatted: '$990.00' }],
  credits: [
    {
      order_number: 'AD-27-000002',
      at: '2027-01-20T15:00:00.000Z',
      amount: -990,
      amount_formatted: '-$990.00',
    },
  ],
  total: 2240.5,
  total_formatted: '$2,240.50',
  balance: 1250.5,
  balance_formatted: '$1,250.50',
  payment: NOTHING_PAID,
  can_pay: false,
};

const generate = (invoice: Invoice = INVOICE) => invoicePdf(invoice, ISSUER, 'Adlane');

describe('the invoice PDF', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prints the invoice as the page shows it: number, sender, payment, bill-to, orders, runs, amounts to the cent', async () => {
    const [text = '', ...rest] = await pdfText(await generate());
    expect(rest).toEqual([]);
    for (const expected of [
      'INVOICE',
      'Invoice INV-27-000042',
      'Issued Jan 11, 2027',
      'Due Feb 10, 2027',
      'Lumen Ad Technologies, Inc.',
      'Chicago, IL 60606',
      'ACH: First Lakeshore Bank, routing 071000013, account 4410028871',
      'Please quote INV-27-000042 with your payment.',
      'Zoë Ünal',
      'Reyes Bakery',
      'Evanston, IL 60201',
      'PO number PO-77',
      'AD-27-000001',
      'AD-27-000002',
      'Volume discount -$140.00 on $1,390.50',
      'Credit for cancelled order AD-27-000002 (Jan 20, 2027)',
      '-$990.00',
      '$2,240.50',
      '$1,250.50',
      'Adlane · page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    const lines = text.split('\n');
    expect(lines).toContain('Overdue');
    // Each run on a line of its own with its share of the amount, the first after its label.
    expect(lines).toContain('Runs: March 2027 issue: $417.50');
    expect(lines).toContain('April 2027 issue: $417.00');
    expect(lines).toContain('May 2027 issue: $416.00');
    expect(lines).toContain('Total $2,240.50');
    expect(lines).toContain('Credits -$990.00');
    expect(lines).toContain('Balance due $1,250.50');
  });

  it('leaves out the PO number, the discount and the credits when there are none', async () => {
    const plain: Invoice = {
      ...INVOICE,
      status: 'open',
      bill_to: { ...INVOICE.bill_to, po_number: undefined },
      lines: [{ ...line(1), discount: 0, subtotal: 1250.5 }],
      credits: [],
      total: 1250.5,
      total_formatted: '$1,250.50',
    };
    const [text = ''] = await pdfText(await generate(plain));
    expect(text.split('\n')).toContain('Open');
    for (const absent of ['PO number', 'Volume discount', 'Credit', 'Credits']) {
      expect(text).not.toContain(absent);
    }
  });

  it('is titled by its number, by the issuer, and dated by the invoice', async () => {
    const doc = await PDFDocument.load(await generate(), { updateMetadata: false });
    expect(doc.getTitle()).toBe('INV-27-000042');
    expect(doc.getAuthor()).toBe('Lumen Ad Technologies, Inc.');
    expect(doc.getProducer()).toBe('Lumen Ad Technologies, Inc.');
    expect(doc.getCreationDate()?.toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('turns what Helvetica cannot print into "?" instead of failing', async () => {
    expect(printable('王小明 – “ok” € 😀')).toBe('??? – “ok” € ?');
    const invoice = {
      ...INVOICE,
      bill_to: { ...INVOICE.bill_to, name: '王小明', company: 'Ünal & Söhne GmbH' },
    };
    const [text = ''] = await pdfText(await generate(invoice));
    expect(text.split('\n')).toContain('???');
    expect(text).toContain('Ünal & Söhne GmbH');
  });

  it('runs over as many pages as its lines need, each numbered, with the headings again', async () => {
    const many = { ...INVOICE, lines: Array.from({ length: 60 }, (_, i) => line(i + 1)), credits: [] };
    const pages = await pdfText(await generate(many));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Adlane · page ${i + 1} of ${pages.length}`);
      // A page of the table repeats its headings (the last may hold only the totals).
      if (page.includes('AD-27-')) expect(page).toContain('Order Description Amount');
    });
    const all = pages.join('\n');
    for (let n = 1; n <= 60; n += 1) expect(all).toContain(`AD-27-${String(n).padStart(6, '0')}`);
  });

  it('lets a row taller than a page continue on the next, and cuts a word wider than its column', async () => {
    const runs = Array.from({ length: 90 }, (_, i) => ({
      label: `Week ${i + 1} of 2027`,
      amount: 10,
      amount_formatted: '$10.00',
    }));
    const iban = 'X'.repeat(200);
    const invoice = { ...INVOICE, lines: [{ ...line(1), runs, title: iban }] };
    const pages = await pdfText(await generate(invoice));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    for (const run of runs) expect(all).toContain(`${run.label}: $10.00`);
    expect(all.match(/X+/g)?.join('')).toBe(iban);
  });

  it('is the same file for the same invoice, whenever it is made', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-01T10:00:00Z'));
    const a = await generate();
    vi.setSystemTime(new Date('2031-09-17T23:59:59Z'));
    const b = await generate();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
