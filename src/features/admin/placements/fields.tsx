import { type ReactNode, useId } from 'react';
import { inputClasses } from '../../../ui/form/TextField';

/** A section of the placement editor: a fieldset with its legend. */
export function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-card border border-primary-100 p-4">
      <legend className="px-1 text-lg font-bold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled select of the editor. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={`${inputClasses} ${error ? 'field-error' : 'border-primary-100 focus:border-primary'}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-message`} className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A whole number typed in a field: the number, or null while the field is empty or not one. */
export const numberOf = (text: string): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
};
