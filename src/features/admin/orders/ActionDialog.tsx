import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';

/**
 * A back-office action's dialog: its form's fields, the refusal the server answered, "Close" and the
 * action's button (named as the action). Escape or a click outside closes it.
 */
export function ActionDialog({
  open,
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
          <form
            className="mt-4 grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
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
                {submitLabel}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
