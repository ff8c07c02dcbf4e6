import { fromPromise } from 'xstate';
import type { CompaniesQuery } from '../../../contract/adminCompanies';
import { companyPageMachine } from '../../../machines/admin/companyPage.machine';
import { createRequestMachine } from '../../../machines/request/request.machine';
import * as api from '../../api/admin/companies';

/** The customers list: GET /admin/companies for the search the page's address holds. */
const companiesListMachine = createRequestMachine<CompaniesQuery, api.CompaniesPage>({ id: 'companiesList' });

export const companiesListLogic = (companies = api) =>
  companiesListMachine.provide({
    actors: {
      load: fromPromise(({ input }: { input: { key: CompaniesQuery } }) =>
        companies.fetchCompanies(input.key),
      ),
    },
  });

/** One company's page with its writes. */
export const companyPageLogic = (companies = api) =>
  companyPageMachine.provide({
    actors: {
      loadCompany: fromPromise(({ input }) => companies.fetchCompany(input.coid)),
      saveTerms: fromPromise(({ input }) => companies.saveTerms(input.coid, input.draft)),
      act: fromPromise(({ input }) => companies.companyAction(input.coid, input.action)),
    },
  });
