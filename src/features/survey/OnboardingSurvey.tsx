import { type FormEvent, useEffect, useState } from 'react';
import type { SurveyDetails } from '../../../contract/platform';
import { fetchSurvey, saveSurvey } from '../../api/platform';
import { Button } from '../../ui/Button';

type Answers = Record<string, string | string[]>;

/**
 * The onboarding survey (GET /surveymonkey/details, POST /surveymonkey/save): offered once to a new
 * customer, in the page rather than over it. Answering or "Not now" both end the offer for good.
 */
export function OnboardingSurvey() {
  const [survey, setSurvey] = useState<SurveyDetails | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [state, setState] = useState<'open' | 'saving' | 'thanks' | 'closed'>('open');
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    fetchSurvey()
      .then((result) => current && result.ok && setSurvey(result.data))
      .catch((reason: unknown) => console.warn(reason));
    return () => {
      current = false;
    };
  }, []);

  if (!survey || survey.done || survey.account_age_days > survey.offer_days || state === 'closed')
    return null;
  if (state === 'thanks')
    return (
      <p role="status" className="rounded-2xl bg-mint-100 px-4 py-3 font-semibold text-mint-700">
        Thank you: we will use this to show you what fits your business.
      </p>
    );

  const save = async (declined: boolean) => {
    setState('saving');
    setError('');
    try {
      const result = await saveSurvey({
        survey_id: survey.survey_id,
        declined,
        answers: declined ? {} : answers,
      });
      if (result.ok || result.status === 409) setState(declined ? 'closed' : 'thanks');
      else {
        setError(result.message);
        setState('open');
      }
    } catch {
      setError('Your answers could not be sent. Check your connection and try again.');
      setState('open');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  const toggle = (id: string, value: string) => {
    const chosen = Array.isArray(answers[id]) ? (answers[id] as string[]) : [];
    setAnswers({
      ...answers,
      [id]: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value],
    });
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
              value={typeof answers[question.id] === 'string' ? (answers[question.id] as string) : ''}
              onChange={(event) => setAnswers({ ...answers, [question.id]: event.target.value })}
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
                        multiple
                          ? toggle(question.id, option.value)
                          : setAnswers({ ...answers, [question.id]: option.value })
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
        <Button type="submit" disabled={state === 'saving'}>
          {state === 'saving' ? 'Sending…' : 'Send answers'}
        </Button>
        <Button variant="ghost" disabled={state === 'saving'} onClick={() => void save(true)}>
          Not now
        </Button>
      </div>
    </form>
  );
}
