import { fromPromise } from 'xstate';
import { SurveyNotSaved, surveyMachine } from '../../machines/survey/survey.machine';
import { fetchSurvey, saveSurvey } from '../api/platform';
import type { AppSystem } from './app';
import { dataOf } from './results';

/** The survey's API calls: GET /surveymonkey/details, POST /surveymonkey/save. */
export interface SurveyApi {
  fetchSurvey: typeof fetchSurvey;
  saveSurvey: typeof saveSurvey;
}

export const surveyApi: SurveyApi = { fetchSurvey, saveSurvey };

/** The onboarding survey with its API calls; a failure is logged (the page may be gone by then). */
export function surveyLogic({ env }: Pick<AppSystem, 'env'>, api: SurveyApi = surveyApi) {
  return surveyMachine.provide({
    actors: {
      loadSurvey: fromPromise(async () => dataOf(await api.fetchSurvey(), 'The survey could not be loaded.')),
      saveSurvey: fromPromise(async ({ input }) => {
        const result = await api.saveSurvey(input);
        if (!result.ok) throw new SurveyNotSaved(result.status, result.message);
      }),
    },
    actions: {
      logError: (_, { message, error }) => env.log.warn(`${message}:`, error),
    },
  });
}
