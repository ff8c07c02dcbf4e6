import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../contract/billing';
import { type ReceiptFacts, receiptPdf } from '../../server/billing/receiptPdf';
import { BILL_TO, ISSUER } from '../support/invoiceFixtures';
import { NOTHING_PAID } from '../support/invoicePayments';
import { pdfText } from '../support/pdfText';

const INVOICE: Invoice = {
  number: 'INV-27-000042',
  status: 'open',
  issued_at: '2027-01-11T09:00:00.000Z',
  due_at: '2027-02-10T09:00:00.000Z',
  orders: ['AD-27-000001', 'AD-27-000002'],
  bill_to: { ...BILL_TO, po_number: undefined },
  lines: [1, 2].map((n) => ({
    order_number: `AD-27-00000${n}`,
    title: `Chicago Magazine, full page ${n}`,
    market: 'Chicago, IL',
    runs: [{ label: 'March 2027 issue', amount: 620, amount_formatted: '$620.00' }],
    bought_routes: [],
    subtotal: 620,
    discount: 0,
    amount: 620,
    amount_formatted: '$620.00',
  })),
  credits: [],
  total: 1240,
  total_formatted: '$1,240.00',
  balance: 0,
  balance_formatted: '$0.00',
  payment: NOTHING_PAID,
  can_pay: false,
};

const FACTS: ReceiptFacts = {
  paid_at: '2027-01-12T15:30:00.000Z',
  paid_formatted: '$1,240.00',
  card: 'Visa •••• 4242',
  refunds: [{ order_number: 'AD-27-000002', at: '2027-01-20T10:00:00.000Z', amount_formatted: '$620.00' }],
};

describe('the receipt PDF', () => {
  it('names the issuer, the invoice, the day and amount paid, the card and the refunds since', async () => {
    const [text = '', ...rest] = await pdfText(await receiptPdf(INVOICE, FACTS, ISSUER, 'Adlane'));
    expect(rest).toEqual([]);
    for (const expected of [
      'Lumen Ad Technologies, Inc.',
      'Chicago, IL 60606',
      'RECEIPT',
      'For invoice INV-27-000042',
      'Paid Jan 12, 2027',
      'Zoë Ünal',
      'Reyes Bakery',
      'Adlane · page 1 of 1',
    ])
      expect(text).toContain(expected);
    // Each amount on the line of what it is for.
    for (const row of [
      'AD-27-000001, Chicago Magazine, full page 1, Chicago, IL $620.00',
      'Paid by Visa •••• 4242 $1,240.00',
      'Refunded for order AD-27-000002 on Jan 20, 2027 -$620.00',
    ])
      expect(text.split('\n')).toContain(row);
  });

  it('says "card" when Stripe did not say which, and is the same file for the same payment', async () => {
    const facts = { ...FACTS, card: null, refunds: [] };
    const first = await receiptPdf(INVOICE, facts, ISSUER, 'Adlane');
    const [text = ''] = await pdfText(first);
    expect(text.split('\n')).toContain('Paid by card $1,240.00');
    expect(text).not.toContain('Refunded');
    expect(Buffer.from(await receiptPdf(INVOICE, facts, ISSUER, 'Adlane')).equals(Buffer.from(first))).toBe(
      true,
    );
    const doc = await PDFDocument.load(first);
    expect(doc.getTitle()).toBe('Receipt for INV-27-000042');
    expect(doc.getCreationDate()).toEqual(new Date('2027-01-12T15:30:00.000Z'));
  });
});
