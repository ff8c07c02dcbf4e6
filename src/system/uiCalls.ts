import type { CompanyFacts } from '../../contract/ui';
import * as ui from '../api/ui';
import { orSentence } from './results';

/** The storefront's decoration as its routes take it: the home page's count, the footer's company. */
export const uiCalls = {
  fetchTotalCompanies: async (): Promise<number> =>
    (await orSentence(ui.fetchUiStats, 'Error fetching total companies')()).total_companies,
  /** Who runs the product, or null when the API did not say (no answer, or a hosted API without the route). */
  fetchCompanyFacts: (): Promise<CompanyFacts | null> =>
    ui.fetchCompanyFacts().then(
      (result) => (result.ok ? result.data : null),
      () => null,
    ),
};
