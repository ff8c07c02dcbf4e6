import { type ReactNode, useId } from 'react';

/**
 * A field's label tied to its control by id, not by wrapping it: a wrapped select's name would take
 * in its chosen option's text ("Kind Choose…"), and a wrapped text field's its value.
 */
export function Labelled({
  label,
  className = 'grid gap-1 text-sm font-semibold text-ink',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
