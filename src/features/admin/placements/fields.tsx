import { type ReactNode, useId, useState } from 'react';
import { inputClasses, TextField, type TextFieldProps } from '../../../ui/form/TextField';

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

/** A number typed in a field: the number, or null while the field is empty or not one. */
export const numberOf = (text: string): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
};

/**
 * What a number field shows: the text as typed while it still means the form's number ("12." and
 * "12.50" on the way to a price, an empty field whose number is `whenEmpty`), else the number itself
 * (the form was loaded or replaced by their version).
 */
export const shownNumberText = (typed: string, value: number, whenEmpty = 0): string =>
  (numberOf(typed) ?? whenEmpty) === value ? typed : String(value);

/** A number field of the editor: it keeps what is typed, and the form gets the number (an empty field: 0). */
export function NumberField({
  value,
  onNumberChange,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onValueChange'> & {
  value: number;
  onNumberChange: (value: number) => void;
}) {
  const [typed, setTyped] = useState(String(value));
  return (
    <TextField
      {...rest}
      value={shownNumberText(typed, value)}
      onValueChange={(text) => {
        setTyped(text);
        onNumberChange(numberOf(text) ?? 0);
      }}
    />
  );
}
