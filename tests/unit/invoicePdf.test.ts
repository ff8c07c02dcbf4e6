import { describe, expect, it } from 'vitest';
import type { Invoice, InvoiceIssuer } from '../../contract/billing';
import { invoicePdf, printable } from '../../server/billing/invoicePdf';
import { pdfText } from '../support/pdfText';

const ISSUER: InvoiceIssuer = {
  name: 'Adlane Media, Inc.',
  address: ['233 S Wacker Dr, Suite 4400', 'Chicago, IL 60606'],
  email: 'billing@adlane.example',
  phone: '(800) 555-0142',
  payment: ['ACH: First Lakeshore Bank, routing 071000013, account 4410028871'],
};

const line = (n: number): Invoice['lines'][number] => ({
  order_number: `AD-27-${String(n).padStart(6, '0')}`,
  title: `Chicago Magazine, full page ${n}`,
  market: 'Chicago, IL',
  runs: ['March 2027 issue', 'April 2027 issue', 'May 2027 issue'],
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
  bill_to: {
    name: 'Zoë Ünal',
    email: 'ap@bakery.example',
    phone: '(312) 555-0100',
    company: 'Reyes Bakery',
    address: '1 Main St',
    city: 'Evanston',
    state: 'IL',
    zip: '60201',
    po_number: 'PO-77',
  },
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
};

describe('the invoice PDF', () => {
  it('prints the invoice as the page shows it: number, sender, payment, bill-to, orders, runs, amounts to the cent', async () => {
    const [text = '', ...rest] = await pdfText(await invoicePdf(INVOICE, ISSUER, 'Adlane'));
    expect(rest).toEqual([]);
    for (const expected of [
      'INV-27-000042',
      'Adlane Media, Inc.',
      'ACH: First Lakeshore Bank, routing 071000013, account 4410028871',
      'Please quote INV-27-000042 with your payment.',
      'Zoë Ünal',
      'Reyes Bakery',
      'Evanston, IL 60201',
      'PO number PO-77',
      'AD-27-000001',
      'AD-27-000002',
      'March 2027 issue; April 2027 issue; May 2027 issue',
      '$1,390.50 less a volume discount of $140.00',
      'Credit for cancelled order AD-27-000002 (Jan 20, 2027)',
      '-$990.00',
      '$2,240.50',
      '$1,250.50',
      'Issued Jan 11, 2027',
      'Due Feb 10, 2027',
      'Status: Overdue',
      'Adlane · page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('turns what Helvetica cannot print into "?" instead of failing', async () => {
    expect(printable('王小明 – “ok” €')).toBe('??? – “ok” €');
    const invoice = { ...INVOICE, bill_to: { ...INVOICE.bill_to, name: '王小明' } };
    const [text] = await pdfText(await invoicePdf(invoice, ISSUER, 'Adlane'));
    expect(text).toContain('???');
  });

  it('runs over as many pages as its lines need, each numbered, with the headings again', async () => {
    const many = { ...INVOICE, lines: Array.from({ length: 60 }, (_, i) => line(i + 1)), credits: [] };
    const pages = await pdfText(await invoicePdf(many, ISSUER, 'Adlane'));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`page ${i + 1} of ${pages.length}`);
      // A page of the table repeats its headings (the last may hold only the totals).
      if (page.includes('AD-27-')) expect(page).toContain('DESCRIPTION');
    });
    expect(pages.join('\n')).toContain('AD-27-000060');
  });

  it('is the same file every time for the same invoice', async () => {
    const a = await invoicePdf(INVOICE, ISSUER, 'Adlane');
    const b = await invoicePdf(INVOICE, ISSUER, 'Adlane');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
