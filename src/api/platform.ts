import type { HomeKnown, MarketPreferences, SurveyDetails, SurveySaveBody } from '../../contract/platform';
import { call } from './client';
import { type Result, toResult } from './result';

/** GET /ui/home/known (bearer): recent views and markets of the customer we know. */
export const fetchHomeKnown = async (): Promise<Result<HomeKnown>> =>
  toResult(await call<HomeKnown>('/ui/home/known', { auth: true }));

/** GET /market/preferences/{uuid} (bearer): the customer's markets, most used first. */
export const fetchMarketPreferences = async (uuid: string): Promise<Result<MarketPreferences>> =>
  toResult(await call<MarketPreferences>(`/market/preferences/${encodeURIComponent(uuid)}`, { auth: true }));

/** GET /surveymonkey/details (bearer): the onboarding survey and whether it is done. */
export const fetchSurvey = async (): Promise<Result<SurveyDetails>> =>
  toResult(await call<SurveyDetails>('/surveymonkey/details', { auth: true }));

/** POST /surveymonkey/save (bearer, JSON): the answers, or that the customer declined. */
export const saveSurvey = async (body: SurveySaveBody): Promise<Result<unknown>> =>
  toResult(await call<unknown>('/surveymonkey/save', { method: 'post', body, auth: true }));
