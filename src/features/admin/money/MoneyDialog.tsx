import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A money dialog's frame: its title, then a form whose buttons the dialog chooses (a payment is
 * reviewed before it is recorded). Escape or a click outside closes it; nothing is sent by closing.
 */
export function MoneyDialog({
  title,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="max-h-[calc(100dvh-2rem)] w-full max-w-xl overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
          <form
            noValidate
            className="mt-4 grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A field's sentence under it, tied to it by `id` (the control's aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-semibold text-coral-700">
      {message}
    </p>
  );
}

export const moneyInputClasses = (error: string | undefined) =>
  `h-10 w-full rounded-button border-2 bg-white px-3 text-ink ${error ? 'field-error' : 'border-primary-100 focus:border-primary'}`;
