import { TextField } from '../../ui/form/TextField';

/** The visitor's own e-mail address, so every form asks for it alike and browsers fill it in. */
export function EmailField({
  label = 'E-mail',
  readOnly,
  value,
  onValueChange,
  error,
  hint,
}: {
  label?: string;
  readOnly?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      required
      readOnly={readOnly}
      value={value}
      onValueChange={onValueChange}
      error={error}
      hint={hint}
    />
  );
}
