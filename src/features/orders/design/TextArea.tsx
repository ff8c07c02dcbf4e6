import { useId } from 'react';

/** A labelled multi-line field, styled as the forms' text fields. */
export function TextArea({
  label,
  value,
  onValueChange,
  disabled = false,
  rows = 3,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  disabled?: boolean;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
        className="w-full rounded-xl border-2 border-primary-100 bg-white px-3.5 py-2.5 text-base text-ink focus:border-primary disabled:bg-primary-50"
      />
    </div>
  );
}
