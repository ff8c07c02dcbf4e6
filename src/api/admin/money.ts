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

/**
 * A server fault says nothing of whether the write happened (it may have failed after the commit), so it
 * is thrown like a lost connection: the dialog then says the outcome is unknown, not that it was refused.
 */
function unknownIfFault<T extends { status: number; message: string }>(answer: T): T {
  if (answer.status >= 500) throw new Error(answer.message);
  return answer;
}

/** POST /admin/payments: recorded, or refused with sentences by field. Throws when unreachable or on a 5xx. */
export async function recordPayment(body: PaymentBody): Promise<PaymentAnswer> {
  const result = toResult(
    unknownIfFault(await adminEnvelope<RecordedPayment>('/payments', { method: 'post', body })),
  );
  return result.ok
    ? { kind: 'recorded', recorded: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}

/** POST /admin/credits or /admin/credits/{id}/apply. Throws when unreachable or on a 5xx. */
export async function sendCredit(request: CreditRequest): Promise<CreditOutcome> {
  const answer =
    request.kind === 'issue'
      ? await adminEnvelope<CreditAnswer>('/credits', { method: 'post', body: request.body })
      : await adminEnvelope<CreditAnswer>(`/credits/${request.creditId}/apply`, {
          method: 'post',
          body: request.body,
        });
  const result = toResult(unknownIfFault(answer));
  return result.ok
    ? { kind: 'done', answer: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}
