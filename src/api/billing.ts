import type {
  InvoiceDetail,
  InvoicesAnswer,
  InvoicesKey,
  InvoicesListAnswer,
  SavedBillingContact,
  StandingPoAnswer,
  StandingPoBody,
} from '../../contract/billing';
import type { BillingContact } from '../../contract/cart';
import type { PaymentRedirect } from '../../contract/payments';
import { call, callFile, type FileAnswer } from './client';
import { type Result, toResult } from './result';

/** The billing API (issue 17): invoices, their PDFs, and the company's billing contact. */

/** GET /invoices (?status=&page=): a page of the company's invoices, where it sits, and what it owes. */
export async function fetchInvoices(key: InvoicesKey): Promise<Result<InvoicesListAnswer>> {
  const answer = await call<InvoicesAnswer>('/invoices', {
    auth: true,
    query: { status: key.status ?? undefined, page: key.page > 1 ? key.page : undefined },
  });
  const result = toResult(answer);
  if (!result.ok) return result;
  const { page = key.page, pages = 1, total = result.data.invoices.length } = answer.meta;
  return { ...result, data: { ...result.data, page, pages, total } };
}

/**
 * GET /invoices/{number}: the invoice, who issued it and how to pay it; with the `session_id` Stripe
 * came back with, the server first asks Stripe what became of the payment.
 */
export const fetchInvoice = async (number: string, sessionId?: string): Promise<Result<InvoiceDetail>> =>
  toResult(
    await call<InvoiceDetail>(`/invoices/${encodeURIComponent(number)}`, {
      auth: true,
      query: { session_id: sessionId },
    }),
  );

/** GET /invoices/{number}/receipt.pdf (a paid invoice's receipt), with the stored token. */
export const downloadReceiptPdf = (number: string): Promise<FileAnswer> =>
  callFile(`/invoices/${encodeURIComponent(number)}/receipt.pdf`, {}, `${number}-receipt.pdf`);

/** POST /invoices/{number}/pay: where Stripe's page for the invoice's balance is. */
export const startInvoicePayment = async (number: string): Promise<Result<PaymentRedirect>> =>
  toResult(
    await call<PaymentRedirect>(`/invoices/${encodeURIComponent(number)}/pay`, {
      method: 'post',
      auth: true,
    }),
  );

/** GET /invoices/{number}.pdf, with the stored token (a plain link could not send it). */
export const downloadInvoicePdf = (number: string): Promise<FileAnswer> =>
  callFile(`/invoices/${encodeURIComponent(number)}.pdf`, {}, `${number}.pdf`);

/** GET /billing/contact as the Billing page reads it: the saved contact (or null), or why not. */
export async function loadBillingContact(): Promise<Result<BillingContact | null>> {
  const result = toResult(await call<SavedBillingContact>('/billing/contact', { auth: true }));
  return result.ok ? { ...result, data: result.data.contact } : result;
}

/** GET /billing/po: the company's standing PO, or why it could not be read. */
export const loadStandingPo = async (): Promise<Result<StandingPoAnswer>> =>
  toResult(await call<StandingPoAnswer>('/billing/po', { auth: true }));

/** PUT /billing/po: sets the standing PO, or removes it (an empty number). */
export const saveStandingPo = async (body: StandingPoBody): Promise<Result<StandingPoAnswer>> =>
  toResult(await call<StandingPoAnswer>('/billing/po', { method: 'put', body, auth: true }));

/** PUT /billing/contact. */
export const saveBillingContact = async (contact: BillingContact): Promise<Result<SavedBillingContact>> =>
  toResult(await call<SavedBillingContact>('/billing/contact', { method: 'put', body: contact, auth: true }));
