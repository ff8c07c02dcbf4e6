import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useId } from 'react';
import { Button } from '../../ui/Button';

/** The reason's dialog: a decline says why, so the member knows what to change. */
export function DeclineDialog({
  open,
  fileName,
  reason,
  error,
  busy,
  onReason,
  onDecline,
  onCancel,
}: {
  open: boolean;
  fileName: string;
  reason: string;
  error: string | null;
  busy: boolean;
  onReason(reason: string): void;
  onDecline(): void;
  onCancel(): void;
}) {
  const field = useId();
  return (
    <Dialog open={open} onClose={onCancel} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-bold text-ink">
            Decline the approval of {fileName}?
          </DialogTitle>
          <form
            className="mt-4 grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              onDecline();
            }}
          >
            <label htmlFor={field} className="text-sm font-semibold text-ink">
              Why? They read this to know what to change.
            </label>
            <textarea
              id={field}
              value={reason}
              required
              maxLength={1000}
              rows={3}
              onChange={(event) => onReason(event.target.value)}
              className="rounded-xl border border-primary-100 p-3 text-ink"
            />
            {error ? (
              <p role="alert" className="text-sm font-semibold text-coral-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="secondary" onClick={onCancel}>
                Keep the request
              </Button>
              <Button type="submit" variant="danger" disabled={busy || reason.trim() === ''}>
                Decline
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
