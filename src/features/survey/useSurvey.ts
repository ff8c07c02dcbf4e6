import { useSelector } from '@xstate/react';
import { type ActorRefFrom, createActor, type SnapshotFrom } from 'xstate';
import type { SurveyDetails } from '../../../contract/platform';
import type { SurveyAnswers, SurveyMachine } from '../../../machines/survey/survey.machine';
import { config } from '../../config';
import type { AppSystem } from '../../system/app';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { surveyLogic } from '../../system/survey';

export type SurveyActor = ActorRefFrom<SurveyMachine>;
type SurveySnapshot = SnapshotFrom<SurveyMachine>;

/** What the home page shows of the survey: nothing, the questions, or the thanks. */
export type SurveyShown = 'nothing' | 'questions' | 'thanks';

/** The survey's actor, for as long as the home page is open (it asks the API each time the page opens). */
export function useSurveyActor(app: AppSystem): SurveyActor {
  return useFlowActor(() =>
    createActor(surveyLogic(app), { ...app.actorOptions, input: { productName: config.productName } }),
  );
}

const selectShown = (s: SurveySnapshot): SurveyShown =>
  s.matches('offered') ? 'questions' : s.matches('thanked') ? 'thanks' : 'nothing';
const selectDetails = (s: SurveySnapshot) => s.context.survey;
const selectAnswers = (s: SurveySnapshot) => s.context.answers;
const selectError = (s: SurveySnapshot) => s.context.error;
const selectBusy = (s: SurveySnapshot) => s.hasTag('busy');

export const useSurveyShown = (actor: SurveyActor): SurveyShown => useSelector(actor, selectShown);
export const useSurveyDetails = (actor: SurveyActor): SurveyDetails | null =>
  useSelector(actor, selectDetails);
export const useSurveyAnswers = (actor: SurveyActor): SurveyAnswers => useSelector(actor, selectAnswers);
/** Why the last save failed; the answers are all still there. */
export const useSurveyError = (actor: SurveyActor): string | null => useSelector(actor, selectError);
/** The answers (or the decline) are on their way. */
export const useSurveyBusy = (actor: SurveyActor): boolean => useSelector(actor, selectBusy);
