import type { InvoiceIssuer } from '../contract/billing';

/*
 * Who runs the product, as the settings say (COMPANY_*, INVOICE_*, PRODUCT_NAME, PUBLIC_URL): the
 * company's name and address, the invoices' sender and the mails' sender. Its own file: the server's
 * settings (config.ts) read them through these.
 */

const lines = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean)
    : fallback;

export interface CompanySettings {
  legalName: string;
  /** Address lines. */
  address: string[];
}

/** Settings that were replaced: a server started with one stops and says what to set instead. */
const REPLACED: Record<string, string> = {
  INVOICE_NAME: 'COMPANY_LEGAL_NAME',
  INVOICE_ADDRESS: 'COMPANY_ADDRESS',
};

/**
 * The company that runs the product: `COMPANY_LEGAL_NAME` and `COMPANY_ADDRESS` (lines separated by
 * `|`). One name for every place a customer reads it, so an invoice and the footer cannot disagree.
 */
export function company(env: NodeJS.ProcessEnv): CompanySettings {
  for (const [old, now] of Object.entries(REPLACED)) {
    if (env[old])
      throw new Error(
        `${old} is replaced by ${now}: one legal name and address for the invoices, e-mails, footer and legal documents. Set ${now} instead.`,
      );
  }
  const legalName = (env.COMPANY_LEGAL_NAME || 'Lumen Ad Technologies, Inc.').trim();
  if (!legalName || /[\r\n]/.test(legalName))
    throw new Error(`COMPANY_LEGAL_NAME must be one line, got "${env.COMPANY_LEGAL_NAME}".`);
  return {
    legalName,
    address: lines(env.COMPANY_ADDRESS, ['233 S Wacker Dr, Suite 4400', 'Chicago, IL 60606']),
  };
}

/**
 * The invoices' sender, the company (`COMPANY_*`), with `INVOICE_EMAIL`, `INVOICE_PHONE` and
 * `INVOICE_PAYMENT` (lines separated by `|`). The defaults are the product's placeholders of SPEC.md.
 */
export function invoiceIssuer(env: NodeJS.ProcessEnv): InvoiceIssuer {
  const { legalName, address } = company(env);
  return {
    name: legalName,
    address,
    email: env.INVOICE_EMAIL || 'billing@adlane.example',
    phone: env.INVOICE_PHONE || '(800) 555-0142',
    payment: lines(env.INVOICE_PAYMENT, [
      'ACH or wire: First Lakeshore Bank, routing 071000013, account 4410028871',
      `Check: payable to ${legalName}, at the address above`,
    ]),
  };
}

/** The sender of the mails when MAIL_FROM is not set: the product, at the public address's host. */
export function defaultSender(env: NodeJS.ProcessEnv): string {
  const product = env.PRODUCT_NAME || 'Adlane';
  let host = 'localhost';
  try {
    host = new URL(env.PUBLIC_URL || 'http://localhost').hostname;
  } catch {
    // An unreadable PUBLIC_URL fails where it is used; the sender stays readable.
  }
  return `"${product.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
}
