import type { UiStats } from '../../contract/ui';
import { call } from './client';

/** GET /ui/stats → data.total_companies. */
export async function fetchTotalCompanies(): Promise<number> {
  const answer = await call<UiStats>('/ui/stats');
  if (!answer.success || !answer.data) throw new Error('Error fetching total companies');
  return answer.data.total_companies;
}
