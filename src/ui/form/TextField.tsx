import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Something after the input inside its frame (a show-password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses =
  'h-12 w-full rounded-xl border-2 bg-white px-3.5 text-base text-ink transition-colors ' +
  'placeholder:text-ink-muted disabled:bg-primary-50 read-only:bg-primary-50/60 read-only:text-ink-soft';

/**
 * A labelled input. In error it has the light warm background, coral border and short shake of SPEC
 * section 5, and its message is tied to it for screen readers.
 */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  trailing,
  ref,
  className = '',
  ...rest
}: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-bold text-ink">
        {label}
        {rest.required ? null : <span className="font-medium text-ink-muted"> (optional)</span>}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // In error the coral border stays while typing; focus is still shown by the outline.
          className={`${inputClasses} ${trailing ? 'pr-24' : ''} ${error ? 'field-error' : 'border-primary-100 focus:border-primary'}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-2 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} className="text-sm font-semibold text-coral-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
