import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SurveyDetails, SurveySaveBody } from '../../contract/platform';
import type { Quote } from '../../contract/quote';
import type { Result } from '../../src/api/result';
import { stopWhenSettled } from '../../src/system/hooks/useFlowActor';
import { quoteLogic } from '../../src/system/quote';
import { type SurveyApi, surveyLogic } from '../../src/system/survey';
import { fakeApp, flush } from './fakeApp';
import { deferred } from './flowHarness';

const quote: Quote = {
  mediacode: 'PM501-01',
  dates: ['2027/03'],
  quantity: 1,
  unit_price: 1200,
  unit_label: 'per issue',
  lines: [{ label: 'Full page', amount: 1200 }],
  subtotal: 1200,
  discount: 0,
  total: 1200,
  total_formatted: '$1,200',
  start: null,
  end: null,
  materials_due: null,
};

const survey: SurveyDetails = {
  survey_id: 'onboarding-2027',
  title: 'Tell us about your business',
  questions: [
    {
      id: 'goal',
      text: 'What do you want most?',
      kind: 'single',
      options: [
        { value: 'awareness', label: 'Awareness' },
        { value: 'leads', label: 'Leads' },
      ],
    },
  ],
  done: false,
  offer_days: 30,
  account_age_days: 2,
};

describe('the placement quote as the app provides it (src/system/quote.ts)', () => {
  it('asks the API through its seam, and a panel closing mid-request stops it at once (a price commits nothing)', async () => {
    const harness = fakeApp();
    const asked: string[] = [];
    const answers = [deferred<Quote>(), deferred<Quote>()];
    const quoteActor = createActor(
      quoteLogic({
        fetchQuote: (mediacode, dates, quantity) => {
          asked.push(`${mediacode} ${dates.join(',')} x${quantity}`);
          return (answers[asked.length - 1] ?? deferred<Quote>()).promise;
        },
      }),
      {
        ...harness.app.actorOptions,
        input: { mediacode: 'PM501-01', needsDates: true, maxDates: 3, quantity: 1 },
      },
    ).start();
    quoteActor.send({ type: 'quote.dateToggled', date: '2027/03' });
    harness.clock.increment(250);
    answers[0]?.resolve(quote);
    await flush();
    expect(quoteActor.getSnapshot().context.quote).toBe(quote);
    quoteActor.send({ type: 'quote.dateToggled', date: '2027/04' });
    harness.clock.increment(250);
    await flush();
    expect(asked).toEqual(['PM501-01 2027/03 x1', 'PM501-01 2027/03,2027/04 x1']);
    stopWhenSettled(quoteActor);
    expect(quoteActor.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });
});

describe('the onboarding survey as the app provides it (src/system/survey.ts)', () => {
  function openSurvey(
    harness: ReturnType<typeof fakeApp>,
    save: (body: SurveySaveBody) => Promise<Result<unknown>>,
  ) {
    const api: SurveyApi = {
      fetchSurvey: async () => ({ ok: true, data: survey, message: 'The survey.' }),
      saveSurvey: save,
    };
    return createActor(surveyLogic(harness.app, api), {
      ...harness.app.actorOptions,
      input: { productName: 'Adlane' },
    }).start();
  }

  it('sends the answers through its seam', async () => {
    const harness = fakeApp();
    const saved: SurveySaveBody[] = [];
    const actor = openSurvey(harness, async (body) => {
      saved.push(body);
      return { ok: true, data: null, message: 'Saved.' };
    });
    await flush();
    actor.send({ type: 'survey.optionChosen', questionId: 'goal', value: 'leads' });
    actor.send({ type: 'survey.submit' });
    await flush();
    expect(saved).toEqual([{ survey_id: 'onboarding-2027', declined: false, answers: { goal: 'leads' } }]);
    expect(actor.getSnapshot().value).toBe('thanked');
    harness.app.stop();
  });

  it('the home page closing while the answers are on their way: their answer is still taken (a failure is logged), then it stops', async () => {
    const harness = fakeApp();
    const save = deferred<Result<unknown>>();
    const actor = openSurvey(harness, () => save.promise);
    await flush();
    actor.send({ type: 'survey.optionChosen', questionId: 'goal', value: 'leads' });
    actor.send({ type: 'survey.submit' });
    stopWhenSettled(actor);
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
    save.resolve({ ok: false, status: 503, message: 'Adlane is having trouble right now.', fieldErrors: {} });
    await flush();
    expect(harness.record.filter((line) => line.startsWith('warn'))).toEqual([
      'warn The survey could not be saved: SurveyNotSaved: Adlane is having trouble right now.',
    ]);
    expect(actor.getSnapshot().status).toBe('stopped');
    harness.app.stop();
  });

  it('the home page closing while the answers get no answer: it stops once the 30 s for them are up, and says so in the log', async () => {
    const harness = fakeApp();
    const actor = openSurvey(harness, () => new Promise(() => {}));
    await flush();
    actor.send({ type: 'survey.submit' });
    stopWhenSettled(actor);
    harness.clock.increment(29_999);
    expect(actor.getSnapshot().status).toBe('active');
    harness.clock.increment(1);
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(harness.record.filter((line) => line.startsWith('warn'))).toEqual([
      'warn The survey could not be saved: no answer in time',
    ]);
    harness.app.stop();
  });
});
