import type {
  CreditAnswer,
  MoneyActivity,
  MoneyCompany,
  PaymentBody,
  RecordedPayment,
} from '../../../contract/adminMoney';
import type { CreditOutcome, CreditRequest } from '../../../machines/admin/credit.machine';
import type { PaymentAnswer } from '../../../machines/admin/recordPayment.machine';
import { dataOf, toResult } from '../result';
import { adminEnvelope } from './client';

/** The back office's money in (issue 32): a company's open invoices and credits, payments, credits. */

/** GET /admin/money/companies/{coid}: its name, open invoices and credits. */
export async function fetchMoneyCompany(coid: string): Promise<MoneyCompany> {
  const answer = await adminEnvelope<MoneyCompany>(`/money/companies/${encodeURIComponent(coid)}`);
  return dataOf(answer, 'The company could not be loaded. Please try again.');
}

/** GET /admin/money?company=: its latest payments and credits. */
export async function fetchMoneyActivity(coid: string): Promise<MoneyActivity> {
  const answer = await adminEnvelope<MoneyActivity>('/money', { query: { company: coid } });
  return dataOf(answer, 'The payments could not be loaded. Please try again.');
}

/** POST /admin/payments: recorded, or refused with sentences by field. Throws when unreachable. */
export async function recordPayment(body: PaymentBody): Promise<PaymentAnswer> {
  const result = toResult(await adminEnvelope<RecordedPayment>('/payments', { method: 'post', body }));
  return result.ok
    ? { kind: 'recorded', recorded: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}

/** POST /admin/credits or /admin/credits/{id}/apply. Throws when unreachable. */
export async function sendCredit(request: CreditRequest): Promise<CreditOutcome> {
  const answer =
    request.kind === 'issue'
      ? await adminEnvelope<CreditAnswer>('/credits', { method: 'post', body: request.body })
      : await adminEnvelope<CreditAnswer>(`/credits/${request.creditId}/apply`, {
          method: 'post',
          body: request.body,
        });
  const result = toResult(answer);
  return result.ok
    ? { kind: 'done', answer: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}
