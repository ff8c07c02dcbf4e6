import type { FormEvent, ReactNode } from 'react';
import { ReadyFieldset } from '../ReadyFieldset';

/**
 * A form the app validates and sends itself (noValidate), whose fields stay disabled until the app
 * has taken a page the server drew over (ReadyFieldset): the browser never sends it on its own.
 */
export function Form({
  onSubmit,
  className = 'flex flex-col gap-4',
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <ReadyFieldset>{children}</ReadyFieldset>
    </form>
  );
}
