import { useId } from 'react';
import { hasRouteFilters, type RouteFilters } from '../../../contract/directMail';
import { formatUsd } from '../../../contract/money';
import { useEddmActor } from './useEddm';
import { useHiddenRoutes, useRouteFilters } from './useTargeting';

type Bound = keyof RouteFilters;

interface Figure {
  /** What the person reads: "Median age". */
  label: string;
  min: Bound;
  max: Bound;
  /** The values offered (selects, not typing: each choice updates the totals at once). */
  steps: readonly number[];
  format: (value: number) => string;
}

const range = (from: number, to: number, step: number) =>
  Array.from(
    { length: Math.round((to - from) / step) + 1 },
    (_, i) => Math.round((from + i * step) * 100) / 100,
  );

/** The figures a route's households are filtered on, with the steps a person picks between. */
const FIGURES: readonly Figure[] = [
  {
    label: 'Household income',
    min: 'min_income',
    max: 'max_income',
    steps: range(20_000, 200_000, 10_000),
    format: (value) => `${formatUsd(value)} a year`,
  },
  {
    label: 'Median age',
    min: 'min_age',
    max: 'max_age',
    steps: range(20, 70, 5),
    format: (value) => `${value} years`,
  },
  {
    label: 'Household size',
    min: 'min_household_size',
    max: 'max_household_size',
    steps: range(1, 4.5, 0.5),
    format: (value) => `${value} people`,
  },
];

/** "Household income $50,000 to $90,000 a year", one phrase per figure filtered on. */
function summaryOf(filters: RouteFilters): string[] {
  return FIGURES.flatMap((figure) => {
    const min = filters[figure.min];
    const max = filters[figure.max];
    if (min === null && max === null) return [];
    const text =
      min !== null && max !== null
        ? `${figure.format(min)} to ${figure.format(max)}`
        : min !== null
          ? `at least ${figure.format(min)}`
          : `at most ${figure.format(max ?? 0)}`;
    return [`${figure.label} ${text}`];
  });
}

const SELECT_CLASSES =
  'h-10 w-full rounded-xl border-2 border-primary-100 bg-white px-2 text-sm font-semibold text-ink focus:border-primary';

/**
 * "Who to reach": filters on who lives on a route. Routes that do not match are dimmed on the map and
 * left out of the mailing, never dropped: clearing a filter brings them back.
 */
export function RouteFiltersForm() {
  const eddmActor = useEddmActor();
  const filters = useRouteFilters();
  const hidden = useHiddenRoutes();
  const headingId = useId();
  const change = (bound: Bound, text: string) =>
    eddmActor.send({
      type: 'eddm.filtersChanged',
      filters: { ...filters, [bound]: text === '' ? null : Number(text) },
    });
  const summary = summaryOf(filters);

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-3"
    >
      <h3 id={headingId} className="font-display text-lg font-bold text-primary-900">
        Who to reach
      </h3>
      {FIGURES.map((figure) => {
        const min = filters[figure.min];
        const max = filters[figure.max];
        return (
          <fieldset key={figure.label} className="flex flex-col gap-1">
            <legend className="text-xs font-bold tracking-wide text-ink-muted uppercase">
              {figure.label}
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {(['min', 'max'] as const).map((end) => {
                const bound = figure[end];
                const value = filters[bound];
                return (
                  <label key={end} className="flex flex-col gap-0.5 text-xs font-semibold text-ink-soft">
                    {end === 'min' ? 'From' : 'To'}
                    <select
                      // The name holds the visible "From"/"To", for those who speak to their device.
                      aria-label={`${figure.label} ${end === 'min' ? 'from' : 'to'}`}
                      value={value === null ? '' : String(value)}
                      onChange={(event) => change(bound, event.target.value)}
                      className={SELECT_CLASSES}
                    >
                      <option value="">Any</option>
                      {figure.steps.map((step) => (
                        <option key={step} value={String(step)}>
                          {figure.format(step)}
                        </option>
                      ))}
                    </select>
                  </label>
                );
              })}
            </div>
            {min !== null && max !== null && min > max ? (
              <p className="text-xs font-semibold text-coral-700">
                The lowest is above the highest: no route can match.
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {hasRouteFilters(filters) ? (
        <div className="flex flex-col gap-2 rounded-2xl bg-primary-50 p-3 text-sm">
          <p>
            <span className="font-bold text-primary-900">Filtering on: </span>
            {summary.join(' · ')}
          </p>
          <button
            type="button"
            onClick={(event) => {
              // The button goes with the filters: the focus goes to the first filter, not the page.
              const form = event.currentTarget.form;
              eddmActor.send({ type: 'eddm.filtersCleared' });
              form?.querySelector('select')?.focus();
            }}
            className="self-start rounded-lg px-2 py-1 font-bold text-primary-700 underline hover:bg-white"
          >
            Clear filters
          </button>
          {hidden.length > 0 ? (
            <p className="text-ink-soft">
              {hidden.length} of your routes {hidden.length === 1 ? 'is' : 'are'} hidden by them.
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
