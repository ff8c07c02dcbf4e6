import { fromPromise } from 'xstate';
import type { CompaniesQuery, CompanyDetail, CompanyPatch } from '../../../contract/adminCompanies';
import {
  type CompanyAction,
  type CompanyWritten,
  companyPageMachine,
  type TermsDraft,
  TermsRefused,
} from '../../../machines/admin/companyPage.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/companies';
import type { Result } from '../../api/result';
import { orApiSentence } from '../results';

/** The typed terms as the API takes them: dollars, or null for no limit; a rep's id, or null. */
function patchOf(draft: TermsDraft): CompanyPatch {
  const limit = draft.credit_limit.replace(/[$,\s]/g, '');
  return {
    payment_terms: draft.payment_terms,
    credit_limit: limit === '' ? null : Number(limit),
    rep: draft.rep || null,
  };
}

/** The answer of a write: the company after it and the server's sentence, or its refusal as TermsRefused. */
function writtenOf(result: Result<CompanyDetail>, fallback: string): CompanyWritten {
  if (result.ok) return { company: result.data, message: result.message };
  throw new TermsRefused(result.message || fallback, result.fieldErrors);
}

/** PATCH /admin/companies/{coid}: the terms, the credit limit and the rep. */
async function saveTerms(coid: string, draft: TermsDraft): Promise<CompanyWritten> {
  const limit = draft.credit_limit.replace(/[$,\s]/g, '');
  if (limit !== '' && !Number.isFinite(Number(limit)))
    throw new TermsRefused('Check the credit limit.', {
      credit_limit: 'The credit limit is an amount in dollars, like 5000, or empty for none.',
    });
  return writtenOf(
    await api.patchCompany(coid, patchOf(draft)),
    'The terms could not be saved. Please try again.',
  );
}

/** Resends an invitation, disables or enables a person. */
async function companyAction(coid: string, action: CompanyAction | null): Promise<CompanyWritten> {
  if (!action) throw new Error('There is nothing to do.');
  const result =
    action.kind === 'resend'
      ? await api.resendInvitation(coid, action.invitation)
      : await api.setPersonDisabled(coid, action.person, action.kind === 'disable');
  return writtenOf(result, 'That could not be done. Please try again.');
}

/** The customers' calls as the machines take them: the data, or why not. */
export const companyCalls = {
  fetchCompanies: orApiSentence(api.fetchCompanies, 'The customers could not be loaded. Please try again.'),
  fetchCompany: orApiSentence(api.fetchCompany, 'The company could not be loaded. Please try again.'),
  saveTerms,
  companyAction,
};

/** The customers list: GET /admin/companies for the search the page's address holds. */
const companiesListMachine = createRequestMachine<CompaniesQuery, api.CompaniesPage>({ id: 'companiesList' });

export const companiesListLogic = (companies = companyCalls) =>
  companiesListMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: CompaniesQuery } }) =>
        companies.fetchCompanies(input.key),
      ),
    },
  });

/** One company's page with its writes. */
export const companyPageLogic = (companies = companyCalls) =>
  companyPageMachine.provide({
    actors: {
      loadCompany: fromPromise(({ input }) => companies.fetchCompany(input.coid)),
      saveTerms: fromPromise(({ input }) => companies.saveTerms(input.coid, input.draft)),
      act: fromPromise(({ input }) => companies.companyAction(input.coid, input.action)),
    },
  });
