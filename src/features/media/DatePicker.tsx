import { format, parseISO } from 'date-fns';
import { Check } from 'lucide-react';
import type { Availability, AvailabilityOption } from '../../../contract/quote';
import { formatIssue } from '../../lib/dates';

interface DatePickerProps {
  availability: Availability;
  selected: readonly string[];
  onToggle: (value: string) => void;
}

/** Weeks grouped under their month; each week starts on a Monday (SPEC section 9). */
function byMonth(options: readonly AvailabilityOption[]) {
  const months = new Map<string, AvailabilityOption[]>();
  for (const option of options) {
    const month = format(parseISO(option.value), 'MMMM yyyy');
    months.set(month, [...(months.get(month) ?? []), option]);
  }
  return [...months];
}

function DateChip({
  option,
  text,
  selected,
  full,
  onToggle,
}: {
  option: AvailabilityOption;
  text: string;
  selected: boolean;
  full: boolean;
  onToggle: () => void;
}) {
  const disabled = !option.available || (full && !selected);
  const reason = option.unavailable === 'deadline-passed' ? 'Too late' : 'Sold out';
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      title={option.available ? `Ad due by ${format(parseISO(option.deadline), 'MMM d, yyyy')}` : reason}
      className="flex min-h-14 flex-col items-center justify-center rounded-xl border-2 border-primary-100 px-2 py-1.5 text-center text-sm font-semibold text-ink transition-colors hover:border-primary-300 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-white disabled:cursor-not-allowed disabled:border-dashed disabled:bg-primary-50/50 disabled:text-ink-muted disabled:hover:border-primary-100"
    >
      <span className="inline-flex items-center gap-1">
        {selected ? <Check aria-hidden="true" className="size-3.5" /> : null}
        {text}
      </span>
      <span className="text-[11px] font-medium opacity-80">{option.available ? '' : reason}</span>
    </button>
  );
}

/** The calendar of a placement: magazine issues, or flight weeks grouped by month. */
export function DatePicker({ availability, selected, onToggle }: DatePickerProps) {
  const full = selected.length >= availability.max_dates;
  if (availability.options.length === 0) {
    return (
      <p className="text-ink-soft">
        No dates are open for this placement right now. Call us and we will find one.
      </p>
    );
  }
  if (availability.kind === 'issues') {
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-bold text-ink">Issues</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {availability.options.map((option) => (
            <DateChip
              key={option.value}
              option={option}
              text={formatIssue(option.value)}
              selected={selected.includes(option.value)}
              full={full}
              onToggle={() => onToggle(option.value)}
            />
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-sm font-bold text-ink">Weeks (Monday to Sunday)</legend>
      {byMonth(availability.options).map(([month, options]) => (
        <div key={month}>
          <p className="mb-1.5 text-xs font-bold tracking-wide text-ink-muted uppercase">{month}</p>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {options.map((option) => (
              <DateChip
                key={option.value}
                option={option}
                text={`Mon ${format(parseISO(option.value), 'MMM d')}`}
                selected={selected.includes(option.value)}
                full={full}
                onToggle={() => onToggle(option.value)}
              />
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
