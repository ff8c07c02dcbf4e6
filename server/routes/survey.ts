import { Hono } from 'hono';
import { type SurveyDetails, type SurveySaved, surveySaveBody } from '../../contract/platform';
import { type SurveyRow, saveSurveyAnswer, surveyAnswerOf } from '../data/platform';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { limitBody } from '../http/bodyLimits';
import { fail, ok } from '../http/envelope';
import { assertStorableText } from '../http/validate';
import { formBody } from '../http/validators';
import { checkAnswers, OFFER_DAYS, SURVEY_ID, SURVEY_QUESTIONS, SURVEY_TITLE } from '../platform/survey';
import { DAY_MS } from '../time';

const savedView = (row: SurveyRow): SurveySaved => ({
  survey_id: row.surveyId,
  declined: row.declined,
  answers: row.answers,
  created_at: row.createdAt.toISOString(),
});

const alreadyDone = (row: SurveyRow) =>
  row.declined ? 'You already declined this survey.' : 'You already answered this survey. Thank you!';

/** GET /surveymonkey/details and POST /surveymonkey/save (bearer): the onboarding survey, once. */
export const surveyRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/details', async (c) => {
    const { account } = signedInUser(c);
    const row = await surveyAnswerOf(c.var.db, account.id);
    const age = c.var.clock().getTime() - account.createdAt.getTime();
    const answer: SurveyDetails = {
      survey_id: SURVEY_ID,
      title: SURVEY_TITLE,
      questions: [...SURVEY_QUESTIONS],
      done: row !== null,
      offer_days: OFFER_DAYS,
      account_age_days: Math.max(0, Math.floor(age / DAY_MS)),
    };
    return ok(c, answer);
  })
  .post(
    '/save',
    limitBody(16 * 1024, 'Those answers are too large.'),
    formBody(surveySaveBody),
    async (c) => {
      const body = c.req.valid('form');
      const { account } = signedInUser(c);
      const existing = await surveyAnswerOf(c.var.db, account.id);
      if (existing) return fail(c, 409, alreadyDone(existing));
      const checked = checkAnswers(body);
      if (!checked.ok) throw new InvalidFields(checked.errors, 'Please check your answers.');
      assertStorableText(checked.answers);
      const row = await saveSurveyAnswer(
        c.var.db,
        { userId: account.id, surveyId: SURVEY_ID, declined: body.declined, answers: checked.answers },
        c.var.clock(),
      );
      if (!row) {
        const stored = await surveyAnswerOf(c.var.db, account.id);
        return fail(c, 409, stored ? alreadyDone(stored) : 'You already answered this survey.');
      }
      return ok(c, savedView(row), {}, body.declined ? 'No problem, we will not ask again.' : 'Thank you!');
    },
  );
