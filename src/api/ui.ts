import type { CompanyFacts, UiStats } from '../../contract/ui';
import { call } from './client';
import { type Result, toResult } from './result';

/** GET /ui/stats (data.total_companies). */
export const fetchUiStats = async (): Promise<Result<UiStats>> => toResult(await call<UiStats>('/ui/stats'));

/** GET /ui/company: who runs the product (for the footer). */
export const fetchCompanyFacts = async (): Promise<Result<CompanyFacts>> =>
  toResult(await call<CompanyFacts>('/ui/company'));
