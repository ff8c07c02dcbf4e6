import { fromPromise } from 'xstate';
import type { MoneyActivity, MoneyCompany, PaymentBody } from '../../../contract/adminMoney';
import {
  type CreditOutcome,
  type CreditRequest,
  creditMachine,
} from '../../../machines/admin/credit.machine';
import { type PaymentAnswer, recordPaymentMachine } from '../../../machines/admin/recordPayment.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/money';
import type { Result } from '../../api/result';
import { orApiSentence } from '../results';

const fetchMoneyCompany = orApiSentence(
  api.fetchMoneyCompany,
  'The company could not be loaded. Please try again.',
);
const fetchMoneyActivity = orApiSentence(
  api.fetchMoneyActivity,
  'The payments could not be loaded. Please try again.',
);

/**
 * A server fault says nothing of whether the write happened (it may have failed after the commit), so it
 * is thrown like a lost connection: the dialog then says the outcome is unknown, not that it was refused.
 */
function unknownIfFault<T>(result: Result<T>): Result<T> {
  if (!result.ok && result.status >= 500) throw new Error(result.message);
  return result;
}

/** POST /admin/payments: recorded, or refused with sentences by field. Throws when unreachable or on a 5xx. */
async function recordPayment(body: PaymentBody): Promise<PaymentAnswer> {
  const result = unknownIfFault(await api.recordPayment(body));
  return result.ok
    ? { kind: 'recorded', recorded: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}

/** POST /admin/credits or /admin/credits/{id}/apply. Throws when unreachable or on a 5xx. */
async function sendCredit(request: CreditRequest): Promise<CreditOutcome> {
  const result = unknownIfFault(
    request.kind === 'issue'
      ? await api.issueCredit(request.body)
      : await api.applyCredit(request.creditId, request.body),
  );
  return result.ok
    ? { kind: 'done', answer: result.data, message: result.message }
    : { kind: 'refused', message: result.message, errors: result.fieldErrors };
}

/** The money page's company, asked again after each write (the key's version). */
export interface MoneyKey {
  coid: string;
  version: number;
}

export interface MoneyPageData {
  company: MoneyCompany;
  activity: MoneyActivity;
}

const moneyRequest = createRequestMachine<MoneyKey, MoneyPageData>({ id: 'moneyCompany' });

export const moneyCompanyLogic = (calls = { fetchMoneyCompany, fetchMoneyActivity }) =>
  moneyRequest.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { key: MoneyKey } }) => {
        const [company, activity] = await Promise.all([
          calls.fetchMoneyCompany(input.key.coid),
          calls.fetchMoneyActivity(input.key.coid),
        ]);
        return { company, activity };
      }),
    },
  });

/** What a money dialog's page hears from its actor: the saved answer's sentence, or a lost answer. */
export interface MoneyReport {
  done(message: string | null): void;
  unknown(): void;
}

const reportActions = (report: MoneyReport) => ({
  reportDone: (_: unknown, { message }: { message: string | null }) => report.done(message),
  reportUnknown: () => report.unknown(),
});

export const recordPaymentLogic = (report: MoneyReport, calls = { recordPayment }) =>
  recordPaymentMachine.provide({
    actors: { submitPayment: fromPromise(({ input }) => calls.recordPayment(input)) },
    actions: reportActions(report),
  });

export const creditLogic = (report: MoneyReport, calls = { sendCredit }) =>
  creditMachine.provide({
    actors: { submitCredit: fromPromise(({ input }) => calls.sendCredit(input)) },
    actions: reportActions(report),
  });
