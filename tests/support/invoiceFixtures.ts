import type { Invoice, InvoiceIssuer } from '../../contract/billing';

/** The issuer and the customer of the PDF tests' invoices and receipts. */
export const ISSUER: InvoiceIssuer = {
  name: 'Lumen Ad Technologies, Inc.',
  address: ['233 S Wacker Dr, Suite 4400', 'Chicago, IL 60606'],
  email: 'billing@adlane.example',
  phone: '(800) 555-0142',
  payment: ['ACH: First Lakeshore Bank, routing 071000013, account 4410028871'],
};

export const BILL_TO: Invoice['bill_to'] = {
  name: 'Zoë Ünal',
  email: 'ap@bakery.example',
  phone: '(312) 555-0100',
  company: 'Reyes Bakery',
  address: '1 Main St',
  city: 'Evanston',
  state: 'IL',
  zip: '60201',
  po_number: 'PO-77',
};
