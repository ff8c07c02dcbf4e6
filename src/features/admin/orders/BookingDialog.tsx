import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../../../ui/Button';

/** "Confirm booking": the publisher's reference for every run not ended. */
export function BookingDialog({
  open,
  busy,
  error,
  onBook,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onBook(reference: string): void;
  onClose(): void;
}) {
  const [reference, setReference] = useState('');
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-bold text-ink">Confirm the booking</DialogTitle>
          <form
            className="mt-4 grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onBook(reference);
            }}
          >
            <label className="grid gap-1 text-sm font-semibold text-ink">
              Publisher's reference
              <input
                value={reference}
                onChange={(e) => setReference(e.target.value)}
                maxLength={80}
                required
                className="h-10 rounded-button border border-primary-200 px-3"
              />
            </label>
            {error ? (
              <p role="alert" className="text-sm text-coral-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
              <Button type="button" variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" disabled={busy}>
                Confirm booking
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
