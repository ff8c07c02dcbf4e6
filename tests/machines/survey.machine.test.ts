import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SurveyDetails, SurveySaveBody } from '../../contract/platform';
import { SurveyNotSaved, surveyMachine } from '../../machines/survey/survey.machine';
import { flush } from './sessionHarness';

const details = (overrides: Partial<SurveyDetails> = {}): SurveyDetails => ({
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
    {
      id: 'channels',
      text: 'Where have you advertised?',
      kind: 'multiple',
      options: [
        { value: 'print', label: 'Print' },
        { value: 'tv', label: 'TV' },
        { value: 'mail', label: 'Direct mail' },
      ],
    },
    { id: 'notes', text: 'Anything else?', kind: 'text', options: [] },
  ],
  done: false,
  offer_days: 30,
  account_age_days: 2,
  ...overrides,
});

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

interface Fakes {
  loadSurvey?: () => Promise<SurveyDetails>;
  saveSurvey?: (body: SurveySaveBody) => Promise<void>;
}

/** The real survey machine with fake API calls, a recorder and a simulated clock. */
function start(fakes: Fakes = {}, productName = 'Adlane') {
  const calls: string[] = [];
  const saved: SurveySaveBody[] = [];
  const machine = surveyMachine.provide({
    actors: {
      loadSurvey: fromPromise(() => {
        calls.push('load');
        return (fakes.loadSurvey ?? (async () => details()))();
      }),
      saveSurvey: fromPromise(({ input }) => {
        saved.push(input);
        calls.push(input.declined ? 'save declined' : 'save answers');
        return (fakes.saveSurvey ?? (async () => {}))(input);
      }),
    },
    actions: { logError: (_, { message }) => calls.push(`log: ${message}`) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { productName } });
  actor.start();
  return {
    actor,
    clock,
    calls,
    saved,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Offered, with one answer of each kind. */
async function answered(fakes: Fakes = {}, productName?: string) {
  const survey = start(fakes, productName);
  await flush();
  survey.actor.send({ type: 'survey.optionChosen', questionId: 'goal', value: 'leads' });
  survey.actor.send({ type: 'survey.optionToggled', questionId: 'channels', value: 'print' });
  survey.actor.send({ type: 'survey.optionToggled', questionId: 'channels', value: 'mail' });
  survey.actor.send({ type: 'survey.textChanged', questionId: 'notes', text: 'Bakery, two shops' });
  return survey;
}

describe('onboarding survey: offered or not', () => {
  it('is offered to a new customer who has not answered', async () => {
    const survey = start();
    expect(survey.state()).toBe('loading');
    await flush();
    expect(survey.state()).toEqual({ offered: 'answering' });
    expect(survey.context().survey?.title).toBe('Tell us about your business');
  });

  it('is not offered when answered or declined already', async () => {
    const survey = start({ loadSurvey: async () => details({ done: true }) });
    await flush();
    expect(survey.state()).toBe('notOffered');
    expect(survey.actor.getSnapshot().status).toBe('done');
  });

  it('is not offered to an account older than the offer (the last day still is)', async () => {
    const old = start({ loadSurvey: async () => details({ account_age_days: 31 }) });
    const lastDay = start({ loadSurvey: async () => details({ account_age_days: 30 }) });
    await flush();
    expect(old.state()).toBe('notOffered');
    expect(lastDay.state()).toEqual({ offered: 'answering' });
  });

  it('is not offered when it cannot be loaded, and the failure is logged', async () => {
    const survey = start({ loadSurvey: async () => Promise.reject(new Error('Unauthenticated.')) });
    await flush();
    expect(survey.state()).toBe('notOffered');
    expect(survey.calls).toEqual(['load', 'log: The survey could not be loaded']);
  });
});

describe('onboarding survey: answering', () => {
  it('keeps the answers: one option for single, any options for multiple, a text', async () => {
    const survey = await answered();
    survey.actor.send({ type: 'survey.optionChosen', questionId: 'goal', value: 'awareness' });
    survey.actor.send({ type: 'survey.optionToggled', questionId: 'channels', value: 'print' });
    expect(survey.context().answers).toEqual({
      goal: 'awareness',
      channels: ['mail'],
      notes: 'Bakery, two shops',
    });
  });

  it('sends the answers once and thanks the customer', async () => {
    const stored = deferred<void>();
    const survey = await answered({ saveSurvey: () => stored.promise });
    survey.actor.send({ type: 'survey.submit' });
    expect(survey.state()).toEqual({ offered: 'saving' });
    expect(survey.actor.getSnapshot().hasTag('busy')).toBe(true);
    // A commit: the API stores the answers whatever the page does, so closing it waits for the answer.
    expect(survey.actor.getSnapshot().hasTag('committing')).toBe(true);
    survey.actor.send({ type: 'survey.submit' });
    survey.actor.send({ type: 'survey.decline' });
    stored.resolve();
    await flush();
    expect(survey.state()).toBe('thanked');
    expect(survey.saved).toEqual([
      {
        survey_id: 'onboarding-2027',
        declined: false,
        answers: { goal: 'leads', channels: ['print', 'mail'], notes: 'Bakery, two shops' },
      },
    ]);
  });

  it('"Not now" ends the offer for good: the decline is saved, and the survey goes away', async () => {
    const survey = await answered();
    survey.actor.send({ type: 'survey.decline' });
    expect(survey.state()).toEqual({ offered: 'declining' });
    expect(survey.actor.getSnapshot().hasTag('committing')).toBe(true);
    await flush();
    expect(survey.state()).toBe('declined');
    expect(survey.saved).toEqual([{ survey_id: 'onboarding-2027', declined: true, answers: {} }]);
  });

  it('409 (answered in another tab) counts as done: thanks for answers, gone for a decline', async () => {
    const already = () =>
      Promise.reject(new SurveyNotSaved(409, 'You already answered this survey. Thank you!'));
    const answering = await answered({ saveSurvey: already });
    answering.actor.send({ type: 'survey.submit' });
    const declining = await answered({ saveSurvey: already });
    declining.actor.send({ type: 'survey.decline' });
    await flush();
    expect(answering.state()).toBe('thanked');
    expect(declining.state()).toBe('declined');
  });
});

describe('onboarding survey: a save that fails', () => {
  it('a lost connection keeps the answers, says what to do, and sending again works', async () => {
    let attempt = 0;
    const survey = await answered({
      saveSurvey: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('We could not reach Adlane. Check your connection and try again.');
      },
    });
    const typed = survey.context().answers;
    survey.actor.send({ type: 'survey.submit' });
    await flush();
    expect(survey.state()).toEqual({ offered: 'saveFailed' });
    expect(survey.actor.getSnapshot().hasTag('committing')).toBe(false);
    expect(survey.context().error).toBe(
      'Your answers could not be sent. Check your connection and try again.',
    );
    // Logged too: the page may have closed before the answer came.
    expect(survey.calls).toContain('log: The survey could not be saved');
    expect(survey.context().answers).toEqual(typed);
    // Still editable, and sent as they are now.
    survey.actor.send({ type: 'survey.textChanged', questionId: 'notes', text: 'Bakery, three shops' });
    survey.actor.send({ type: 'survey.submit' });
    expect(survey.context().error).toBeNull();
    await flush();
    expect(survey.state()).toBe('thanked');
    expect(survey.saved.map((body) => body.answers?.notes)).toEqual([
      'Bakery, two shops',
      'Bakery, three shops',
    ]);
  });

  it('no answer in 30 s: the save failed, the answers are kept, and sending again works', async () => {
    let attempt = 0;
    const survey = await answered({
      saveSurvey: () => {
        attempt += 1;
        return attempt === 1 ? new Promise(() => {}) : Promise.resolve();
      },
    });
    const typed = survey.context().answers;
    survey.actor.send({ type: 'survey.submit' });
    survey.clock.increment(29_999);
    expect(survey.state()).toEqual({ offered: 'saving' });
    survey.clock.increment(1);
    expect(survey.state()).toEqual({ offered: 'saveFailed' });
    expect(survey.actor.getSnapshot().hasTag('committing')).toBe(false);
    expect(survey.context().error).toBe('Adlane did not answer in time. Your answers are kept: try again.');
    expect(survey.calls).toContain('log: The survey could not be saved');
    expect(survey.context().answers).toEqual(typed);
    survey.actor.send({ type: 'survey.submit' });
    await flush();
    expect(survey.state()).toBe('thanked');
  });

  it('a decline with no answer in 30 s failed too (in the configured product\'s name), and "Not now" again sends it again', async () => {
    let attempt = 0;
    const survey = await answered(
      {
        saveSurvey: () => {
          attempt += 1;
          return attempt === 1 ? new Promise(() => {}) : Promise.resolve();
        },
      },
      'Mailbox Media',
    );
    survey.actor.send({ type: 'survey.decline' });
    survey.clock.increment(30_000);
    expect(survey.state()).toEqual({ offered: 'saveFailed' });
    expect(survey.context().error).toBe(
      'Mailbox Media did not answer in time. Your answers are kept: try again.',
    );
    survey.actor.send({ type: 'survey.decline' });
    await flush();
    expect(survey.state()).toBe('declined');
  });

  it("a refusal shows the API's sentence; the answers stay", async () => {
    const survey = await answered({
      saveSurvey: async () => Promise.reject(new SurveyNotSaved(422, 'Choose one of the options for goal.')),
    });
    survey.actor.send({ type: 'survey.submit' });
    await flush();
    expect(survey.state()).toEqual({ offered: 'saveFailed' });
    expect(survey.context().error).toBe('Choose one of the options for goal.');
    expect(survey.context().answers.goal).toBe('leads');
  });

  it('a decline that fails says so, and "Not now" again sends it again', async () => {
    let attempt = 0;
    const survey = await answered({
      saveSurvey: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('offline');
      },
    });
    survey.actor.send({ type: 'survey.decline' });
    await flush();
    expect(survey.state()).toEqual({ offered: 'saveFailed' });
    survey.actor.send({ type: 'survey.decline' });
    await flush();
    expect(survey.state()).toBe('declined');
    expect(survey.calls).toEqual([
      'load',
      'save declined',
      'log: The survey could not be saved',
      'save declined',
    ]);
  });
});
