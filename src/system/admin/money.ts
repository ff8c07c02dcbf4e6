import { fromPromise } from 'xstate';
import type { MoneyActivity, MoneyCompany } from '../../../contract/adminMoney';
import { creditMachine } from '../../../machines/admin/credit.machine';
import { recordPaymentMachine } from '../../../machines/admin/recordPayment.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import { fetchMoneyActivity, fetchMoneyCompany, recordPayment, sendCredit } from '../../api/admin/money';

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

export const moneyCompanyLogic = (api = { fetchMoneyCompany, fetchMoneyActivity }) =>
  moneyRequest.provide({
    actors: {
      load: fromPromise(async ({ input }: { input: { key: MoneyKey } }) => {
        const [company, activity] = await Promise.all([
          api.fetchMoneyCompany(input.key.coid),
          api.fetchMoneyActivity(input.key.coid),
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

export const recordPaymentLogic = (report: MoneyReport, api = { recordPayment }) =>
  recordPaymentMachine.provide({
    actors: { submitPayment: fromPromise(({ input }) => api.recordPayment(input)) },
    actions: reportActions(report),
  });

export const creditLogic = (report: MoneyReport, api = { sendCredit }) =>
  creditMachine.provide({
    actors: { submitCredit: fromPromise(({ input }) => api.sendCredit(input)) },
    actions: reportActions(report),
  });
