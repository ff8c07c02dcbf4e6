import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../ui/Button';

/**
 * A money dialog's frame: its title, then a form whose buttons the dialog chooses (a payment is
 * reviewed before it is recorded). Closing (Close, Escape or a click outside) goes through one guard:
 * while the money is being sent nothing closes, so the answer is always shown and the page refreshed;
 * with a typed draft it first asks whether to discard it, so a stray Escape or click loses nothing.
 * `children` gets that guarded close for the dialog's own Close button.
 */
export function MoneyDialog({
  title,
  discardQuestion,
  busy,
  dirty,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  /** Asked before a typed draft is thrown away: "Discard this payment?". */
  discardQuestion: string;
  /** The money is on its way: nothing closes until the answer is in. */
  busy: boolean;
  /** Something was typed that closing would lose. */
  dirty: boolean;
  onSubmit(): void;
  onClose(): void;
  children(requestClose: () => void): ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  return (
    <Dialog open onClose={requestClose} className="fixed inset-0 z-dialog">
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
            {children(requestClose)}
          </form>
          {asking ? (
            <div role="alert" className="mt-4 grid gap-3 rounded-xl border-2 border-coral-700 p-3">
              <p className="font-semibold text-ink">{discardQuestion} What you typed will be lost.</p>
              <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
                <Button type="button" variant="secondary" autoFocus onClick={() => setAsking(false)}>
                  Keep editing
                </Button>
                <Button type="button" onClick={onClose}>
                  Discard
                </Button>
              </div>
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The dialog's Close: refused with its reason while the money is on its way. */
export function CloseButton({ busy, onClick }: { busy: boolean; onClick(): void }) {
  return busy ? (
    <p className="self-center text-sm text-ink-soft">Sending: wait for the answer before closing.</p>
  ) : (
    <Button type="button" variant="secondary" onClick={onClick}>
      Close
    </Button>
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
