import type { z } from 'zod';
import { formatCount } from '../../contract/money';
import type { SurveySaveBody, surveyQuestion } from '../../contract/platform';

type SurveyQuestion = z.infer<typeof surveyQuestion>;

/** The onboarding survey: asked once, of customers whose account is younger than `OFFER_DAYS`. */
export const SURVEY_ID = 'onboarding-2026';
export const SURVEY_TITLE = 'Help us tailor Adlane to your business';
export const OFFER_DAYS = 30;
/** Longest free-text answer (the contract allows 1,000 characters; this is what we keep). */
export const TEXT_ANSWER_MAX = 1000;

export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  {
    id: 'advertise',
    text: 'What do you advertise?',
    kind: 'single',
    options: [
      { value: 'restaurant', label: 'A restaurant, café or bar' },
      { value: 'retail', label: 'A shop or retail brand' },
      { value: 'home_services', label: 'Home services (contractors, cleaning, landscaping)' },
      { value: 'health', label: 'Health, fitness or wellness' },
      { value: 'real_estate', label: 'Real estate' },
      { value: 'professional', label: 'Professional services (legal, finance, insurance)' },
      { value: 'events', label: 'Events, arts or entertainment' },
      { value: 'nonprofit', label: 'A nonprofit or public campaign' },
      { value: 'other', label: 'Something else' },
    ],
  },
  {
    id: 'media',
    text: 'Which kinds of advertising are you considering? Choose any.',
    kind: 'multiple',
    options: [
      { value: 'printmag', label: 'Magazines' },
      { value: 'tv', label: 'TV' },
      { value: 'ctv', label: 'Connected TV and streaming' },
      { value: 'dooh', label: 'Digital billboards and screens' },
      { value: 'online', label: 'Online ads' },
      { value: 'direct_mail', label: 'Direct mail' },
      { value: 'email', label: 'E-mail lists' },
      { value: 'not_sure', label: 'Not sure yet' },
    ],
  },
  {
    id: 'heard',
    text: 'How did you hear about Adlane?',
    kind: 'single',
    options: [
      { value: 'search', label: 'A web search' },
      { value: 'social', label: 'Social media' },
      { value: 'colleague', label: 'A friend or colleague' },
      { value: 'sales_rep', label: 'An Adlane representative' },
      { value: 'ad', label: 'An ad' },
      { value: 'event', label: 'An event or trade show' },
      { value: 'other', label: 'Somewhere else' },
    ],
  },
  {
    id: 'anything_else',
    text: 'Anything else you would like us to know?',
    kind: 'text',
    options: [],
  },
];

export type SurveyAnswers = Record<string, string | string[]>;

/**
 * Checks a save against the survey's questions: answers keyed by question, single choices among the
 * options offered, multiple choices as a list of them (one string counts as a list of one), text up
 * to `TEXT_ANSWER_MAX`. Answers the cleaned answers, or one message per field at fault (`answers.media`).
 */
export function checkAnswers(
  body: Required<Pick<SurveySaveBody, 'survey_id' | 'answers'>> & { declined: boolean },
): { ok: true; answers: SurveyAnswers } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (body.survey_id !== SURVEY_ID) {
    errors.survey_id = `There is no survey "${body.survey_id.slice(0, 64)}". The current survey is ${SURVEY_ID}.`;
    return { ok: false, errors };
  }
  if (body.declined) return { ok: true, answers: {} };
  const questions = new Map(SURVEY_QUESTIONS.map((q) => [q.id, q]));
  const answers: SurveyAnswers = {};
  for (const [id, raw] of Object.entries(body.answers)) {
    const field = `answers.${id.slice(0, 64)}`;
    const question = questions.get(id);
    if (!question) {
      errors[field] = `This survey has no question "${id.slice(0, 64)}".`;
      continue;
    }
    const offered = new Set(question.options.map((o) => o.value));
    if (question.kind === 'text') {
      if (typeof raw !== 'string') {
        errors[field] = 'Write this answer as text.';
      } else if (raw.trim().length > TEXT_ANSWER_MAX) {
        errors[field] = `Keep this answer under ${formatCount(TEXT_ANSWER_MAX)} characters.`;
      } else if (raw.trim()) {
        answers[id] = raw.trim();
      }
    } else if (question.kind === 'single') {
      if (typeof raw !== 'string') errors[field] = 'Choose one answer.';
      else if (raw === '') continue;
      else if (!offered.has(raw)) errors[field] = `"${raw.slice(0, 200)}" is not one of the answers offered.`;
      else answers[id] = raw;
    } else {
      const chosen = [...new Set(typeof raw === 'string' ? [raw].filter(Boolean) : raw)];
      const unknown = chosen.find((value) => !offered.has(value));
      if (unknown !== undefined)
        errors[field] = `"${unknown.slice(0, 200)}" is not one of the answers offered.`;
      else if (chosen.length > 0)
        answers[id] = question.options.map((o) => o.value).filter((v) => chosen.includes(v));
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(answers).length === 0) {
    return { ok: false, errors: { answers: 'Answer at least one question, or decline the survey.' } };
  }
  return { ok: true, answers };
}
