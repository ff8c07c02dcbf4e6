import type {
  ApplyCreditBody,
  CreditAnswer,
  CreditBody,
  MoneyActivity,
  MoneyCompany,
  PaymentBody,
  RecordedPayment,
} from '../../../contract/adminMoney';
import { type Result, toResult } from '../result';
import { adminEnvelope } from './client';

/** The back office's money in (issue 32): a company's open invoices and credits, payments, credits. */

/** GET /admin/money/companies/{coid}: its name, open invoices and credits. */
export const fetchMoneyCompany = async (coid: string): Promise<Result<MoneyCompany>> =>
  toResult(await adminEnvelope<MoneyCompany>(`/money/companies/${encodeURIComponent(coid)}`));

/** GET /admin/money?company=: its latest payments and credits. */
export const fetchMoneyActivity = async (coid: string): Promise<Result<MoneyActivity>> =>
  toResult(await adminEnvelope<MoneyActivity>('/money', { query: { company: coid } }));

/** POST /admin/payments: recorded, or refused with sentences by field (a 5xx says nothing either way). */
export const recordPayment = async (body: PaymentBody): Promise<Result<RecordedPayment>> =>
  toResult(await adminEnvelope<RecordedPayment>('/payments', { method: 'post', body }));

/** POST /admin/credits: a new credit. */
export const issueCredit = async (body: CreditBody): Promise<Result<CreditAnswer>> =>
  toResult(await adminEnvelope<CreditAnswer>('/credits', { method: 'post', body }));

/** POST /admin/credits/{id}/apply: an existing credit applied to an invoice. */
export const applyCredit = async (creditId: number, body: ApplyCreditBody): Promise<Result<CreditAnswer>> =>
  toResult(await adminEnvelope<CreditAnswer>(`/credits/${creditId}/apply`, { method: 'post', body }));
