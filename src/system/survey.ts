import { fromPromise } from 'xstate';
import { SurveyNotSaved, surveyMachine } from '../../machines/survey/survey.machine';
import { fetchSurvey, saveSurvey } from '../api/platform';
import type { AppSystem } from './app';

/** The onboarding survey with its API calls (GET /surveymonkey/details, POST /surveymonkey/save). */
export function surveyLogic({ env }: AppSystem) {
  return surveyMachine.provide({
    actors: {
      loadSurvey: fromPromise(async () => {
        const result = await fetchSurvey();
        if (!result.ok) throw new Error(result.message || 'The survey could not be loaded.');
        return result.data;
      }),
      saveSurvey: fromPromise(async ({ input }) => {
        const result = await saveSurvey(input);
        if (!result.ok) throw new SurveyNotSaved(result.status, result.message);
      }),
    },
    actions: {
      logError: (_, { message, error }) => env.log.warn(`${message}:`, error),
    },
  });
}
