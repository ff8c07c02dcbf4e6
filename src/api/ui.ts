import type { CompanyFacts, UiStats } from '../../contract/ui';
import { call } from './client';

/** GET /ui/stats → data.total_companies. */
export async function fetchTotalCompanies(): Promise<number> {
  const answer = await call<UiStats>('/ui/stats');
  if (!answer.success || !answer.data) throw new Error('Error fetching total companies');
  return answer.data.total_companies;
}

/** GET /ui/company: who runs the product (for the footer), or null when the API did not say. */
export async function fetchCompanyFacts(): Promise<CompanyFacts | null> {
  const answer = await call<CompanyFacts>('/ui/company').catch(() => null);
  return answer?.success && answer.data ? answer.data : null;
}
