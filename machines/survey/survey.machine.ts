import { assign, fromPromise, setup } from 'xstate';
import type { SurveyDetails, SurveySaveBody } from '../../contract/platform';
import { COMMIT_TIMEOUT_MS, notAnsweredInTime } from '../failures';

/** The answers so far, by question id: one option, several, or a text. */
export type SurveyAnswers = Record<string, string | string[]>;

export type SurveyEvent =
  /** A question of kind `single`: this option, in place of any other. */
  | { type: 'survey.optionChosen'; questionId: string; value: string }
  /** A question of kind `multiple`: this option in or out. */
  | { type: 'survey.optionToggled'; questionId: string; value: string }
  | { type: 'survey.textChanged'; questionId: string; text: string }
  /** "Send answers" (again, after a failure). */
  | { type: 'survey.submit' }
  /** "Not now": the offer ends for good. */
  | { type: 'survey.decline' };

/** The API answered the save with a refusal (409: this customer answered or declined already). */
export class SurveyNotSaved extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SurveyNotSaved';
  }
}

export interface SurveyContext {
  survey: SurveyDetails | null;
  answers: SurveyAnswers;
  /** Why the last save failed (the answers are kept). */
  error: string | null;
  /** The product's configured name, which a save without an answer in time says. */
  productName: string;
}

const NOT_SENT = 'Your answers could not be sent. Check your connection and try again.';

/** Shown with the answers kept, and logged: the page may be gone by the time the answer comes. */
const SAVE_FAILED = [
  { type: 'showSaveError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  {
    type: 'logError',
    params: ({ event }: { event: { error: unknown } }) => ({
      message: 'The survey could not be saved',
      error: event.error,
    }),
  },
] as const;

/** No answer in time (commitTimeout): a failure like the others, the answers kept. */
const NOT_ANSWERED_IN_TIME = {
  target: 'saveFailed',
  actions: [
    'showNotAnswered',
    { type: 'logError', params: { message: 'The survey could not be saved', error: 'no answer in time' } },
  ],
} as const;

function surveyOf(context: SurveyContext): SurveyDetails {
  if (!context.survey) throw new Error('The survey is offered only once it is loaded.');
  return context.survey;
}

/**
 * The onboarding survey (GET /surveymonkey/details, POST /surveymonkey/save): offered once to a new
 * customer, in the page rather than over it. Answering, or "Not now", ends the offer for good; a
 * failed save keeps the answers, to send again.
 */
export const surveyMachine = setup({
  types: { context: {} as SurveyContext, events: {} as SurveyEvent, input: {} as { productName: string } },
  actors: {
    loadSurvey: fromPromise<SurveyDetails>(async () => {
      throw new Error('loadSurvey is supplied in src/system');
    }),
    /** Resolves once stored; rejects with SurveyNotSaved for a refusal, another error for no answer. */
    saveSurvey: fromPromise<void, SurveySaveBody>(async () => {
      throw new Error('saveSurvey is supplied in src/system');
    }),
  },
  actions: {
    // Effects, supplied in src/system.
    logError: (_, _params: { message: string; error: unknown }) => {},

    takeSurvey: assign((_, { survey }: { survey: SurveyDetails }) => ({ survey })),
    chooseOption: assign(({ context }, { questionId, value }: { questionId: string; value: string }) => ({
      answers: { ...context.answers, [questionId]: value },
    })),
    toggleOption: assign(({ context }, { questionId, value }: { questionId: string; value: string }) => {
      const previous = context.answers[questionId];
      const chosen = Array.isArray(previous) ? previous : [];
      return {
        answers: {
          ...context.answers,
          [questionId]: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value],
        },
      };
    }),
    writeText: assign(({ context }, { questionId, text }: { questionId: string; text: string }) => ({
      answers: { ...context.answers, [questionId]: text },
    })),
    clearError: assign({ error: null }),
    showSaveError: assign((_, { error }: { error: unknown }) => ({
      error: error instanceof SurveyNotSaved && error.message ? error.message : NOT_SENT,
    })),
    showNotAnswered: assign(({ context }) => ({
      error: notAnsweredInTime(context.productName, 'Your answers are kept: try again.'),
    })),
  },
  guards: {
    /** Answered or declined already (here or on another device). */
    isDone: (_, { survey }: { survey: SurveyDetails }) => survey.done,
    /** Offered to new customers only: accounts younger than the offer's days. */
    isPastOfferWindow: (_, { survey }: { survey: SurveyDetails }) =>
      survey.account_age_days > survey.offer_days,
    /** 409: answered or declined already (in another tab): the offer is over all the same. */
    isAlreadyAnswered: (_, { error }: { error: unknown }) =>
      error instanceof SurveyNotSaved && error.status === 409,
  },
  /** The longest a save is waited for: no answer by then is a failure, to send again. */
  delays: { commitTimeout: COMMIT_TIMEOUT_MS },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({ survey: null, answers: {}, error: null, productName: input.productName }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSurvey',
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => ({ survey: event.output }) },
            target: 'notOffered',
          },
          {
            guard: { type: 'isPastOfferWindow', params: ({ event }) => ({ survey: event.output }) },
            target: 'notOffered',
          },
          {
            target: 'offered',
            actions: { type: 'takeSurvey', params: ({ event }) => ({ survey: event.output }) },
          },
        ],
        // Nothing to offer: the page goes on without it.
        onError: {
          target: 'notOffered',
          actions: {
            type: 'logError',
            params: ({ event }) => ({ message: 'The survey could not be loaded', error: event.error }),
          },
        },
      },
    },
    notOffered: { type: 'final' },
    /**
     * The questions are shown; answers are kept while they are sent, and after a failure. Sending is a
     * commit (the API stores it whatever happens here): the page closing waits for its answer, until
     * commitTimeout.
     */
    offered: {
      on: {
        'survey.optionChosen': {
          actions: {
            type: 'chooseOption',
            params: ({ event }) => ({ questionId: event.questionId, value: event.value }),
          },
        },
        'survey.optionToggled': {
          actions: {
            type: 'toggleOption',
            params: ({ event }) => ({ questionId: event.questionId, value: event.value }),
          },
        },
        'survey.textChanged': {
          actions: {
            type: 'writeText',
            params: ({ event }) => ({ questionId: event.questionId, text: event.text }),
          },
        },
      },
      initial: 'answering',
      states: {
        answering: { on: { 'survey.submit': 'saving', 'survey.decline': 'declining' } },
        saving: {
          tags: ['busy', 'committing'],
          entry: 'clearError',
          after: { commitTimeout: NOT_ANSWERED_IN_TIME },
          invoke: {
            src: 'saveSurvey',
            input: ({ context }) => ({
              survey_id: surveyOf(context).survey_id,
              declined: false,
              answers: context.answers,
            }),
            onDone: '#survey.thanked',
            onError: [
              {
                guard: { type: 'isAlreadyAnswered', params: ({ event }) => ({ error: event.error }) },
                target: '#survey.thanked',
              },
              { target: 'saveFailed', actions: SAVE_FAILED },
            ],
          },
        },
        declining: {
          tags: ['busy', 'committing'],
          entry: 'clearError',
          after: { commitTimeout: NOT_ANSWERED_IN_TIME },
          invoke: {
            src: 'saveSurvey',
            input: ({ context }) => ({ survey_id: surveyOf(context).survey_id, declined: true, answers: {} }),
            onDone: '#survey.declined',
            onError: [
              {
                guard: { type: 'isAlreadyAnswered', params: ({ event }) => ({ error: event.error }) },
                target: '#survey.declined',
              },
              { target: 'saveFailed', actions: SAVE_FAILED },
            ],
          },
        },
        /** The message says why; the answers are all there, to send again (or decline again). */
        saveFailed: { on: { 'survey.submit': 'saving', 'survey.decline': 'declining' } },
      },
    },
    thanked: { type: 'final' },
    declined: { type: 'final' },
  },
});

export type SurveyMachine = typeof surveyMachine;
