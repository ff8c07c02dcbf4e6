import type { AvailabilityOption } from '../../../../contract/quote';
import { TextField } from '../../../ui/form/TextField';
import { EditorSection, numberOf, SelectField } from './fields';
import {
  type DraftRules,
  daysBeforeOf,
  leadDaysOf,
  type PresetId,
  presetOf,
  rulesOfPreset,
  SCHEDULE_PRESETS,
} from './schedulePresets';

type Exception = NonNullable<Extract<DraftRules, { exceptions?: unknown }>['exceptions']>[number];

/**
 * Issues or weeks from a rule (a preset), the ad's lead time, and exceptions by date: the dates on
 * sale as last saved, each closed, sold out or given another deadline (a closed one stays listed so
 * it can be opened again).
 */
export function ScheduleSection({
  rules,
  dates,
  errors,
  onChange,
}: {
  rules: DraftRules;
  dates: readonly AvailabilityOption[];
  errors: Record<string, string>;
  onChange: (rules: DraftRules) => void;
}) {
  const preset = presetOf(rules);
  const dated = rules.kind !== 'none';
  const exceptions: Exception[] = dated ? (rules.exceptions ?? []) : [];
  const listed = [
    ...dates.map((d) => ({
      value: d.value,
      label: d.label,
      deadline: d.deadline,
      unavailable: d.unavailable,
    })),
    ...exceptions
      .filter((e) => e.closed && !dates.some((d) => d.value === e.value))
      .map((e) => ({ value: e.value, label: e.value, deadline: '', unavailable: null })),
  ].sort((a, b) => a.value.localeCompare(b.value));

  const setException = (value: string, change: Partial<Exception>) => {
    if (!dated) return;
    const current = exceptions.find((e) => e.value === value) ?? { value };
    const next = { ...current, ...change };
    const kept = exceptions.filter((e) => e.value !== value);
    const empty = !next.closed && !next.sold_out && !next.deadline;
    onChange({ ...rules, exceptions: empty ? kept : [...kept, next] });
  };

  return (
    <EditorSection title="Schedule">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Issues or weeks"
          value={preset ?? 'custom'}
          onChange={(id) => id !== 'custom' && onChange(rulesOfPreset(id as PresetId, rules))}
          options={[
            ...(preset ? [] : [{ value: 'custom', label: 'As set (another pattern)' }]),
            ...SCHEDULE_PRESETS.map((p) => ({ value: p.id, label: p.label })),
          ]}
          error={errors.schedule}
        />
        {dated ? (
          <TextField
            label="Ad due (days before)"
            name="schedule.lead_days"
            inputMode="numeric"
            value={rules.lead_days === undefined ? '' : String(daysBeforeOf(rules.lead_days))}
            onValueChange={(text) => {
              const days = numberOf(text);
              onChange({ ...rules, lead_days: days === null ? undefined : leadDaysOf(days) });
            }}
            hint={`Days before the ${rules.kind === 'issues' ? 'issue month' : 'week'} starts; empty: the channel’s (${rules.kind === 'issues' ? 31 : 3}).`}
            error={errors['schedule.lead_days']}
          />
        ) : null}
      </div>
      {dated ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-bold text-ink">Exceptions</legend>
          {listed.length === 0 ? (
            <p className="text-sm text-ink-muted">Save the schedule to see its dates.</p>
          ) : null}
          <ul className="grid gap-2">
            {listed.map((date) => {
              const exception = exceptions.find((e) => e.value === date.value);
              return (
                <li key={date.value} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <span className="w-40 font-semibold text-ink">{date.label}</span>
                  <label className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={exception?.closed === true}
                      aria-label={`Close ${date.label}`}
                      onChange={(event) =>
                        setException(date.value, { closed: event.target.checked || undefined })
                      }
                    />
                    Close
                  </label>
                  <label className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={exception?.sold_out === true}
                      aria-label={`${date.label} sold out`}
                      onChange={(event) =>
                        setException(date.value, { sold_out: event.target.checked || undefined })
                      }
                    />
                    Sold out
                  </label>
                  <label className="flex items-center gap-1">
                    Move deadline
                    <input
                      type="date"
                      value={exception?.deadline ?? ''}
                      aria-label={`Move the deadline of ${date.label}`}
                      onChange={(event) =>
                        setException(date.value, { deadline: event.target.value || undefined })
                      }
                      className="rounded-lg border border-primary-100 px-2 py-1"
                    />
                  </label>
                  {date.deadline && !exception?.deadline ? (
                    <span className="text-ink-muted">due {date.deadline}</span>
                  ) : null}
                  {date.unavailable === 'sold-out' && !exception?.sold_out ? (
                    <span className="text-ink-muted">sold out by the rules</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </EditorSection>
  );
}
