import type { FormEvent } from 'react';
import { useApp } from '../../system/AppContext';
import type { AppSystem } from '../../system/app';
import { Button } from '../../ui/Button';
import {
  useSurveyActor,
  useSurveyAnswers,
  useSurveyBusy,
  useSurveyDetails,
  useSurveyError,
  useSurveyShown,
} from './useSurvey';

const textOf = (answer: string | string[] | undefined) => (typeof answer === 'string' ? answer : '');

/**
 * The onboarding survey (GET /surveymonkey/details, POST /surveymonkey/save): offered once to a new
 * customer, in the page rather than over it. Answering or "Not now" both end the offer for good.
 */
export function OnboardingSurvey() {
  const app = useApp();
  return app ? <SurveyOffer app={app} /> : null;
}

function SurveyOffer({ app }: { app: AppSystem }) {
  const actor = useSurveyActor(app);
  const shown = useSurveyShown(actor);
  const survey = useSurveyDetails(actor);
  const answers = useSurveyAnswers(actor);
  const error = useSurveyError(actor);
  const busy = useSurveyBusy(actor);

  if (shown === 'thanks')
    return (
      <p role="status" className="rounded-2xl bg-mint-100 px-4 py-3 font-semibold text-mint-700">
        Thank you: we will use this to show you what fits your business.
      </p>
    );
  if (shown === 'nothing' || !survey) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'survey.submit' });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="survey-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sunshine-300 bg-sunshine-100/60 p-5"
    >
      <div>
        <h3 id="survey-heading" className="text-lg font-extrabold text-ink">
          {survey.title}
        </h3>
        <p className="text-sm text-ink-soft">A few quick questions, so we can suggest placements that fit.</p>
      </div>
      {survey.questions.map((question) => (
        <fieldset key={question.id} className="flex flex-col gap-2">
          <legend className="mb-1 font-bold text-ink">{question.text}</legend>
          {question.kind === 'text' ? (
            <textarea
              aria-label={question.text}
              value={textOf(answers[question.id])}
              onChange={(event) =>
                actor.send({ type: 'survey.textChanged', questionId: question.id, text: event.target.value })
              }
              maxLength={1000}
              rows={2}
              className="rounded-xl border-2 border-primary-100 bg-white px-3 py-2 focus:border-primary"
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              {question.options.map((option) => {
                const multiple = question.kind === 'multiple';
                const value = answers[question.id];
                const checked = multiple
                  ? Array.isArray(value) && value.includes(option.value)
                  : value === option.value;
                return (
                  <label
                    key={option.value}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-primary-200 bg-white px-3 py-1.5 text-sm font-semibold has-checked:border-primary has-checked:bg-primary-50"
                  >
                    <input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={question.id}
                      checked={checked}
                      onChange={() =>
                        actor.send({
                          type: multiple ? 'survey.optionToggled' : 'survey.optionChosen',
                          questionId: question.id,
                          value: option.value,
                        })
                      }
                      className="accent-primary"
                    />
                    {option.label}
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>
      ))}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {/* Both keep the focus while the answers are on their way; the survey ignores a second send. */}
        <Button type="submit" inactive={busy}>
          {busy ? 'Sending…' : 'Send answers'}
        </Button>
        <Button variant="ghost" inactive={busy} onClick={() => actor.send({ type: 'survey.decline' })}>
          Not now
        </Button>
      </div>
    </form>
  );
}
