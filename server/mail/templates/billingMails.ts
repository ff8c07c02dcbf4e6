/**
 * The e-mails about money: invoices issued and overdue, card payments received or failed. Their own
 * file so each family of templates reads on one screen.
 */

import { InvoiceIssued } from './InvoiceIssued';
import { InvoiceOverdue } from './InvoiceOverdue';
import { link, type MailTemplates } from './mailTemplate';
import { PaymentFailed } from './PaymentFailed';
import { PaymentReceipt } from './PaymentReceipt';

/** Invoice and payment e-mails. */
export const billingMails: MailTemplates<
  'invoice-overdue' | 'invoice-issued' | 'payment-receipt' | 'payment-failed'
> = {
  'invoice-overdue': {
    component: InvoiceOverdue,
    subject: (p) => `Invoice ${p.invoice} is overdue`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      due: 'March 1',
      daysPastDue: 7,
      balance: '$1,240.00',
      link: link(brand, '/billing'),
    }),
  },
  'invoice-issued': {
    component: InvoiceIssued,
    attachments: ['INV-….pdf, the invoice'],
    subject: (p) => `Invoice ${p.invoice} from ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      total: '$1,240.00',
      due: 'March 31',
      link: link(brand, '/billing'),
    }),
  },
  'payment-receipt': {
    component: PaymentReceipt,
    attachments: ['Receipt INV-….pdf, the receipt'],
    subject: (p) => `Receipt for invoice ${p.invoice}`,
    essential: true,
    preference: 'receipt_copies',
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      amount: '$1,240.00',
      card: 'Visa •••• 4242',
      at: 'March 3',
      copy: false,
    }),
  },
  'payment-failed': {
    component: PaymentFailed,
    subject: (p) => `Payment for invoice ${p.invoice} did not go through`,
    essential: true,
    sample: (brand) => ({
      brand,
      name: 'Dana Whitfield',
      invoice: 'INV-00-000045',
      amount: '$1,240.00',
      card: 'Visa •••• 0341',
      message: 'Your card was declined.',
      nextAttempt: 'March 6',
      link: link(brand, '/billing'),
    }),
  },
};
